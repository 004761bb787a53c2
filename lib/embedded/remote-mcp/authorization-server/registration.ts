import "server-only";
import { InvalidClientMetadataError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { OAuthClientMetadataSchema, type OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { AuthServerContext } from "./context";
import { InvalidRedirectUriError, RegistrationLimitError } from "./errors";
import { redirectUriProblem } from "./redirect-uris";
import { newSecret } from "./secrets";
import * as store from "./store";

/** A registration nobody approved is forgotten after this long. */
const UNAPPROVED_CLIENT_TTL_MS = 60 * 60_000;
/** How many unapproved registrations may wait at once (registration is open to anyone: this bounds what it stores). */
export const MAX_UNAPPROVED_CLIENTS = 100;

/** RFC 7591 registration of a public client (no secret: PKCE is the proof). */
export async function register(ctx: AuthServerContext, body: unknown): Promise<OAuthClientInformationFull> {
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.join(".") || "body";
    if (where.startsWith("redirect_uris")) throw new InvalidRedirectUriError(`${where}: ${first?.message}`);
    throw new InvalidClientMetadataError(`${where}: ${first?.message ?? "invalid"}`);
  }
  const meta = parsed.data;
  if (!meta.redirect_uris.length) throw new InvalidRedirectUriError("redirect_uris must name at least one URI");
  for (const uri of meta.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new InvalidRedirectUriError(problem);
  }
  const grantTypes = meta.grant_types ?? ["authorization_code", "refresh_token"];
  if (grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token"))
    throw new InvalidClientMetadataError("grant_types: only authorization_code and refresh_token are supported");
  if ((meta.response_types ?? ["code"]).some((r) => r !== "code"))
    throw new InvalidClientMetadataError("response_types: only code is supported");
  await refuseWhenTooManyWaiting(ctx);
  const clientId = newSecret("mcpc");
  const issuedAt = ctx.now();
  const info: OAuthClientInformationFull = {
    ...meta,
    grant_types: grantTypes,
    response_types: ["code"],
    // Public clients only: whatever was asked, no secret is issued.
    token_endpoint_auth_method: "none",
    client_id: clientId,
    client_id_issued_at: Math.floor(issuedAt.getTime() / 1000),
  };
  await store.insertClient(ctx.db, {
    clientId,
    kind: "registered",
    clientName: meta.client_name ?? null,
    clientUri: meta.client_uri ?? null,
    redirectUris: meta.redirect_uris,
    metadata: info as Record<string, unknown>,
    createdAt: issuedAt,
  });
  return info;
}

/**
 * Registration is open (RFC 7591, no sign-in), so what it stores is bounded: registrations nobody approved within
 * an hour are deleted, and while MAX_UNAPPROVED_CLIENTS wait, the next is refused (429, Retry-After: when the
 * oldest is forgotten). Counted in the database, so across instances.
 */
async function refuseWhenTooManyWaiting(ctx: AuthServerContext): Promise<void> {
  const now = ctx.now().getTime();
  await store.deleteUnapprovedClients(ctx.db, new Date(now - UNAPPROVED_CLIENT_TTL_MS));
  const n = await store.countUnapprovedClients(ctx.db);
  if (n < MAX_UNAPPROVED_CLIENTS) return;
  const oldest = await store.oldestUnapprovedAt(ctx.db);
  const retryAfterS = Math.max(1, Math.ceil(((oldest?.getTime() ?? now) + UNAPPROVED_CLIENT_TTL_MS - now) / 1000));
  throw new RegistrationLimitError(
    `${n} registrations are waiting for approval; try again in ${Math.ceil(retryAfterS / 60)} minutes.`,
    retryAfterS,
  );
}
