import { ExternalLink } from "lucide-react";
import { CopyButton } from "@/components/ui/copy-button";
import { httpUrlOrNull } from "@/components/ui/safe-url";

/** The site's URL with copy and open (a new tab); shown muted until the site is ready. */
export function DeploymentUrl({ url, ready }: { url: string; ready: boolean }) {
  // The URL comes from the service: linked only when it is http(s).
  const href = httpUrlOrNull(url);
  return (
    <span className="flex min-w-0 items-center gap-1">
      <code className="truncate font-mono text-xs text-muted-foreground" title={url} data-testid="deployment-url">
        {url}
      </code>
      <CopyButton value={url} label="Copy the site's URL" />
      {ready && href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Open the site in a new tab"
          title="Open the site"
          data-testid="open-deployment"
          className="inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      ) : null}
    </span>
  );
}
