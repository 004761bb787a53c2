import "server-only";
import * as oauth from "oauth4webapi";
import {
  InvalidGrantError,
  InvalidRequestError,
  InvalidTargetError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { isResource, type AuthServerContext } from "./context";
import { issueTokens } from "./issue";
import { newSecret, sha256 } from "./secrets";
import * as store from "./store";

/** grant_type=authorization_code: the code, once, by the client it was issued to, with the PKCE verifier. */
export async function exchangeCode(
  ctx: AuthServerContext,
  form: URLSearchParams,
  clientId: string,
): Promise<OAuthTokens> {
  const code = form.get("code");
  const verifier = form.get("code_verifier");
  if (!code) throw new InvalidRequestError("code is missing");
  if (!verifier) throw new InvalidRequestError("code_verifier is missing");
  const now = ctx.now();
  // Used once: the row is claimed atomically; a second use finds it claimed and revokes what the first one got.
  const claimed = await store.claimCode(ctx.db, sha256(code), now);
  if (!claimed) {
    const used = await store.findCode(ctx.db, sha256(code));
    if (used?.grantId) await store.revokeGrantTokens(ctx.db, used.grantId, ctx.now());
    throw new InvalidGrantError("The authorization code is invalid or was already used.");
  }
  if (claimed.expiresAt <= now) throw new InvalidGrantError("The authorization code has expired.");
  if (claimed.clientId !== clientId) throw new InvalidGrantError("The code was issued to another client.");
  const redirectUri = form.get("redirect_uri");
  if (redirectUri !== claimed.redirectUri)
    throw new InvalidGrantError("redirect_uri does not match the authorization request.");
  const resource = form.get("resource");
  if (resource !== null && !isResource(ctx, resource))
    throw new InvalidTargetError(`resource must be ${claimed.resource}`);
  if ((await oauth.calculatePKCECodeChallenge(verifier)) !== claimed.codeChallenge)
    throw new InvalidGrantError("code_verifier does not match the code challenge.");
  const grantId = newSecret("grant");
  await store.setCodeGrant(ctx.db, claimed.codeHash, grantId);
  return issueTokens(ctx, {
    grantId,
    clientId: claimed.clientId,
    resource: claimed.resource,
    scope: claimed.scope,
    subject: claimed.subject,
  });
}
