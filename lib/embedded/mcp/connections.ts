import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { ApiVersion } from "@/lib/api";
import type { Db } from "../store";
import { buildAuthorizationRequest, exchangeCode, OAuthFailure, refreshTokens, type TokenSet } from "./client-oauth";
import type { OutboundFetch } from "../outbound/fetch";
import { appendLog, type LogStep } from "./connection-log";
import type { McpServerRow, StoredOAuthConfig } from "./schema";
import type { McpClientOptions } from "./tools";
import type { SecretBox } from "./secret-box";
import * as mcpStore from "./store";

interface McpConnectionsOptions {
  db: Db;
  box: SecretBox;
  /** The service's own {base_url} without a trailing slash. */
  publicBaseUrl: string;
  /** Lifetime of an authorization URL and its state; interface.md 5.6: 5 minutes. */
  stateTtlMs: number;
  /**
   * Other processes may use the same database (PostgreSQL): a token refresh then also takes a transaction-scoped
   * advisory lock per server, so two processes never spend the same rotating refresh token. (A PGlite data
   * directory belongs to one process; the in-process lock is enough there.)
   */
  sharedDatabase?: boolean;
  now?: () => Date;
  /** How MCP servers and their token endpoints are reached: the private-address guard (outbound/fetch.ts). */
  fetch: OutboundFetch;
}

/** A callback's outcome: a redirect to the verified return URL, or a plain page when there is none to trust. */
type CallbackOutcome = { kind: "redirect"; location: string } | { kind: "page"; status: number; text: string };

/** What a token endpoint gave, without the tokens. */
function issued(config: StoredOAuthConfig, tokens: TokenSet, at: Date): string {
  const life = tokens.expiresAt
    ? `expires in ${Math.round((tokens.expiresAt.getTime() - at.getTime()) / 1000)} s`
    : "no expiry given";
  return `The token endpoint ${config.tokenUrl} issued an access token (${life}, ${tokens.refreshToken ? "with" : "without"} a refresh token).`;
}

/** Tokens count as expired this long before their expiry (clock skew, request time). */
const EXPIRY_MARGIN_MS = 30_000;

const hashState = (state: string) => createHash("sha256").update(state).digest("base64url");

/** A failed token request in words: "The server's token endpoint answered 401 invalid_client: …". */
function describeOAuthFailure(failure: OAuthFailure): string {
  const said = failure.message && failure.message !== failure.error ? `: ${failure.message}` : "";
  return failure.status
    ? `The server's token endpoint answered ${failure.status} ${failure.error}${said}`
    : `The token endpoint could not be used (${failure.error}${said})`;
}

const since = (start: number) => Date.now() - start;

/**
 * MCP server connections: the authorize → callback flow (state stored hashed, used once, expiring), encrypted
 * token storage, and access tokens refreshed on demand (one refresh per server at a time, across processes too).
 */
export class McpConnections {
  private readonly tokenLocks = new Map<string, Promise<void>>();
  readonly now: () => Date;

  constructor(private readonly opts: McpConnectionsOptions) {
    this.now = opts.now ?? (() => new Date());
  }

  /** The service's secret box: a project's environment variables are sealed with it too (lib/embedded/projects/env-vars.ts). */
  get secrets(): SecretBox {
    return this.opts.box;
  }

  get db(): Db {
    return this.opts.db;
  }

  /** The guarded fetch for MCP servers and their OAuth endpoints. */
  get fetch(): OutboundFetch {
    return this.opts.fetch;
  }

  /** Every secret of the server in plain text (what the log must never show). */
  private secretsOf(row: McpServerRow): string[] {
    const secrets: string[] = [];
    for (const [value, field] of [
      [row.staticSecretEnc, "static_secret"],
      [row.clientSecretEnc, "client_secret"],
      [row.accessTokenEnc, "access_token"],
      [row.refreshTokenEnc, "refresh_token"],
    ] as const) {
      try {
        const plain = this.open(value, row.id, field);
        if (plain !== null) secrets.push(plain);
      } catch {
        // unreadable with this key: nothing to redact
      }
    }
    if (row.authType === "custom-headers") secrets.push(...Object.values(this.staticHeaders(row) ?? {}));
    return secrets;
  }

  /** How the MCP client reaches this server: through the guard, its steps in the server's log. */
  clientOptions(row: McpServerRow): McpClientOptions {
    return { fetch: this.fetch, trace: (step) => this.log(row, step) };
  }

