import "server-only";
import type { RemoteMcpClientRow } from "../schema";
import type { AuthServerContext } from "./context";
import { hostOf } from "./redirect-uris";
import * as store from "./store";

/** A connected client as the dashboard lists it. */
export interface ConnectedClient {
  clientId: string;
  clientName: string | null;
  clientUri: string | null;
  redirectHosts: string[];
  metadataDocument: boolean;
  /** Approvals with live tokens. */
  grants: number;
  connectedAt: string;
  lastTokenAt: string;
}

/** Clients holding a live token (an unexpired access token or an unused refresh token), newest first. */
export async function connectedClients(ctx: AuthServerContext): Promise<ConnectedClient[]> {
  const rows = await store.liveTokensWithClients(ctx.db, ctx.now());
  const byClient = new Map<string, { client: RemoteMcpClientRow; grants: Set<string>; first: Date; last: Date }>();
  for (const { token, client } of rows) {
    const entry = byClient.get(client.clientId) ?? {
      client,
      grants: new Set<string>(),
      first: token.createdAt,
      last: token.createdAt,
    };
    entry.grants.add(token.grantId);
    if (token.createdAt < entry.first) entry.first = token.createdAt;
    if (token.createdAt > entry.last) entry.last = token.createdAt;
    byClient.set(client.clientId, entry);
  }
  // When a grant started: its code's approval is not kept, so the first live token stands for it.
  return [...byClient.values()]
    .sort((a, b) => b.last.getTime() - a.last.getTime())
    .map(({ client, grants, first, last }) => ({
      clientId: client.clientId,
      clientName: client.clientName,
      clientUri: client.clientUri,
      redirectHosts: [...new Set(client.redirectUris.map(hostOf))],
      metadataDocument: client.kind === "metadata_document",
      grants: grants.size,
      connectedAt: first.toISOString(),
      lastTokenAt: last.toISOString(),
    }));
}
