import "server-only";
import { isMetadataDocumentId, findClient } from "./clients";
import { isResource, type AuthServerContext } from "./context";
import { hostOf, redirectUriMatches, withParams } from "./redirect-uris";
import { newSecret, sha256 } from "./secrets";
import * as store from "./store";

/**
 * The authorize step. It is a dashboard page (it needs the dashboard's sign-in): the page asks `checkAuthorization`
 * what to show and `decide` where to send the browser.
 */

/** How long an authorization code may be exchanged. */
const CODE_TTL_S = 120;

/** An authorize request that may be shown to the person: who asks, where the answer goes, for what. */
export interface AuthorizationRequest {
  clientId: string;
  clientName: string | null;
  clientUri: string | null;
  /** A client ID metadata document (an https URL) rather than a registered client. */
  metadataDocument: boolean;
  redirectUri: string;
  redirectHost: string;
  state: string | null;
  codeChallenge: string;
  resource: string;
  scope: string | null;
}

export type AuthorizationCheck =
  | { ok: true; request: AuthorizationRequest }
  /** The client or its redirect URI is not trusted: show the error, never redirect. */
  | { ok: false; error: string; description: string }
  /** The client and redirect URI are fine but the request is not: the error goes back to the client. */
  | { ok: false; error: string; description: string; redirectTo: string };

/** Validates an authorize request (the dashboard page's query) before anything is shown. */
export async function checkAuthorization(
  ctx: AuthServerContext,
  params: Record<string, string | undefined>,
): Promise<AuthorizationCheck> {
  const clientId = params.client_id;
  if (!clientId) return { ok: false, error: "invalid_request", description: "client_id is missing." };
  const client = await findClient(ctx, clientId);
  if (!client)
    return {
      ok: false,
      error: "invalid_client",
      description: isMetadataDocumentId(clientId)
        ? "The client's metadata document could not be fetched or is not valid."
        : "This client is not registered.",
    };
  let redirectUri = params.redirect_uri;
  if (!redirectUri) {
    if (client.redirectUris.length !== 1)
      return { ok: false, error: "invalid_request", description: "redirect_uri is missing." };
    redirectUri = client.redirectUris[0]!;
  }
  if (!client.redirectUris.some((r) => redirectUriMatches(r, redirectUri)))
    return {
      ok: false,
      error: "invalid_request",
      description: "redirect_uri is not one of the client's registered redirect URIs.",
    };
  const state = params.state ?? null;
  const fail = (error: string, description: string): AuthorizationCheck => ({
    ok: false,
    error,
    description,
    redirectTo: withParams(redirectUri, { error, error_description: description, state, iss: ctx.issuer }),
  });
  if (params.response_type !== "code") return fail("unsupported_response_type", "response_type must be code.");
  if (!params.code_challenge || !/^[A-Za-z0-9._~-]{43,128}$/.test(params.code_challenge))
    return fail("invalid_request", "code_challenge is required (PKCE).");
  if (params.code_challenge_method !== "S256") return fail("invalid_request", "code_challenge_method must be S256.");
  if (!params.resource) return fail("invalid_target", `resource is required: ${ctx.resource}`);
  if (!isResource(ctx, params.resource)) return fail("invalid_target", `resource must be ${ctx.resource}`);
  return {
    ok: true,
    request: {
      clientId,
      clientName: client.clientName,
      clientUri: client.clientUri,
      metadataDocument: client.kind === "metadata_document",
      redirectUri,
      redirectHost: hostOf(redirectUri),
      state,
      codeChallenge: params.code_challenge,
      resource: ctx.resource,
      scope: params.scope || null,
    },
  };
}

/** The person's answer: where the browser goes (the client's redirect URI with a code, or with access_denied). */
export async function decide(
  ctx: AuthServerContext,
  params: Record<string, string | undefined>,
  approve: boolean,
  subject: string,
): Promise<AuthorizationCheck | { ok: true; redirectTo: string }> {
  const check = await checkAuthorization(ctx, params);
  if (!check.ok) return check;
  const r = check.request;
  if (!approve)
    return {
      ok: true,
      redirectTo: withParams(r.redirectUri, {
        error: "access_denied",
        error_description: "The request was denied.",
        state: r.state,
        iss: ctx.issuer,
      }),
    };
  const code = newSecret("mcpcode");
  await store.markClientApproved(ctx.db, r.clientId, ctx.now());
  await store.insertCode(ctx.db, {
    codeHash: sha256(code),
    clientId: r.clientId,
    redirectUri: r.redirectUri,
    codeChallenge: r.codeChallenge,
    resource: r.resource,
    scope: r.scope,
    subject,
    expiresAt: new Date(ctx.now().getTime() + CODE_TTL_S * 1000),
  });
  return { ok: true, redirectTo: withParams(r.redirectUri, { code, state: r.state, iss: ctx.issuer }) };
}
