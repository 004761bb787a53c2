import "server-only";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { AuthServerContext } from "./context";
import { newSecret, sha256 } from "./secrets";
import * as store from "./store";

/** What a grant (one approval) is about. */
interface Grant {
  grantId: string;
  clientId: string;
  resource: string;
  scope: string | null;
  subject: string;
}

/** A new access token and refresh token of the grant (short-lived access, refresh for refreshTtlS). */
export async function issueTokens(ctx: AuthServerContext, grant: Grant): Promise<OAuthTokens> {
  const now = ctx.now();
  const access = newSecret("mcpat");
  const refresh = newSecret("mcprt");
  const common = { ...grant, createdAt: now };
  await store.insertTokens(ctx.db, [
    {
      ...common,
      tokenHash: sha256(access),
      kind: "access",
      expiresAt: new Date(now.getTime() + ctx.accessTtlS * 1000),
    },
    {
      ...common,
      tokenHash: sha256(refresh),
      kind: "refresh",
      expiresAt: new Date(now.getTime() + ctx.refreshTtlS * 1000),
    },
  ]);
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ctx.accessTtlS,
    refresh_token: refresh,
    ...(grant.scope ? { scope: grant.scope } : {}),
  };
}
