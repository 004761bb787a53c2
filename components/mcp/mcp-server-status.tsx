"use client";

import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import type { McpServer } from "@/lib/api/lenient/mcp";
import type { McpConnectionState } from "@/lib/hooks/use-mcp-servers";
import { ConnectButton } from "./connect-button";
import { ConnectionBadge } from "./connection-badge";

/**
 * A registered MCP server's status as its row (the servers list) and its page show it: the name (`title`) with the
 * connection badge and "disabled", why connecting failed, and Connect / Reconnect for an OAuth server.
 */
export function McpServerTitle({
  server,
  state,
  children,
}: {
  server: McpServer;
  state: McpConnectionState;
  /** The name, as the heading of where it is shown. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {children}
      <ConnectionBadge state={state} />
      {!server.enabled ? <span className="rounded bg-muted px-1.5 text-xs text-muted-foreground">disabled</span> : null}
    </div>
  );
}

/** Why connecting failed, when it did (the service's `auth.error`). */
export function McpServerError({
  server,
  state,
  className,
}: {
  server: McpServer;
  state: McpConnectionState;
  /** Its text size where it is shown. */
  className: string;
}) {
  if (state !== "error" || !server.auth.error) return null;
  return (
    <p className={cn(className, "break-words whitespace-pre-wrap text-danger")} data-testid="mcp-server-error">
      {server.auth.error}
    </p>
  );
}

/** Connect (Reconnect once connected) for a server that signs in with OAuth; nothing for the others. */
export function McpServerConnect({
  server,
  state,
  pending,
  onConnect,
  serverName,
}: {
  server: McpServer;
  state: McpConnectionState;
  pending: boolean;
  onConnect: () => void;
  /** Names the button for assistive technology where several servers are listed. */
  serverName?: string;
}) {
  if (server.auth.type !== "oauth") return null;
  return (
    <ConnectButton connected={state === "connected"} pending={pending} onConnect={onConnect} serverName={serverName} />
  );
}
