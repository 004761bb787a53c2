"use client";

import { Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { MonoId } from "@/components/ui/mono-id";
import type { McpServer } from "@/lib/api/lenient/mcp";
import { useCanWrite } from "@/lib/hooks/person";
import { mcpConnectionState, useConnectMcpServer, type Navigate } from "@/lib/hooks/use-mcp-servers";
import { McpServerConnect, McpServerError, McpServerTitle } from "./mcp-server-status";
import { TokenExpiry } from "./token-expiry";

/** One registered server: name, URL, connection state (and token expiry), Connect / Edit / Delete. */
export function McpServerRow({
  server,
  onEdit,
  onDelete,
  navigate,
}: {
  server: McpServer;
  onEdit: (server: McpServer) => void;
  onDelete: (server: McpServer) => void;
  navigate?: Navigate;
}) {
  const state = mcpConnectionState(server);
  const connect = useConnectMcpServer({ navigate });
  const canWrite = useCanWrite();
  return (
    <li data-testid="mcp-server-row" data-id={server.id} data-state={state} className="space-y-3 px-4 py-3">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <McpServerTitle server={server} state={state}>
            <h3 className="truncate font-medium" data-testid="mcp-server-name">
              <Link href={`/mcp-servers/${encodeURIComponent(server.id)}`} className="hover:underline">
                {server.name}
              </Link>
            </h3>
          </McpServerTitle>
          <p className="truncate font-mono text-xs text-muted-foreground" title={server.url}>
            {server.url}
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <MonoId id={server.id} label="server id" className="max-w-48" />
            <TokenExpiry server={server} />
          </div>
          <McpServerError server={server} state={state} className="text-xs" />
        </div>
        <div className={canWrite ? "flex items-center gap-1" : "hidden"}>
          <McpServerConnect
            server={server}
            state={state}
            pending={connect.isPending}
            onConnect={() => connect.mutate(server.id)}
            serverName={server.name}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit ${server.name}`}
            title="Edit"
            onClick={() => onEdit(server)}
          >
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${server.name}`}
            title="Delete"
            onClick={() => onDelete(server)}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      {connect.error ? (
        <ErrorPanel
          error={connect.error}
          title="Could not start the connection"
          onRetry={() => connect.mutate(server.id)}
        />
      ) : null}
    </li>
  );
}
