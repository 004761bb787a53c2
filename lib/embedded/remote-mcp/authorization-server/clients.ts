import "server-only";
import { OAuthClientMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import { allowsPrivateFetch, isPrivateHost } from "../../outbound/addresses";
import type { RemoteMcpClientRow } from "../schema";
import { MAX_BODY_BYTES, type AuthServerContext } from "./context";
import { redirectUriProblem } from "./redirect-uris";
import * as store from "./store";

/** A client ID metadata document is fetched again when the stored copy is older than this. */
const METADATA_DOCUMENT_MAX_AGE_MS = 5 * 60_000;

type ClientMeta = { redirect_uris: string[]; client_name?: string; client_uri?: string };

/** An https client_id with a path: a client ID metadata document (draft-ietf-oauth-client-id-metadata-document). */
export function isMetadataDocumentId(clientId: string): boolean {
  try {
    const url = new URL(clientId);
    return url.protocol === "https:" && url.pathname !== "/" && !url.hash;
  } catch {
    return false;
  }
}

/** A registered client, or a metadata document client fetched (again when older than five minutes). */
export async function findClient(ctx: AuthServerContext, clientId: string): Promise<RemoteMcpClientRow | null> {
  const row = await store.findClient(ctx.db, clientId);
  if (!isMetadataDocumentId(clientId)) return row;
  if (row?.fetchedAt && ctx.now().getTime() - row.fetchedAt.getTime() < METADATA_DOCUMENT_MAX_AGE_MS) return row;
  const doc = await fetchMetadataDocument(ctx, clientId);
  if (!doc) return null;
  return store.saveDocumentClient(ctx.db, clientId, ctx.now(), {
    kind: "metadata_document",
    clientName: doc.client_name ?? null,
    clientUri: doc.client_uri ?? null,
    redirectUris: doc.redirect_uris,
    metadata: doc as Record<string, unknown>,
    fetchedAt: ctx.now(),
  });
}

/** The document at the client_id URL: JSON client metadata whose `client_id` is that URL; null when not usable. */
async function fetchMetadataDocument(
  ctx: AuthServerContext,
  clientId: string,
): Promise<(Record<string, unknown> & ClientMeta) | null> {
  if (!allowsPrivateFetch() && isPrivateHost(new URL(clientId).hostname)) return null;
  try {
    const res = await ctx.fetchDocument(clientId);
    if (!res.ok) return null;
    const text = await res.text();
    if (text.length > MAX_BODY_BYTES) return null;
    const json = JSON.parse(text) as Record<string, unknown>;
    if (json.client_id !== clientId) return null;
    const parsed = OAuthClientMetadataSchema.safeParse(json);
    if (!parsed.success || !parsed.data.redirect_uris.length) return null;
    if (parsed.data.redirect_uris.some((u) => redirectUriProblem(u))) return null;
    // A document names no secret: it describes a public client.
    if (parsed.data.token_endpoint_auth_method && parsed.data.token_endpoint_auth_method !== "none") return null;
    return { ...parsed.data, client_id: clientId };
  } catch {
    return null;
  }
}
