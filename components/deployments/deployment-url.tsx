import { CopyButton } from "@/components/ui/copy-button";
import { OpenInNewTab } from "@/components/ui/open-in-new-tab";
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
        <OpenInNewTab
          href={href}
          label="Open the site in a new tab"
          title="Open the site"
          testId="open-deployment"
          small
        />
      ) : null}
    </span>
  );
}
