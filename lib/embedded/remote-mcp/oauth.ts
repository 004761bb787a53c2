import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, isNull, lt, or } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import {
  InvalidClientError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidTargetError,
  OAuthError,
  TooManyRequestsError,
  UnsupportedGrantTypeError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import {
  OAuthClientMetadataSchema,
  type OAuthClientInformationFull,
  type OAuthMetadata,
  type OAuthProtectedResourceMetadata,
  type OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Db } from "../store";
import { fetchPublicDocument, isPrivateHost } from "./public-fetch";
import { remoteMcpClients, remoteMcpCodes, remoteMcpTokens, type RemoteMcpClientRow } from "./schema";

/**
 * The remote MCP endpoint's own authorization server (OAuth 2.1 profile of the MCP authorization spec):
 * protected resource metadata (RFC 9728), authorization server metadata (RFC 8414), dynamic client registration
 * (RFC 7591) and client ID metadata documents, authorization code with PKCE S256 only, resource binding (RFC 8707),
 * short-lived access tokens, rotating refresh tokens with reuse detection, revocation (RFC 7009).
 *
 * The authorize step itself is a dashboard page (it needs the dashboard's sign-in): the page asks `checkAuthorization`
 * what to show and `decide` where to send the browser. Tokens are opaque random values (256 bits); only their
 * SHA-256 hashes are stored, so a database dump holds no usable token and a revoked token fails at once.
 */
interface RemoteMcpAuthOptions {
  db: Db;
  /** The service's {base_url} (the issuer); the protected resource is `{base_url}/mcp`. */
  publicBaseUrl: string;
  /** The dashboard's authorize page. */
  authorizeUrl: string;
  /** Access token lifetime in seconds; default 3600. */
  accessTokenTtlS?: number;
  /** Refresh token lifetime in seconds (each rotation starts a new one); default 30 days. */
  refreshTokenTtlS?: number;
  /** How client ID metadata documents are fetched (tests); default: public addresses only, 5 s, no redirects (public-fetch.ts). */
  fetchMetadataDocument?: (url: string) => Promise<Response>;
  now?: () => Date;
}

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

/** What /mcp learns from a valid access token. */
interface AccessGrant {
  clientId: string;
  subject: string;
  scope: string | null;
}

const CODE_TTL_S = 120;
/** A registration nobody approved is forgotten after this long. */
const UNAPPROVED_CLIENT_TTL_MS = 60 * 60_000;
/** How many unapproved registrations may wait at once (registration is open to anyone: this bounds what it stores). */
export const MAX_UNAPPROVED_CLIENTS = 100;
/** Expired codes and tokens are deleted this long after they expire (a code used again meanwhile still revokes). */
const EXPIRED_KEEP_MS = 24 * 3600_000;
/** Expired rows are looked for at most this often per instance (on registration and token requests). */
const PRUNE_EVERY_MS = 10 * 60_000;
const METADATA_DOCUMENT_MAX_AGE_MS = 5 * 60_000;
const MAX_BODY = 64 * 1024;

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const newToken = (prefix: string) => `${prefix}_${randomBytes(32).toString("base64url")}`;

const LOOPBACK_IPS = new Set(["127.0.0.1", "[::1]"]);

/**
 * Redirect URIs a client may register: https; http only on a loopback host (RFC 8252 7.3); a private-use scheme of
 * a native app (RFC 8252 7.1, e.g. `cursor://…`). Never with a fragment, never a scheme that runs or reads locally.
 */
function redirectUriProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `not a URL: ${raw}`;
  }
  if (url.hash) return `must not have a fragment: ${raw}`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:")
    return LOOPBACK_IPS.has(url.hostname) || url.hostname === "localhost"
      ? null
      : `http is allowed only on a loopback host: ${raw}`;
  if (["javascript:", "data:", "vbscript:", "file:", "blob:", "about:"].includes(url.protocol))
    return `scheme not allowed: ${raw}`;
  return null;
}

/** Exact match, except that a loopback IP redirect URI may use any port (RFC 8252 7.3). */
function redirectUriMatches(registered: string, given: string): boolean {
  if (registered === given) return true;
  try {
    const a = new URL(registered);
    const b = new URL(given);
    if (a.protocol !== "http:" || !LOOPBACK_IPS.has(a.hostname)) return false;
    a.port = "";
    b.port = "";
    return a.href === b.href;
  } catch {
    return false;
  }
}

