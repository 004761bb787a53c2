import { Eye } from "lucide-react";
import { cn } from "@/components/ui/cn";

/**
 * Where a viewer would find the composer or an editing control: what they can and cannot do. `lead` replaces the
 * viewer's first sentence (a member reading a chat its privacy lets them read only).
 */
export function ReadOnlyNote({
  className,
  lead = "You have read-only access (viewer).",
  children,
}: {
  className?: string;
  lead?: string;
  children?: string;
}) {
  return (
    <p
      className={cn(
        "flex items-center gap-2 rounded-lg border border-border bg-muted/50 px-3 py-2.5 text-sm text-muted-foreground",
        className,
      )}
      data-testid="read-only-note"
    >
      <Eye className="size-4 shrink-0" aria-hidden />
      <span>
        {lead}
        {children ? ` ${children}` : ""}
      </span>
    </p>
  );
}