  /**
   * Adds a step to the server's connection log (connection-log.ts), its secrets and `extraSecrets` (tokens just
   * issued) redacted. A log that cannot be written (the server was deleted meanwhile) never fails the operation.
   */
  async log(row: McpServerRow, step: LogStep, extraSecrets: readonly string[] = []): Promise<void> {
    try {
      await appendLog(this.db, row.id, step, [...this.secretsOf(row), ...extraSecrets], this.now());
    } catch {
      // the log is a help, not part of the operation
    }
  }

  /** {client_metadata_url}: the client id when a configuration has none. */
  get clientMetadataUrl(): string {
    return `${this.opts.publicBaseUrl}/oauth/client-metadata.json`;
  }

  callbackUrl(version: ApiVersion): string {
    return `${this.opts.publicBaseUrl}/${version}/mcp-servers/oauth/callback`;
  }

  /** The service's OAuth client metadata document (public client, both callbacks). */
  clientMetadata(): Record<string, unknown> {
    return {
      client_id: this.clientMetadataUrl,
      client_name: "Atelier (embedded service)",
      client_uri: new URL(this.opts.publicBaseUrl).origin,
      redirect_uris: [this.callbackUrl("v2"), this.callbackUrl("v1")],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  clientIdOf(config: StoredOAuthConfig): string {
    return config.clientId ?? this.clientMetadataUrl;
  }

  seal(value: string, serverId: string, field: string): string {
    return this.opts.box.seal(value, `${serverId}:${field}`);
  }

  open(value: string | null, serverId: string, field: string): string | null {
    return value === null ? null : this.opts.box.open(value, `${serverId}:${field}`);
  }

  /**
   * The stored static credentials as request headers: a bearer-token server's `Authorization: Bearer …`, a
   * custom-headers server's headers. Null when the server has none or they cannot be decrypted.
   */
  staticHeaders(row: McpServerRow): Record<string, string> | null {
    const plain = this.open(row.staticSecretEnc, row.id, "static_secret");
    if (plain === null) return null;
    if (row.authType === "bearer") return { authorization: `Bearer ${plain}` };
    if (row.authType !== "custom-headers") return null;
    try {
      const headers = JSON.parse(plain) as unknown;
      if (typeof headers !== "object" || headers === null || Array.isArray(headers)) return null;
      return Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => typeof e[1] === "string"));
    } catch {
      return null;
    }
  }

  /** Whether the server can be used now: OAuth tokens usable (or renewable), static credentials stored, or none needed. */
  isConnected(row: McpServerRow): boolean {
    if (row.authType === "none") return true;
    if (row.authType === "bearer" || row.authType === "custom-headers") return row.staticSecretEnc !== null;
    if (!row.accessTokenEnc) return false;
    if (row.refreshTokenEnc) return true;
    return !row.tokenExpiresAt || row.tokenExpiresAt.getTime() > this.now().getTime();
  }

  /** POST …/oauth/authorize: the provider URL for this server and return URL, valid for `stateTtlMs`. */
  async authorize(
    row: McpServerRow,
    version: ApiVersion,
    returnUrl: string,
  ): Promise<{ url: string; state: string; expiresAt: string }> {
    const config = row.oauthConfig!;
    const redirectUri = this.callbackUrl(version);
    const request = await buildAuthorizationRequest(config, this.clientIdOf(config), redirectUri);
    const at = this.now();
    const expiresAt = new Date(at.getTime() + this.opts.stateTtlMs);
    await mcpStore.dropExpiredStates(this.db, at);
    const stateHash = hashState(request.state);
    await mcpStore.insertState(this.db, {
      stateHash,
      serverId: row.id,
      apiVersion: version,
      redirectUri,
      returnUrl,
      codeVerifierEnc:
        request.codeVerifier === null ? null : this.opts.box.seal(request.codeVerifier, `state:${stateHash}`),
      expiresAt,
      createdAt: at,
    });
    await this.log(row, {
      step: "authorization",
      ok: true,
      detail: `Authorization URL issued for ${config.authorizationUrl} (client ${this.clientIdOf(config)}, scopes ${
        config.scopes.join(" ") || "none"
      }${config.usePKCE ? ", PKCE S256" : ""}); waiting for the provider to redirect back.`,
    });
    return { url: request.url, state: request.state, expiresAt: expiresAt.toISOString() };
  }

