"use client";

import { Plug, TriangleAlert } from "lucide-react";
import Link from "next/link";
import type { McpServer } from "@/lib/api/lenient/mcp";
import { ServiceError } from "@/lib/api/errors";
import { mcpConnectionState, useMcpServers, type McpConnectionState } from "@/lib/hooks/use-mcp-servers";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";

const STATE_LABEL: Record<McpConnectionState, string> = {
  connected: "connected",
  disconnected: "not connected",
  error: "error",
};
const STATE_TONE: Record<McpConnectionState, string> = {
  connected: "text-success",
  disconnected: "text-muted-foreground",
  error: "text-danger",
};

/** A service that does not know MCP servers (404/501) is "none registered", not an error. */
function isUnsupported(error: unknown): boolean {
  return error instanceof ServiceError && (error.status === 404 || error.status === 501);
}

/**
 * Picks the MCP servers a new chat may use (`mcpServerIds`), from GET /v2/mcp-servers through the proxy: each
 * with its name and connection state; a chosen server that is not connected gets a warning.
 */
export function McpServerPicker({ value, onChange }: { value: readonly string[]; onChange: (ids: string[]) => void }) {
  const { servers, isPending, error } = useMcpServers();
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  const chosenDisconnected = servers.filter((s) => value.includes(s.id) && mcpConnectionState(s) !== "connected");

  return (
    <fieldset data-testid="mcp-server-picker" className="space-y-1.5">
      <legend className="flex items-center gap-1.5 text-xs font-medium">
        <Plug className="size-3.5 text-muted-foreground" aria-hidden />
        MCP servers
      </legend>
      {isPending ? (
        <Skeleton className="h-6 w-48" />
      ) : error && !isUnsupported(error) ? (
        <p role="alert" className="text-xs text-danger">
          The MCP servers could not be loaded: {error instanceof Error ? error.message : String(error)}
        </p>
      ) : servers.length === 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="mcp-empty">
          No MCP servers registered.{" "}
          <Link href="/mcp-servers" className="underline underline-offset-2 hover:text-foreground">
            Register one
          </Link>
        </p>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          {servers.map((server) => (
            <ServerOption key={server.id} server={server} checked={value.includes(server.id)} onToggle={toggle} />
          ))}
        </ul>
      )}
      {chosenDisconnected.length ? (
        <p
          role="status"
          data-testid="mcp-warning"
          className="flex items-center gap-1.5 text-xs text-amber-700 dark:text-amber-400"
        >
          <TriangleAlert className="size-3.5 shrink-0" aria-hidden />
          {chosenDisconnected.map((s) => s.name).join(", ")} {chosenDisconnected.length === 1 ? "is" : "are"} not
          connected: the agent cannot use {chosenDisconnected.length === 1 ? "it" : "them"} until connected on the MCP
          servers page.
        </p>
      ) : null}
    </fieldset>
  );
}

function ServerOption({
  server,
  checked,
  onToggle,
}: {
  server: McpServer;
  checked: boolean;
  onToggle: (id: string, on: boolean) => void;
}) {
  const state = mcpConnectionState(server);
  return (
    <li>
      <label
        className={cn(
          "flex cursor-pointer items-center gap-1.5 rounded-md border px-2 py-1 text-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40",
          checked ? "border-ring bg-muted" : "border-border hover:bg-muted/60",
        )}
      >
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onToggle(server.id, e.target.checked)}
          className="accent-current"
        />
        <span className="font-medium">{server.name}</span>
        <span className={STATE_TONE[state]}>· {STATE_LABEL[state]}</span>
      </label>
    </li>
  );
}
