import "server-only";
import { InvalidRequestError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { AuthServerContext } from "./context";
import { sha256 } from "./secrets";
import * as store from "./store";

/** RFC 7009: revokes the token's grant (a refresh token) or the token (an access token). Unknown: nothing. */
export async function revoke(ctx: AuthServerContext, form: URLSearchParams): Promise<void> {
  const token = form.get("token");
  if (!token) throw new InvalidRequestError("token is missing");
  const row = await store.findToken(ctx.db, sha256(token));
  if (!row) return;
  const clientId = form.get("client_id");
  if (clientId && clientId !== row.clientId) return;
  if (row.kind === "refresh") await store.revokeGrantTokens(ctx.db, row.grantId, ctx.now());
  else await store.revokeToken(ctx.db, row.tokenHash, ctx.now());
}

/** Revokes every token of the client (it must be approved again); false when it has none live. */
export async function revokeClient(ctx: AuthServerContext, clientId: string): Promise<boolean> {
  const revoked = await store.revokeClientTokens(ctx.db, clientId, ctx.now());
  await store.closeClientCodes(ctx.db, clientId, ctx.now());
  return revoked > 0;
}
