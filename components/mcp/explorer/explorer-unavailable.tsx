import { ErrorPanel } from "@/components/ui/error-panel";
import { explorerMissing } from "@/lib/hooks/use-mcp-explorer";

/** A tab whose list could not be loaded: a deployment without the explorer (404) says so; other errors as errors. */
export function ExplorerUnavailable({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  if (explorerMissing(error))
    return (
      <p
        className="rounded-lg border border-dashed border-border px-4 py-6 text-sm text-muted-foreground"
        data-testid="mcp-explorer-missing"
      >
        This deployment has no MCP explorer: its service does not offer the server&apos;s {what} to the dashboard.
      </p>
    );
  return <ErrorPanel error={error} title={`The server's ${what} could not be loaded`} onRetry={onRetry} />;
}