  /**
   * GET …/oauth/callback?code&state (or ?error&error_description&state). The state is the credential: unknown or
   * missing → a plain 400 page (no redirect to an unverified URL), nothing stored; expired → redirect to its return
   * URL with error=invalid_request, nothing stored; provider error → redirect with error, error_description,
   * mcpServerId; success → tokens stored encrypted, redirect with oauth_success=true&mcpServerId.
   */
  async callback(version: ApiVersion, params: URLSearchParams): Promise<CallbackOutcome> {
    const state = params.get("state");
    const taken = state ? await mcpStore.takeState(this.db, hashState(state)) : null;
    if (!state || !taken || taken.apiVersion !== version) {
      return {
        kind: "page",
        status: 400,
        text: "This authorization response is unknown or was already used. Start the connection again from the dashboard.",
      };
    }
    const back = (query: Record<string, string>) => {
      const url = new URL(taken.returnUrl);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      return { kind: "redirect" as const, location: url.href };
    };
    const fail = (error: string, description: string) =>
      back({ error, error_description: description.slice(0, 500), mcpServerId: taken.serverId });

    const at = this.now();
    if (taken.expiresAt.getTime() <= at.getTime()) {
      return fail(
        "invalid_request",
        "The authorization request expired (authorization URLs are valid for 5 minutes). Connect again.",
      );
    }
    const row = await mcpStore.findServer(this.db, taken.serverId);
    if (!row || row.authType !== "oauth" || !row.oauthConfig) {
      return fail("invalid_request", "The MCP server was deleted or no longer uses OAuth.");
    }
    const providerError = params.get("error");
    if (providerError) {
      const description = params.get("error_description") ?? "The provider refused the authorization.";
      await this.log(row, {
        step: "authorization",
        ok: false,
        detail: `The provider answered ${providerError.slice(0, 100)}: ${description.slice(0, 300)}`,
      });
      // Spec interface.md Part 3: a failed callback leaves the server unchanged; the return URL carries the error.
      return fail(providerError.slice(0, 100), description);
    }
    if (!params.get("code")) return fail("invalid_request", "The provider's response has no authorization code.");

    const config = row.oauthConfig;
    let tokens: TokenSet;
    const started = Date.now();
    try {
      tokens = await exchangeCode({
        fetch: this.opts.fetch,
        config,
        clientId: this.clientIdOf(config),
        clientSecret: this.open(row.clientSecretEnc, row.id, "client_secret"),
        redirectUri: taken.redirectUri,
        callbackParams: params,
        state,
        codeVerifier: taken.codeVerifierEnc
          ? this.opts.box.open(taken.codeVerifierEnc, `state:${taken.stateHash}`)
          : null,
        now: at,
      });
    } catch (error) {
      const failure = error instanceof OAuthFailure ? error : new OAuthFailure("server_error", String(error));
      await this.log(row, {
        step: "token-exchange",
        ok: false,
        detail: `${describeOAuthFailure(failure)} (${config.tokenUrl}).`,
        durationMs: since(started),
      });
      return fail(failure.error, `The token exchange failed: ${failure.message}`);
    }
    await this.log(
      row,
      { step: "token-exchange", ok: true, detail: issued(config, tokens, at), durationMs: since(started) },
      [tokens.accessToken, tokens.refreshToken ?? ""],
    );
    await this.storeTokens(row.id, tokens, at, true);
    return back({ oauth_success: "true", mcpServerId: row.id });
  }

  private async storeTokens(
    serverId: string,
    tokens: TokenSet,
    at: Date,
    connecting: boolean,
    db: Db = this.db,
  ): Promise<void> {
    await mcpStore.updateServer(db, serverId, {
      accessTokenEnc: this.seal(tokens.accessToken, serverId, "access_token"),
      refreshTokenEnc: tokens.refreshToken ? this.seal(tokens.refreshToken, serverId, "refresh_token") : null,
      tokenExpiresAt: tokens.expiresAt,
      ...(connecting ? { connectedAt: at } : {}),
      authError: null,
      updatedAt: at,
    });
  }

  /** Drops the connection (tokens and pending authorizations); `reason` becomes auth.error when given. */
  async disconnect(serverId: string, reason: string | null, db: Db = this.db): Promise<void> {
    await mcpStore.dropStates(db, serverId);
    await mcpStore.updateServer(db, serverId, {
      accessTokenEnc: null,
      refreshTokenEnc: null,
      tokenExpiresAt: null,
      connectedAt: null,
      authError: reason,
      updatedAt: this.now(),
    });
  }