function withParams(uri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/** An https client_id with a path: a client ID metadata document (draft-ietf-oauth-client-id-metadata-document). */
function isMetadataDocumentId(clientId: string): boolean {
  try {
    const url = new URL(clientId);
    return url.protocol === "https:" && url.pathname !== "/" && !url.hash;
  } catch {
    return false;
  }
}

/** Client ID metadata documents come from URLs anyone can name: fetched only from public addresses. */
const defaultFetchDocument = (url: string) => fetchPublicDocument(url, { timeoutMs: 5000, maxBytes: MAX_BODY });

export class RemoteMcpAuth {
  readonly issuer: string;
  /** `{base_url}/mcp`: the protected resource, the audience of every token. */
  readonly resource: string;
  /** `{base_url}/.well-known/oauth-protected-resource`: where a 401 points. */
  readonly resourceMetadataUrl: string;
  private readonly db: Db;
  private readonly accessTtlS: number;
  private readonly refreshTtlS: number;
  private readonly now: () => Date;
  private readonly fetchDocument: (url: string) => Promise<Response>;
  private lastPrunedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly opts: RemoteMcpAuthOptions) {
    this.db = opts.db;
    this.issuer = opts.publicBaseUrl.replace(/\/+$/, "");
    this.resource = `${this.issuer}/mcp`;
    this.resourceMetadataUrl = `${this.issuer}/.well-known/oauth-protected-resource`;
    this.accessTtlS = Math.max(1, Math.floor(opts.accessTokenTtlS ?? 3600));
    this.refreshTtlS = Math.max(60, Math.floor(opts.refreshTokenTtlS ?? 30 * 24 * 3600));
    this.now = opts.now ?? (() => new Date());
    this.fetchDocument = opts.fetchMetadataDocument ?? defaultFetchDocument;
  }

  protectedResourceMetadata(): OAuthProtectedResourceMetadata {
    return {
      resource: this.resource,
      authorization_servers: [this.issuer],
      bearer_methods_supported: ["header"],
      resource_name: "Atelier embedded service (remote MCP endpoint)",
    };
  }

  authorizationServerMetadata(): OAuthMetadata & Record<string, unknown> {
    return {
      issuer: this.issuer,
      authorization_endpoint: this.opts.authorizeUrl,
      token_endpoint: `${this.issuer}/oauth/token`,
      registration_endpoint: `${this.issuer}/oauth/register`,
      revocation_endpoint: `${this.issuer}/oauth/revoke`,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      revocation_endpoint_auth_methods_supported: ["none"],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    };
  }

  /** RFC 7591 registration of a public client (no secret: PKCE is the proof). */
  async register(body: unknown): Promise<OAuthClientInformationFull> {
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
    await this.refuseWhenTooManyWaiting();
    const clientId = newToken("mcpc");
    const issuedAt = this.now();
    const info: OAuthClientInformationFull = {
      ...meta,
      grant_types: grantTypes,
      response_types: ["code"],
      // Public clients only: whatever was asked, no secret is issued.
      token_endpoint_auth_method: "none",
      client_id: clientId,
      client_id_issued_at: Math.floor(issuedAt.getTime() / 1000),
    };
    await this.db.insert(remoteMcpClients).values({
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

  /** A registered client, or a metadata document client fetched (again when older than five minutes). */
  private async client(clientId: string): Promise<RemoteMcpClientRow | null> {
    const [row] = await this.db.select().from(remoteMcpClients).where(eq(remoteMcpClients.clientId, clientId));
    if (!isMetadataDocumentId(clientId)) return row ?? null;
    if (row?.fetchedAt && this.now().getTime() - row.fetchedAt.getTime() < METADATA_DOCUMENT_MAX_AGE_MS) return row;
    const doc = await this.fetchMetadataDocumentOf(clientId);
    if (!doc) return null;
    const values = {
      kind: "metadata_document" as const,
      clientName: doc.client_name ?? null,
      clientUri: doc.client_uri ?? null,
      redirectUris: doc.redirect_uris,
      metadata: doc as Record<string, unknown>,
      fetchedAt: this.now(),
    };
    const [saved] = await this.db
      .insert(remoteMcpClients)
      .values({ clientId, createdAt: this.now(), ...values })
      .onConflictDoUpdate({ target: remoteMcpClients.clientId, set: values })
      .returning();
    return saved ?? null;
  }

  /** The document at the client_id URL: JSON client metadata whose `client_id` is that URL; null when not usable. */
  private async fetchMetadataDocumentOf(clientId: string): Promise<(Record<string, unknown> & ClientMeta) | null> {
    if (isPrivateHost(new URL(clientId).hostname)) return null;
    try {
      const res = await this.fetchDocument(clientId);
      if (!res.ok) return null;
      const text = await res.text();
      if (text.length > MAX_BODY) return null;
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

  /** Validates an authorize request (the dashboard page's query) before anything is shown. */
  async checkAuthorization(params: Record<string, string | undefined>): Promise<AuthorizationCheck> {
    const clientId = params.client_id;
    if (!clientId) return { ok: false, error: "invalid_request", description: "client_id is missing." };
    const client = await this.client(clientId);
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
      redirectTo: withParams(redirectUri, { error, error_description: description, state, iss: this.issuer }),
    });
    if (params.response_type !== "code") return fail("unsupported_response_type", "response_type must be code.");
    if (!params.code_challenge || !/^[A-Za-z0-9._~-]{43,128}$/.test(params.code_challenge))
      return fail("invalid_request", "code_challenge is required (PKCE).");
    if (params.code_challenge_method !== "S256") return fail("invalid_request", "code_challenge_method must be S256.");
    if (!params.resource) return fail("invalid_target", `resource is required: ${this.resource}`);
    if (!this.isResource(params.resource)) return fail("invalid_target", `resource must be ${this.resource}`);
    let redirectHost: string;
    try {
      const u = new URL(redirectUri);
      redirectHost = u.host || `${u.protocol}//`;
    } catch {
      redirectHost = redirectUri;
    }
    return {
      ok: true,
      request: {
        clientId,
        clientName: client.clientName,
        clientUri: client.clientUri,
        metadataDocument: client.kind === "metadata_document",
        redirectUri,
        redirectHost,
        state,
        codeChallenge: params.code_challenge,
        resource: this.resource,
        scope: params.scope || null,
      },
    };
  }

  /** The person's answer: where the browser goes (the client's redirect URI with a code, or with access_denied). */
  async decide(
    params: Record<string, string | undefined>,
    approve: boolean,
    subject: string,
  ): Promise<AuthorizationCheck | { ok: true; redirectTo: string }> {
    const check = await this.checkAuthorization(params);
    if (!check.ok) return check;
    const r = check.request;
    if (!approve)
      return {
        ok: true,
        redirectTo: withParams(r.redirectUri, {
          error: "access_denied",
          error_description: "The request was denied.",
          state: r.state,
          iss: this.issuer,
        }),
      };
    const code = newToken("mcpcode");
    await this.db
      .update(remoteMcpClients)
      .set({ approvedAt: this.now() })
      .where(eq(remoteMcpClients.clientId, r.clientId));
    await this.db.insert(remoteMcpCodes).values({
      codeHash: sha256(code),
      clientId: r.clientId,
      redirectUri: r.redirectUri,
      codeChallenge: r.codeChallenge,
      resource: r.resource,
      scope: r.scope,
      subject,
      expiresAt: new Date(this.now().getTime() + CODE_TTL_S * 1000),
    });
    return { ok: true, redirectTo: withParams(r.redirectUri, { code, state: r.state, iss: this.issuer }) };
  }

  private isResource(value: string): boolean {
    try {
      const url = new URL(value);
      return !url.hash && url.href.replace(/\/+$/, "") === this.resource;
    } catch {
      return false;
    }
  }

  /** The token endpoint (form-encoded body). Throws the SDK's OAuth errors. */
  async token(form: URLSearchParams): Promise<OAuthTokens> {
    const grantType = form.get("grant_type");
    const clientId = form.get("client_id");
    if (!grantType) throw new InvalidRequestError("grant_type is missing");
    if (grantType !== "authorization_code" && grantType !== "refresh_token")
      throw new UnsupportedGrantTypeError(`grant_type ${grantType} is not supported`);
    if (!clientId) throw new InvalidRequestError("client_id is missing (public clients identify themselves)");
    await this.pruneNowAndThen();
    const resource = form.get("resource");
    if (resource !== null && !this.isResource(resource))
      throw new InvalidTargetError(`resource must be ${this.resource}`);
    return grantType === "authorization_code" ? this.exchangeCode(form, clientId) : this.refresh(form, clientId);
  }

  private async exchangeCode(form: URLSearchParams, clientId: string): Promise<OAuthTokens> {
    const code = form.get("code");
    const verifier = form.get("code_verifier");
    if (!code) throw new InvalidRequestError("code is missing");
    if (!verifier) throw new InvalidRequestError("code_verifier is missing");
    const now = this.now();
    // Used once: the row is claimed atomically; a second use finds it claimed and revokes what the first one got.
    const [claimed] = await this.db
      .update(remoteMcpCodes)
      .set({ usedAt: now })
      .where(and(eq(remoteMcpCodes.codeHash, sha256(code)), isNull(remoteMcpCodes.usedAt)))
      .returning();
    if (!claimed) {
      const [used] = await this.db
        .select()
        .from(remoteMcpCodes)
        .where(eq(remoteMcpCodes.codeHash, sha256(code)));
      if (used?.grantId) await this.revokeGrant(used.grantId);
      throw new InvalidGrantError("The authorization code is invalid or was already used.");
    }
    if (claimed.expiresAt <= now) throw new InvalidGrantError("The authorization code has expired.");
    if (claimed.clientId !== clientId) throw new InvalidGrantError("The code was issued to another client.");
    const redirectUri = form.get("redirect_uri");
    if (redirectUri !== claimed.redirectUri)
      throw new InvalidGrantError("redirect_uri does not match the authorization request.");
    const resource = form.get("resource");
    if (resource !== null && !this.isResource(resource))
      throw new InvalidTargetError(`resource must be ${claimed.resource}`);
    if ((await oauth.calculatePKCECodeChallenge(verifier)) !== claimed.codeChallenge)
      throw new InvalidGrantError("code_verifier does not match the code challenge.");
    const grantId = newToken("grant");
    await this.db.update(remoteMcpCodes).set({ grantId }).where(eq(remoteMcpCodes.codeHash, claimed.codeHash));
    return this.issue(grantId, claimed.clientId, claimed.resource, claimed.scope, claimed.subject);
  }

  private async refresh(form: URLSearchParams, clientId: string): Promise<OAuthTokens> {
    const token = form.get("refresh_token");
    if (!token) throw new InvalidRequestError("refresh_token is missing");
    const hash = sha256(token);
    const [row] = await this.db
      .select()
      .from(remoteMcpTokens)
      .where(and(eq(remoteMcpTokens.tokenHash, hash), eq(remoteMcpTokens.kind, "refresh")));
    if (!row || row.clientId !== clientId) {
      // A client forgotten (never approved, or its rows pruned) is told so: MCP clients then register again.
      if (!(await this.knownClient(clientId))) throw new InvalidClientError("This client is not registered.");
      throw new InvalidGrantError("The refresh token is invalid.");
    }
    if (row.revokedAt) throw new InvalidGrantError("The refresh token was revoked.");
    if (row.expiresAt <= this.now()) throw new InvalidGrantError("The refresh token has expired.");
    const [claimed] = await this.db
      .update(remoteMcpTokens)
      .set({ usedAt: this.now() })
      .where(and(eq(remoteMcpTokens.tokenHash, hash), isNull(remoteMcpTokens.usedAt)))
      .returning();
    if (!claimed) {
      // Reuse of a rotated refresh token: someone else may hold it; the whole grant ends.
      await this.revokeGrant(row.grantId);
      throw new InvalidGrantError("The refresh token was already used; the grant is revoked.");
    }
    // The access tokens issued before end with the refresh: a grant has one live access token at a time.
    await this.db
      .update(remoteMcpTokens)
      .set({ revokedAt: this.now() })
      .where(
        and(
          eq(remoteMcpTokens.grantId, row.grantId),
          eq(remoteMcpTokens.kind, "access"),
          isNull(remoteMcpTokens.revokedAt),
        ),
      );
    return this.issue(row.grantId, row.clientId, row.resource, row.scope, row.subject);
  }

  private async issue(
    grantId: string,
    clientId: string,
    resource: string,
    scope: string | null,
    subject: string,
  ): Promise<OAuthTokens> {
    const now = this.now();
    const access = newToken("mcpat");
    const refresh = newToken("mcprt");
    const common = { grantId, clientId, resource, scope, subject, createdAt: now };
    await this.db.insert(remoteMcpTokens).values([
      {
        ...common,
        tokenHash: sha256(access),
        kind: "access",
        expiresAt: new Date(now.getTime() + this.accessTtlS * 1000),
      },
      {
        ...common,
        tokenHash: sha256(refresh),
        kind: "refresh",
        expiresAt: new Date(now.getTime() + this.refreshTtlS * 1000),
      },
    ]);
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: this.accessTtlS,
      refresh_token: refresh,
      ...(scope ? { scope } : {}),
    };
  }

  /** RFC 7009: revokes the token's grant (a refresh token) or the token (an access token). Unknown: nothing. */
  async revoke(form: URLSearchParams): Promise<void> {
    const token = form.get("token");
    if (!token) throw new InvalidRequestError("token is missing");
    const [row] = await this.db
      .select()
      .from(remoteMcpTokens)
      .where(eq(remoteMcpTokens.tokenHash, sha256(token)));
    if (!row) return;
    const clientId = form.get("client_id");
    if (clientId && clientId !== row.clientId) return;
    if (row.kind === "refresh") await this.revokeGrant(row.grantId);
    else
      await this.db
        .update(remoteMcpTokens)
        .set({ revokedAt: this.now() })
        .where(and(eq(remoteMcpTokens.tokenHash, row.tokenHash), isNull(remoteMcpTokens.revokedAt)));
  }

  private async revokeGrant(grantId: string): Promise<void> {
    await this.db
      .update(remoteMcpTokens)
      .set({ revokedAt: this.now() })
      .where(and(eq(remoteMcpTokens.grantId, grantId), isNull(remoteMcpTokens.revokedAt)));
  }

  private async knownClient(clientId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ clientId: remoteMcpClients.clientId })
      .from(remoteMcpClients)
      .where(eq(remoteMcpClients.clientId, clientId));
    return Boolean(row);
  }

  /**
   * Registration is open (RFC 7591, no sign-in), so what it stores is bounded: registrations nobody approved within
   * an hour are deleted, and while MAX_UNAPPROVED_CLIENTS wait, the next is refused (429, Retry-After: when the
   * oldest is forgotten). Counted in the database, so across instances.
   */
  private async refuseWhenTooManyWaiting(): Promise<void> {
    const now = this.now().getTime();
    await this.db
      .delete(remoteMcpClients)
      .where(
        and(
          eq(remoteMcpClients.kind, "registered"),
          isNull(remoteMcpClients.approvedAt),
          lt(remoteMcpClients.createdAt, new Date(now - UNAPPROVED_CLIENT_TTL_MS)),
        ),
      );
    const waiting = and(eq(remoteMcpClients.kind, "registered"), isNull(remoteMcpClients.approvedAt));
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(remoteMcpClients).where(waiting);
    if (n < MAX_UNAPPROVED_CLIENTS) return;
    const [oldest] = await this.db
      .select({ createdAt: remoteMcpClients.createdAt })
      .from(remoteMcpClients)
      .where(waiting)
      .orderBy(asc(remoteMcpClients.createdAt))
      .limit(1);
    const retryAfterS = Math.max(
      1,
      Math.ceil(((oldest?.createdAt.getTime() ?? now) + UNAPPROVED_CLIENT_TTL_MS - now) / 1000),
    );
    throw new RegistrationLimitError(
      `${n} registrations are waiting for approval; try again in ${Math.ceil(retryAfterS / 60)} minutes.`,
      retryAfterS,
    );
  }

  /** Deletes codes and tokens a day after they expired, at most every ten minutes per instance. */
  private async pruneNowAndThen(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.lastPrunedAt < PRUNE_EVERY_MS) return;
    this.lastPrunedAt = now;
    await this.prune();
  }

  /** Codes and tokens expired more than a day ago (a used code or refresh token is remembered that long for reuse detection). */
  async prune(): Promise<{ codes: number; tokens: number }> {
    const before = new Date(this.now().getTime() - EXPIRED_KEEP_MS);
    const codes = await this.db
      .delete(remoteMcpCodes)
      .where(lt(remoteMcpCodes.expiresAt, before))
      .returning({ hash: remoteMcpCodes.codeHash });
    const tokens = await this.db
      .delete(remoteMcpTokens)
      .where(lt(remoteMcpTokens.expiresAt, before))
      .returning({ hash: remoteMcpTokens.tokenHash });
    return { codes: codes.length, tokens: tokens.length };
  }

  /** The grant behind `Authorization: Bearer <access token>` for this resource; null when none is valid. */
  async verify(authorization: string | null): Promise<AccessGrant | null> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    if (!match) return null;
    const [row] = await this.db
      .select()
      .from(remoteMcpTokens)
      .where(and(eq(remoteMcpTokens.tokenHash, sha256(match[1]!)), eq(remoteMcpTokens.kind, "access")));
    if (!row || row.revokedAt || row.expiresAt <= this.now() || row.resource !== this.resource) return null;
    return { clientId: row.clientId, subject: row.subject, scope: row.scope };
  }

  /** Clients holding a live token (an unexpired access token or an unused refresh token), newest first. */
  async connectedClients(): Promise<ConnectedClient[]> {
    const now = this.now();
    const rows = await this.db
      .select({ token: remoteMcpTokens, client: remoteMcpClients })
      .from(remoteMcpTokens)
      .innerJoin(remoteMcpClients, eq(remoteMcpClients.clientId, remoteMcpTokens.clientId))
      .where(
        and(
          isNull(remoteMcpTokens.revokedAt),
          gt(remoteMcpTokens.expiresAt, now),
          or(eq(remoteMcpTokens.kind, "access"), isNull(remoteMcpTokens.usedAt)),
        ),
      );
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

  /** Revokes every token of the client (it must be approved again); false when it has none live. */
  async revokeClient(clientId: string): Promise<boolean> {
    const revoked = await this.db
      .update(remoteMcpTokens)
      .set({ revokedAt: this.now() })
      .where(and(eq(remoteMcpTokens.clientId, clientId), isNull(remoteMcpTokens.revokedAt)))
      .returning({ hash: remoteMcpTokens.tokenHash });
    await this.db
      .update(remoteMcpCodes)
      .set({ usedAt: this.now() })
      .where(and(eq(remoteMcpCodes.clientId, clientId), isNull(remoteMcpCodes.usedAt)));
    return revoked.length > 0;
  }
}

