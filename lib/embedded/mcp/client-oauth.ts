import "server-only";
import * as oauth from "oauth4webapi";
import { isLoopbackUrl } from "../loopback";
import type { OutboundFetch } from "../outbound/fetch";
import type { StoredOAuthConfig } from "./schema";

/**
 * The OAuth client side of MCP connections, on oauth4webapi (authorization URL with PKCE S256, code exchange,
 * refresh). The stored configuration has endpoints but no issuer, so the authorization response's `iss` (RFC 9207)
 * cannot be compared with one; it must at least be on the origin of the authorization or the token endpoint (a
 * mix-up defence), and the state (bound to one server and one configuration) protects the flow.
 *
 * oauth4webapi refuses plain-http endpoints; `allowInsecureRequests` is set only for loopback hosts
 * (127.0.0.0/8, ::1, localhost: ../loopback.ts), which the test peers and local development use. Any other http
 * endpoint fails.
 */

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** Null when the provider gave no lifetime. */
  expiresAt: Date | null;
}

/** The token endpoint request's options: plain http for a loopback host only, and the service's guarded fetch. */
function endpointOptions(tokenUrl: string, fetch: OutboundFetch): oauth.TokenEndpointRequestOptions {
  return {
    ...(new URL(tokenUrl).protocol === "http:" && isLoopbackUrl(tokenUrl)
      ? { [oauth.allowInsecureRequests]: true }
      : {}),
    [oauth.customFetch]: (url: string, init: RequestInit) => fetch(url, init),
  };
}

function authorizationServer(config: StoredOAuthConfig, issuer?: string): oauth.AuthorizationServer {
  return {
    issuer: issuer ?? new URL(config.authorizationUrl).origin,
    authorization_endpoint: config.authorizationUrl,
    token_endpoint: config.tokenUrl,
  };
}

/** The token endpoint refused the client's authentication: `invalid_client`, or a 401 challenge (WWW-Authenticate). */
function refusedClientAuth(error: unknown): boolean {
  if (error instanceof oauth.ResponseBodyError) return error.error === "invalid_client";
  return error instanceof oauth.WWWAuthenticateChallengeError && error.status === 401;
}

/**
 * Runs a token endpoint request with the client's authentication. A public client sends none. A confidential one
 * (the configuration holds no method) tries `client_secret_post` and, when the provider answers `invalid_client`,
 * `client_secret_basic` (the method RFC 6749 §2.3.1 requires every provider to support): a refused client
 * authentication consumes neither the code nor the refresh token.
 */
async function withClientAuth<T>(
  clientSecret: string | null,
  request: (auth: oauth.ClientAuth) => Promise<T>,
): Promise<T> {
  if (!clientSecret) return request(oauth.None());
  try {
    return await request(oauth.ClientSecretPost(clientSecret));
  } catch (error) {
    if (!refusedClientAuth(error)) throw error;
    return request(oauth.ClientSecretBasic(clientSecret));
  }
}

interface AuthorizationRequest {
  url: string;
  state: string;
  /** Null without PKCE. */
  codeVerifier: string | null;
}

/** The provider authorization URL: response_type=code, client_id, redirect_uri, state, scope, resource, PKCE S256. */
export async function buildAuthorizationRequest(
  config: StoredOAuthConfig,
  clientId: string,
  redirectUri: string,
): Promise<AuthorizationRequest> {
  const url = new URL(config.authorizationUrl);
  const state = oauth.generateRandomState();
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("state", state);
  if (config.scopes.length) url.searchParams.set("scope", config.scopes.join(" "));
  if (config.resource) url.searchParams.set("resource", config.resource);
  let codeVerifier: string | null = null;
  if (config.usePKCE) {
    codeVerifier = oauth.generateRandomCodeVerifier();
    url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
    url.searchParams.set("code_challenge_method", "S256");
  }
  return { url: url.href, state, codeVerifier };
}

/** Thrown for a failed exchange or refresh; `error` is the OAuth error code when the provider sent one. */
export class OAuthFailure extends Error {
  constructor(
    readonly error: string,
    message: string,
    /** The token endpoint's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

function toFailure(error: unknown): OAuthFailure {
  if (error instanceof oauth.ResponseBodyError)
    return new OAuthFailure(error.error, error.error_description ?? error.message, error.status);
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const challenge = error.cause[0];
    const code = challenge?.parameters.error ?? "invalid_client";
    return new OAuthFailure(code, challenge?.parameters.error_description ?? error.message, error.status);
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    return new OAuthFailure(error.error, error.error_description ?? error.message);
  }
  if (error instanceof OAuthFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new OAuthFailure("server_error", message);
}

function toTokenSet(response: oauth.TokenEndpointResponse, now: Date, previousRefresh: string | null): TokenSet {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token ?? previousRefresh,
    expiresAt: typeof response.expires_in === "number" ? new Date(now.getTime() + response.expires_in * 1000) : null,
  };
}

/** Exchanges the authorization code (callback parameters) at the token endpoint, with the PKCE verifier. */
export async function exchangeCode(opts: {
  config: StoredOAuthConfig;
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
  callbackParams: URLSearchParams;
  state: string;
  codeVerifier: string | null;
  now: Date;
  /** How the token endpoint is reached: the private-address guard (outbound/fetch.ts). */
  fetch: OutboundFetch;
}): Promise<TokenSet> {
  try {
    const iss = opts.callbackParams.get("iss");
    if (iss !== null) {
      const origin = URL.canParse(iss) ? new URL(iss).origin : null;
      if (origin !== new URL(opts.config.authorizationUrl).origin && origin !== new URL(opts.config.tokenUrl).origin) {
        throw new OAuthFailure("invalid_request", "The authorization response came from an unexpected issuer.");
      }
    }
    const as = authorizationServer(opts.config, iss ?? undefined);
    const client: oauth.Client = { client_id: opts.clientId };
    const params = oauth.validateAuthResponse(as, client, opts.callbackParams, opts.state);
    const response = await withClientAuth(opts.clientSecret, async (auth) =>
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(
          as,
          client,
          auth,
          params,
          opts.redirectUri,
          opts.codeVerifier ?? oauth.nopkce,
          {
            ...endpointOptions(opts.config.tokenUrl, opts.fetch),
            ...(opts.config.resource ? { additionalParameters: { resource: opts.config.resource } } : {}),
          },
        ),
      ),
    );
    return toTokenSet(response, opts.now, null);
  } catch (error) {
    throw toFailure(error);
  }
}

/** Uses the refresh token; keeps it when the provider does not rotate it. */
export async function refreshTokens(opts: {
  config: StoredOAuthConfig;
  clientId: string;
  clientSecret: string | null;
  refreshToken: string;
  now: Date;
  /** How the token endpoint is reached: the private-address guard (outbound/fetch.ts). */
  fetch: OutboundFetch;
}): Promise<TokenSet> {
  try {
    const as = authorizationServer(opts.config);
    const client: oauth.Client = { client_id: opts.clientId };
    const response = await withClientAuth(opts.clientSecret, async (auth) =>
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, opts.refreshToken, {
          ...endpointOptions(opts.config.tokenUrl, opts.fetch),
          ...(opts.config.resource ? { additionalParameters: { resource: opts.config.resource } } : {}),
        }),
      ),
    );
    return toTokenSet(response, opts.now, opts.refreshToken);
  } catch (error) {
    throw toFailure(error);
  }
}