  /**
   * A usable access token for the server: the stored one, or a refreshed one when it expired (or `force`, after
   * the server refused it: unless another caller has replaced that token meanwhile). Null when the server is not connected or the refresh failed (the connection is then
   * dropped with the reason, when the provider rejected the refresh token).
   */
  async accessToken(serverId: string, opts: { force?: boolean } = {}): Promise<string | null> {
    // One at a time per server: a concurrent caller waits and then sees the refreshed token, so a rotating
    // refresh token is never used twice (a provider may revoke the whole grant on reuse).
    const previous = this.tokenLocks.get(serverId) ?? Promise.resolve();
    const run = previous.then(() => this.accessTokenLocked(serverId, opts));
    const tail = run.then(
      () => {},
      () => {},
    );
    this.tokenLocks.set(serverId, tail);
    void tail.then(() => {
      if (this.tokenLocks.get(serverId) === tail) this.tokenLocks.delete(serverId);
    });
    return run;
  }

  /** The in-process turn is ours; on a shared database also take the server's advisory lock for the refresh. */
  private async accessTokenLocked(serverId: string, opts: { force?: boolean }): Promise<string | null> {
    const seen = await mcpStore.findServer(this.db, serverId);
    if (!seen) return null;
    const current = this.usableToken(seen, opts);
    if (current !== undefined) return current;
    if (!this.opts.sharedDatabase) return this.accessTokenNow(this.db, seen, opts);
    // The lock is held for the transaction: while this process refreshes, another one waits here, then reads the
    // new tokens instead of spending the refresh token again. The re-read happens under the lock.
    const refused = seen.accessTokenEnc;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`atelier:mcp-token:${serverId}`}, 0))`);
      const row = await mcpStore.findServer(tx, serverId);
      // Refreshed by another process since we looked (a forced refresh: the refused token was replaced).
      const replaced = opts.force && row?.accessTokenEnc !== refused;
      return this.accessTokenNow(tx, row, replaced ? {} : opts);
    });
  }

  /** The stored access token when it can be used as it is; null when there is none to get; undefined: refresh. */
  private usableToken(row: McpServerRow, opts: { force?: boolean }): string | null | undefined {
    if (row.authType !== "oauth" || !row.accessTokenEnc || !row.oauthConfig) return null;
    const access = this.open(row.accessTokenEnc, row.id, "access_token");
    return access && !this.expired(row) && !opts.force ? access : undefined;
  }

  /** Whether the stored access token has expired (or will within the margin). */
  private expired(row: McpServerRow): boolean {
    return row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() - EXPIRY_MARGIN_MS <= this.now().getTime();
  }

  private async accessTokenNow(db: Db, row: McpServerRow | null, opts: { force?: boolean }): Promise<string | null> {
    if (!row) return null;
    const usable = this.usableToken(row, opts);
    if (usable !== undefined) return usable;
    const access = this.open(row.accessTokenEnc, row.id, "access_token");
    const expired = this.expired(row);
    const refresh = this.open(row.refreshTokenEnc, row.id, "refresh_token");
    if (!refresh) {
      if (!access)
        await this.disconnect(
          row.id,
          "The stored tokens cannot be read (the service's secret key changed). Connect again.",
          db,
        );
      return expired || opts.force ? null : access;
    }
    return this.refresh(db, row, refresh);
  }

  private async refresh(db: Db, row: McpServerRow, refreshToken: string): Promise<string | null> {
    const at = this.now();
    const started = Date.now();
    try {
      const tokens = await refreshTokens({
        fetch: this.opts.fetch,
        config: row.oauthConfig!,
        clientId: this.clientIdOf(row.oauthConfig!),
        clientSecret: this.open(row.clientSecretEnc, row.id, "client_secret"),
        refreshToken,
        now: at,
      });
      await this.storeTokens(row.id, tokens, at, false, db);
      await this.log(
        row,
        { step: "refresh", ok: true, detail: issued(row.oauthConfig!, tokens, at), durationMs: since(started) },
        [tokens.accessToken, tokens.refreshToken ?? ""],
      );
      return tokens.accessToken;
    } catch (error) {
      const failure = error instanceof OAuthFailure ? error : new OAuthFailure("server_error", String(error));
      await this.log(row, {
        step: "refresh",
        ok: false,
        detail: `${describeOAuthFailure(failure)} (${row.oauthConfig!.tokenUrl}).`,
        durationMs: since(started),
      });
      const reason = `Refreshing the access token failed (${failure.error}: ${failure.message}).`.slice(0, 500);
      if (
        failure.error === "invalid_grant" ||
        failure.error === "invalid_client" ||
        failure.error === "unauthorized_client"
      ) {
        await this.disconnect(row.id, `${reason} Connect again.`, db);
      } else {
        await mcpStore.updateServer(db, row.id, { authError: reason, updatedAt: at });
      }
      return null;
    }
  }
}
