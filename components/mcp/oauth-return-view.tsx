"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CircleCheck, CircleHelp, CircleX } from "lucide-react";
import Link from "next/link";
import { useEffect } from "react";
import { ErrorPanel } from "@/components/ui/error-panel";
import { MonoId } from "@/components/ui/mono-id";
import { Skeleton } from "@/components/ui/skeleton";
import { ServiceError } from "@/lib/api/errors";
import { queryKeys } from "@/lib/hooks/query-keys";
import { mcpConnectionState, useConnectMcpServer, useMcpServer, type Navigate } from "@/lib/hooks/use-mcp-servers";
import { ConnectButton } from "./connect-button";
import { ConnectionBadge } from "./connection-badge";
import { explainOAuthError, type OAuthReturn } from "./oauth-return-params";
import { TokenExpiry } from "./token-expiry";
import { TruncatedText } from "./truncated-text";

const linkClass =
  "inline-flex h-8 items-center gap-1.5 rounded-md border border-border bg-card px-3 text-sm font-medium text-foreground hover:bg-muted";

/** The server as the service reports it now (the round trip just changed it). */
function ServerNow({ mcpServerId }: { mcpServerId: string }) {
  const server = useMcpServer(mcpServerId);
  if (server.isPending) return <Skeleton className="h-14" />;
  if (server.error) {
    if (server.error instanceof ServiceError && server.error.status === 404)
      return <p className="text-sm text-muted-foreground">This server is no longer registered.</p>;
    return (
      <ErrorPanel
        error={server.error}
        title="The server's state could not be loaded"
        onRetry={() => void server.refetch()}
      />
    );
  }
  const s = server.data;
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border px-3 py-2"
      data-testid="oauth-result-server"
      data-state={mcpConnectionState(s)}
    >
      <span className="font-medium">{s.name}</span>
      <ConnectionBadge state={mcpConnectionState(s)} />
      <TokenExpiry server={s} />
      <MonoId id={s.id} label="server id" className="max-w-48" />
    </div>
  );
}

/**
 * The return-URL landing page (interface.md 6.3): success or a readable error (text only), the server's state
 * fetched fresh, "Back to MCP servers" and "Try again". It follows no URL from its query.
 */
export function OAuthReturnView({ result, navigate }: { result: OAuthReturn; navigate?: Navigate }) {
  const queryClient = useQueryClient();
  const connect = useConnectMcpServer({ navigate });
  const { outcome, mcpServerId, error, errorDescription } = result;

  useEffect(() => {
    // The round trip changed the server: the list (and any cached server) is stale.
    void queryClient.invalidateQueries({ queryKey: queryKeys.mcpServers() });
  }, [queryClient]);

  const explained = error ? explainOAuthError(error) : null;
  const title =
    outcome === "success" ? "Server connected" : outcome === "error" ? explained!.title : "No authorization result";
  const Icon = outcome === "success" ? CircleCheck : outcome === "error" ? CircleX : CircleHelp;

  return (
    <section
      data-testid="oauth-result"
      data-status={outcome === "success" ? "success" : "error"}
      aria-labelledby="oauth-result-title"
      className="space-y-5 rounded-xl border border-border bg-card p-6"
    >
      <div className="flex items-start gap-3">
        <Icon
          className={
            outcome === "success"
              ? "mt-0.5 size-6 shrink-0 text-success"
              : outcome === "error"
                ? "mt-0.5 size-6 shrink-0 text-danger"
                : "mt-0.5 size-6 shrink-0 text-muted-foreground"
          }
          aria-hidden
        />
        <div className="min-w-0 flex-1 space-y-1">
          <div role={outcome === "success" ? "status" : "alert"}>
            <h1 id="oauth-result-title" className="text-lg font-semibold">
              {title}
            </h1>
          </div>
          <p className="text-sm text-muted-foreground">
            {outcome === "success"
              ? "The provider approved the connection; the service stored the tokens and refreshes them on its own. Chats that list this server can use its tools."
              : outcome === "error"
                ? explained!.hint
                : "This page is where the provider sends you back after connecting an MCP server, but this link carries no result. Connect a server from the MCP servers page."}
          </p>
        </div>
      </div>

      {outcome === "error" ? (
        <div className="space-y-2 rounded-md border border-danger-border bg-danger-muted p-3">
          <p className="text-xs text-muted-foreground">
            Error code{" "}
            <code className="font-mono text-foreground" data-testid="oauth-error-code">
              {error}
            </code>
          </p>
          {errorDescription ? <TruncatedText text={errorDescription} testId="oauth-error-description" /> : null}
        </div>
      ) : null}

      {mcpServerId ? <ServerNow mcpServerId={mcpServerId} /> : null}

      {connect.error ? <ErrorPanel error={connect.error} title="Could not start the connection" /> : null}

      <div className="flex flex-wrap gap-2">
        <Link href="/mcp-servers" className={linkClass}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to MCP servers
        </Link>
        {outcome !== "success" && mcpServerId ? (
          <ConnectButton
            connected={false}
            label="Try again"
            pending={connect.isPending}
            onConnect={() => connect.mutate(mcpServerId)}
          />
        ) : null}
      </div>
    </section>
  );
}
