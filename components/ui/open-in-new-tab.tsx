import { ExternalLink } from "lucide-react";
import { cn } from "./cn";

/**
 * An icon link that opens `href` in a new tab, without giving the page a handle on the opener or the referrer.
 * The caller vouches for `href` (http(s) only: components/ui/safe-url.ts).
 */
export function OpenInNewTab({
  href,
  label,
  title,
  testId,
  small = false,
}: {
  href: string;
  /** What a screen reader says, e.g. "Open the site in a new tab". */
  label: string;
  title: string;
  testId?: string;
  /** A 24 px box (in a line of text) instead of 28 px (in a toolbar). */
  small?: boolean;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={title}
      data-testid={testId}
      className={cn(
        "inline-flex items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground",
        small ? "size-6" : "size-7",
      )}
    >
      <ExternalLink className="size-3.5" aria-hidden />
    </a>
  );
}
