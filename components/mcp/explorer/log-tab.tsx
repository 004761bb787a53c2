"use client";

import { CircleCheck, CircleX, ScrollText, TriangleAlert } from "lucide-react";
import type { McpLogEntry } from "@/lib/api/schemas";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useMcpLog } from "@/lib/hooks/use-mcp-explorer";
import { ExplorerUnavailable } from "./explorer-unavailable";

/** What to do about a failed step, from what the log says. */
function adviceFor(entry: McpLogEntry): string {
  const d = entry.detail;
  if (/invalid_client|unauthorized_client/.test(d))
    return "The provider does not accept the client: check the client ID and secret in the server's settings, then connect again.";
  if (/invalid_grant/.test(d)) return "The provider no longer accepts the grant (revoked or expired): connect again.";
  if (/answered 401/.test(d))
    return "The MCP server refused the credentials: set the token or headers again, or connect again for OAuth.";
  if (/not a public host|not a public address/.test(d))
    return "The service connects only to public addresses. For a server on this machine or a private network, start the service with EMBEDDED_FETCH_ALLOW_PRIVATE=1.";
  if (/ECONNREFUSED|fetch failed|Could not connect/.test(d))
    return "Nothing answered at the server's URL: check the URL and that the server is running.";
  if (entry.step === "authorization") return "The provider refused the authorization: connect again and approve it.";
  return "See the steps below.";
}

const CONNECTING = new Set(["authorization", "token-exchange", "refresh", "initialize"]);

/** The Log tab: the last 100 steps, newest first; a failed last connection explained in words on top. */
export function LogTab({ mcpServerId }: { mcpServerId: string }) {
  const log = useMcpLog(mcpServerId, true);
  if (log.isPending) return <Skeleton className="h-40" />;
  if (log.error)
    return <ExplorerUnavailable error={log.error} what="connection log" onRetry={() => void log.refetch()} />;
  const entries = [...log.data.entries].reverse();
  if (!entries.length)
    return (
      <EmptyState icon={ScrollText} title="Nothing logged yet">
        Steps appear here when the service connects to the server: authorization, token exchange, refresh, initialize
        and each call.
      </EmptyState>
    );
  const lastConnecting = entries.find((e) => CONNECTING.has(e.step));
  const failed = lastConnecting && !lastConnecting.ok ? lastConnecting : null;
  return (
    <div className="space-y-4">
      {failed ? (
        <div
          role="alert"
          className="space-y-1 rounded-lg border border-danger-border bg-danger-muted p-4"
          data-testid="mcp-log-failure"
        >
          <p className="flex items-center gap-1.5 font-medium text-danger">
            <TriangleAlert className="size-4" aria-hidden />
            The last connection failed at the {failed.step} step
          </p>
          <p className="text-sm break-words">{failed.detail}</p>
          <p className="text-sm text-muted-foreground">{adviceFor(failed)}</p>
        </div>
      ) : null}
      <div className="flex items-center">
        <p className="text-sm text-muted-foreground">
          Newest first; tokens, secrets and header values are never shown.
        </p>
        <Button size="sm" variant="ghost" className="ml-auto" onClick={() => void log.refetch()}>
          Refresh
        </Button>
      </div>
      <ol aria-label="Connection log" className="divide-y divide-border rounded-lg border border-border bg-card">
        {entries.map((e, i) => (
          <li
            key={`${e.at}-${i}`}
            className="grid grid-cols-[auto_1fr] gap-x-2 px-3 py-2 text-sm"
            data-testid="mcp-log-entry"
            data-ok={e.ok}
          >
            {e.ok ? (
              <CircleCheck className="mt-0.5 size-4 text-success" aria-label="succeeded" />
            ) : (
              <CircleX className="mt-0.5 size-4 text-danger" aria-label="failed" />
            )}
            <div className="min-w-0">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <code className="font-mono text-xs font-medium">{e.step}</code>
                <time dateTime={e.at} className="text-xs text-muted-foreground">
                  {new Date(e.at).toLocaleString()}
                </time>
                {e.durationMs !== undefined ? (
                  <span className="text-xs text-muted-foreground">{e.durationMs} ms</span>
                ) : null}
              </p>
              <p className={e.ok ? "break-words text-muted-foreground" : "break-words text-danger"}>{e.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