type ClientMeta = { redirect_uris: string[]; client_name?: string; client_uri?: string };

function hostOf(uri: string): string {
  try {
    const u = new URL(uri);
    return u.host || `${u.protocol}//`;
  } catch {
    return uri;
  }
}

/** Too many registrations wait for approval: 429 with Retry-After. */
export class RegistrationLimitError extends TooManyRequestsError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(message);
  }
}

/** RFC 7591 3.2.2: a redirect URI the server refuses. */
class InvalidRedirectUriError extends OAuthError {
  static errorCode = "invalid_redirect_uri";
}

/** Reads a form or JSON body of at most 64 KB; null when too large. */
export async function readLimited(req: Request): Promise<string | null> {
  const text = await req.text();
  return text.length > MAX_BODY ? null : text;
}

/** An OAuth error as JSON: 400, 401 for invalid_client, 429 with Retry-After for too many; never cached. */
export function oauthErrorResponse(error: OAuthError): Response {
  if (error instanceof RegistrationLimitError)
    return Response.json(error.toResponseObject(), {
      status: 429,
      headers: { "cache-control": "no-store", "retry-after": String(error.retryAfterS) },
    });
  return Response.json(error.toResponseObject(), {
    status: error.errorCode === "invalid_client" ? 401 : 400,
    headers: { "cache-control": "no-store" },
  });
}
