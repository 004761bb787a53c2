import "server-only";
import {
  InvalidClientError,
  InvalidGrantError,
  InvalidRequestError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { AuthServerContext } from "./context";
import { issueTokens } from "./issue";
import { sha256 } from "./secrets";
import * as store from "./store";

/**
 * How long a rotated refresh token is still honoured: a client's requests that met an expired access token at the same
 * moment each refresh with the token they hold (the MCP SDK refreshes per request), and all of them must go on.
 */
export const ROTATION_GRACE_MS = 10_000;

/**
 * grant_type=refresh_token with rotation: each refresh token is used once and replaced; presenting a used one again
 * (someone else may hold it) revokes the whole grant, unless it was first used less than ROTATION_GRACE_MS ago.
 */
export async function refresh(ctx: AuthServerContext, form: URLSearchParams, clientId: string): Promise<OAuthTokens> {
  const token = form.get("refresh_token");
  if (!token) throw new InvalidRequestError("refresh_token is missing");
  const hash = sha256(token);
  const row = await store.findToken(ctx.db, hash, "refresh");
  if (!row || row.clientId !== clientId) {
    // A client forgotten (never approved, or its rows pruned) is told so: MCP clients then register again.
    if (!(await store.clientExists(ctx.db, clientId))) throw new InvalidClientError("This client is not registered.");
    throw new InvalidGrantError("The refresh token is invalid.");
  }
  if (row.revokedAt) throw new InvalidGrantError("The refresh token was revoked.");
  if (row.expiresAt <= ctx.now()) throw new InvalidGrantError("The refresh token has expired.");
  const claimed = await store.claimToken(ctx.db, hash, ctx.now());
  if (!claimed) {
    const usedAt = row.usedAt ?? (await store.findToken(ctx.db, hash, "refresh"))?.usedAt;
    if (!usedAt || ctx.now().getTime() - usedAt.getTime() >= ROTATION_GRACE_MS) {
      // Reuse of a rotated refresh token: someone else may hold it; the whole grant ends.
      await store.revokeGrantTokens(ctx.db, row.grantId, ctx.now());
      throw new InvalidGrantError("The refresh token was already used; the grant is revoked.");
    }
  }
  // The access tokens issued before end with the refresh: a grant has one live access token at a time.
  await store.revokeGrantTokens(ctx.db, row.grantId, ctx.now(), "access");
  return issueTokens(ctx, {
    grantId: row.grantId,
    clientId: row.clientId,
    resource: row.resource,
    scope: row.scope,
    subject: row.subject,
  });
}
