"use client";

import { ArrowLeft, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useCanWrite } from "@/lib/hooks/person";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { MonoId } from "@/components/ui/mono-id";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { ServiceError } from "@/lib/api/errors";
import type { McpServer } from "@/lib/api/lenient/mcp";
import { mcpConnectionState, useConnectMcpServer, useMcpServer, type Navigate } from "@/lib/hooks/use-mcp-servers";
import { DeleteServerDialog } from "./delete-server-dialog";
import { EditServerDialog } from "./edit-server-dialog";
import { McpExplorer } from "./explorer/mcp-explorer";
import { McpServerConnect, McpServerError, McpServerTitle } from "./mcp-server-status";
import { TokenExpiry } from "./token-expiry";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

function Url({ value }: { value: string }) {
  return (
    <span className="inline-flex max-w-full min-w-0 items-center gap-1">
      <code className="truncate font-mono text-xs" title={value}>
        {value}
      </code>
      <CopyButton value={value} label="Copy URL" />
    </span>
  );
}

function OAuthSettings({ server }: { server: McpServer }) {
  const c = server.oauthConfig;
  if (server.auth.type === "none")
    return (
      <p className="text-sm text-muted-foreground">
        No authentication: the service calls the server without credentials.
      </p>
    );
  if (server.auth.type === "bearer")
    return (
      <dl className="divide-y divide-border">
        <Row label="Authentication">Bearer token</Row>
        <Row label="Token">Stored (never shown)</Row>
      </dl>
    );
  if (server.auth.type === "custom-headers")
    return (
      <dl className="divide-y divide-border">
        <Row label="Authentication">Custom headers</Row>
        <Row label="Headers">
          {server.auth.headerNames?.length ? (
            <code className="font-mono text-xs">{server.auth.headerNames.join(", ")}</code>
          ) : (
            "None"
          )}{" "}
          (values never shown)
        </Row>
      </dl>
    );
  if (!c)
    return (
      <p className="text-sm text-muted-foreground">
        The service does not show the OAuth settings (authentication: {server.auth.type}).
      </p>
    );
  return (
    <dl className="divide-y divide-border">
      <Row label="Authorization URL">
        <Url value={c.authorizationUrl} />
      </Row>
      <Row label="Token URL">
        <Url value={c.tokenUrl} />
      </Row>
      <Row label="Client">
        {c.clientId ? (
          <code className="font-mono text-xs">{c.clientId}</code>
        ) : (
          "The service's client metadata document"
        )}
      </Row>
      <Row label="Client secret">{c.hasClientSecret ? "Stored (never shown)" : "None"}</Row>
      <Row label="Scopes">
        {c.scopes.length ? <code className="font-mono text-xs">{c.scopes.join(" ")}</code> : "None"}
      </Row>
      <Row label="PKCE">{c.usePKCE ? "Yes (S256)" : "No"}</Row>
      <Row label="Resource">{c.resource ? <Url value={c.resource} /> : "Not sent"}</Row>
    </dl>
  );
}

/** One server (`/mcp-servers/[id]`): state, settings, and Connect / Edit / Delete. */
export function McpServerDetail({ mcpServerId, navigate }: { mcpServerId: string; navigate?: Navigate }) {
  const router = useRouter();
  const query = useMcpServer(mcpServerId);
  const connect = useConnectMcpServer({ navigate });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const canWrite = useCanWrite();

  const back = (
    <Link
      href="/mcp-servers"
      className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden />
      MCP servers
    </Link>
  );

  if (query.isPending)
    return (
      <div className="space-y-4" role="status" aria-label="Loading the MCP server">
        {back}
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-48" />
      </div>
    );
  if (query.error)
    return (
      <div className="space-y-4">
        {back}
        {query.error instanceof ServiceError && query.error.status === 404 ? (
          <p className="text-sm">This MCP server is not registered (it may have been deleted).</p>
        ) : (
          <ErrorPanel
            error={query.error}
            title="The MCP server could not be loaded"
            onRetry={() => void query.refetch()}
          />
        )}
      </div>
    );

  const server = query.data;
  const state = mcpConnectionState(server);
  return (
    <div className="space-y-6" data-testid="mcp-server-detail" data-id={server.id} data-state={state}>
      {back}
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <McpServerTitle server={server} state={state}>
            <h1 className="truncate text-xl font-semibold tracking-tight">{server.name}</h1>
          </McpServerTitle>
          <TokenExpiry server={server} />
          <McpServerError server={server} state={state} className="text-sm" />
        </div>
        <div className={canWrite ? "flex items-center gap-1" : "hidden"}>
          <McpServerConnect
            server={server}
            state={state}
            pending={connect.isPending}
            onConnect={() => connect.mutate(server.id)}
          />
          <Button size="sm" onClick={() => setEditing(true)}>
            <Pencil className="size-3.5" aria-hidden />
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
            <Trash2 className="size-3.5" aria-hidden />
            Delete
          </Button>
        </div>
      </div>
      {connect.error ? <ErrorPanel error={connect.error} title="Could not start the connection" /> : null}

      <section aria-labelledby="mcp-server-section" className="rounded-lg border border-border bg-card px-4 py-2">
        <h2 id="mcp-server-section" className="sr-only">
          Server
        </h2>
        <dl className="divide-y divide-border">
          <Row label="Server URL">
            <Url value={server.url} />
          </Row>
          <Row label="Id">
            <MonoId id={server.id} label="server id" />
          </Row>
          <Row label="Enabled">{server.enabled ? "Yes" : "No"}</Row>
          <Row label="Scope">{server.scope}</Row>
          <Row label="Registered">
            <RelativeTime iso={server.createdAt} />
          </Row>
          <Row label="Updated">
            <RelativeTime iso={server.updatedAt} />
          </Row>
        </dl>
      </section>

      <section aria-labelledby="mcp-oauth-section" className="space-y-2">
        <h2 id="mcp-oauth-section" className="text-sm font-medium text-muted-foreground">
          {server.auth.type === "oauth" ? "OAuth" : "Authentication"}
        </h2>
        <div className="rounded-lg border border-border bg-card px-4 py-2">
          <OAuthSettings server={server} />
        </div>
      </section>

      <section aria-labelledby="mcp-explorer-section" className="space-y-2">
        <h2 id="mcp-explorer-section" className="text-sm font-medium text-muted-foreground">
          Explorer
        </h2>
        <McpExplorer mcpServerId={server.id} />
      </section>

      <EditServerDialog server={editing ? server : null} onClose={() => setEditing(false)} />
      <DeleteServerDialog
        server={deleting ? server : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => router.push("/mcp-servers")}
      />
    </div>
  );
}
