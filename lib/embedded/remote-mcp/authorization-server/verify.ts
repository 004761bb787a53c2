import "server-only";
import type { AuthServerContext } from "./context";
import { sha256 } from "./secrets";
import * as store from "./store";

/** What /mcp learns from a valid access token. */
interface AccessGrant {
  clientId: string;
  subject: string;
  scope: string | null;
}

/** The grant behind `Authorization: Bearer <access token>` for this resource; null when none is valid. */
export async function verify(ctx: AuthServerContext, authorization: string | null): Promise<AccessGrant | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) return null;
  const row = await store.findToken(ctx.db, sha256(match[1]!), "access");
  if (!row || row.revokedAt || row.expiresAt <= ctx.now() || row.resource !== ctx.resource) return null;
  return { clientId: row.clientId, subject: row.subject, scope: row.scope };
}
