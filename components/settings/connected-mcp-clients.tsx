"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import { Spinner } from "@/components/ui/spinner";
import { SettingsSection } from "./settings-section";

/** A client connected to the embedded service's remote MCP endpoint (it holds a live token). */
interface McpClientView {
  clientId: string;
  clientName: string | null;
  redirectHosts: string[];
  metadataDocument: boolean;
  connectedAt: string;
  lastTokenAt: string;
}

const nameOf = (c: McpClientView) => c.clientName?.trim() || "Unnamed client";

/**
 * Settings → Connected MCP clients: who holds tokens for {mcp_url} (approved on the authorize page), with revoke
 * (every token of the client ends at once; it must be approved again). `clients` null: the embedded service is not
 * served by this dashboard.
 */
export function ConnectedMcpClients({ clients }: { clients: McpClientView[] | null }) {
  const router = useRouter();
  const [revoking, setRevoking] = useState<McpClientView | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setRevoking(null);
    setError(null);
  };
  const revoke = async (client: McpClientView) => {
    setPending(true);
    setError(null);
    try {
      const res = await fetch(`/api/mcp-clients/${encodeURIComponent(client.clientId)}`, { method: "DELETE" });
      if (!res.ok && res.status !== 404) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        setError(body?.message ?? `HTTP ${res.status}`);
        return;
      }
      toast.success(`Revoked ${nameOf(client)}`);
      close();
      router.refresh();
    } catch {
      setError("The dashboard could not be reached.");
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsSection
      id="mcp-clients"
      title="Connected MCP clients"
      description="Clients you approved to use the embedded service's MCP endpoint. Revoking one ends its access at once."
    >
      {clients === null ? (
        <p className="text-sm text-muted-foreground">The embedded service is not served by this dashboard.</p>
      ) : clients.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="mcp-clients-empty">
          No MCP client is connected.
        </p>
      ) : (
        <ul className="divide-y divide-border" data-testid="mcp-clients">
          {clients.map((c) => (
            <li
              key={c.clientId}
              className="flex items-center justify-between gap-4 py-2.5"
              data-testid="mcp-client"
              data-client-id={c.clientId}
            >
              <div className="min-w-0 space-y-0.5">
                <p className="truncate text-sm font-medium">{nameOf(c)}</p>
                <p className="truncate text-xs text-muted-foreground">
                  Returns to <span className="font-mono">{c.redirectHosts.join(", ")}</span>
                  {c.metadataDocument ? " · metadata document" : ""} · connected <RelativeTime iso={c.connectedAt} /> ·
                  last token <RelativeTime iso={c.lastTokenAt} />
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setRevoking(c)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AppDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : close())}
        title="Revoke MCP client?"
        testId="revoke-mcp-client-dialog"
        description={
          <>
            <span className="font-medium text-foreground">{revoking ? nameOf(revoking) : ""}</span> loses access to the
            MCP endpoint at once; it must be approved again to reconnect.
          </>
        }
      >
        <div className="space-y-4">
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button variant="danger" disabled={pending || !revoking} onClick={() => revoking && void revoke(revoking)}>
              {pending ? <Spinner /> : null}
              Revoke
            </Button>
          </div>
        </div>
      </AppDialog>
    </SettingsSection>
  );
}
