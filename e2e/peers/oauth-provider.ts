import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { errors, type ClientMetadata } from "oidc-provider";

/**
 * A real OAuth 2.1 authorization server for tests (oidc-provider), on a loopback port.
 *
 * - One confidential client (`clientId` / `clientSecret`, client_secret_post) and one public client
 *   (`publicClientId`, no secret), both with the given redirect URIs; more with `extraClients`
 *   (e.g. a client whose id is the service's client metadata document URL).
 * - PKCE (S256) is required for every client.
 * - Login and consent are answered automatically: "approve" grants the requested scopes and resource,
 *   "deny" finishes with `access_denied` (set per provider with `decision` or later with `setDecision`).
 * - Refresh tokens are always issued (refresh_token grant); access tokens are JWTs for the resource
 *   (RFC 8707 resource indicators: `resource` = the MCP server URL, the token's `aud`), lifetime `accessTokenTtlSeconds`.
 * - An OpenID provider too (single sign-on): the login step signs in as the account `setLogin` names (default
 *   `user-1`), whose `accounts` claims (email, name, groups, …) the userinfo endpoint answers for the `email` and
 *   `profile` scopes (`groups` comes with `profile`).
 */
interface OAuthProviderOptions {
  /** Loopback port (0 = any free one). */
  port?: number;
  /** Redirect URIs registered for the clients (the service's callbacks). */
  redirectUris: string[];
  /** Resource indicators the provider accepts (MCP server URLs); any http(s) URL when omitted. */
  resources?: string[];
  /** Scopes of the resource server; default ["mcp:tools", "mcp:read"]. */
  resourceScopes?: string[];
  accessTokenTtlSeconds?: number;
  clientId?: string;
  clientSecret?: string;
  publicClientId?: string;
  extraClients?: ClientMetadata[];
  /**
   * Confidential clients that must authenticate with HTTP Basic, as strict providers require: a token request
   * with their secret in the body is refused (401 invalid_client). oidc-provider alone accepts either.
   */
  basicOnlyClients?: string[];
  decision?: "approve" | "deny";
  /** The claims of each account beyond `sub` (single sign-on: email, name, groups). */
  accounts?: Record<string, Record<string, unknown>>;
}

export interface OAuthProviderPeer {
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  introspectionUrl: string;
  clientId: string;
  clientSecret: string;
  publicClientId: string;
  resourceScopes: string[];
  /** The answer to the next consent prompts. */
  setDecision(decision: "approve" | "deny"): void;
  /** The account the next login step signs in as. */
  setLogin(accountId: string): void;
  /**
   * Successful grants by type, token requests refused for their client authentication (basicOnlyClients), and
   * grants refused as invalid (e.g. a rotated refresh token spent a second time).
   */
  tokenRequests(): { authorizationCode: number; refreshToken: number; invalidClient: number; invalidGrant: number };
  close(): Promise<void>;
}

/**
 * The OAuth settings of an MCP server at `resource` registered with this provider as its confidential client: the
 * MCP tools scope, PKCE, the server's URL as the resource indicator (the request body's `oauthConfig`).
 */
export function mcpOAuthConfig(provider: OAuthProviderPeer, resource: string) {
  return {
    authorizationUrl: provider.authorizationUrl,
    tokenUrl: provider.tokenUrl,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: ["mcp:tools"],
    usePKCE: true,
    resource,
  };
}

export async function startOAuthProvider(opts: OAuthProviderOptions): Promise<OAuthProviderPeer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = opts.clientId ?? "atelier-test-client";
  const clientSecret = opts.clientSecret ?? "atelier-test-secret-0123456789";
  const publicClientId = opts.publicClientId ?? "atelier-public-client";
  const resourceScopes = opts.resourceScopes ?? ["mcp:tools", "mcp:read"];
  const ttl = opts.accessTokenTtlSeconds ?? 3600;
  let decision = opts.decision ?? "approve";
  let login = "user-1";
  const counts = { authorizationCode: 0, refreshToken: 0, invalidClient: 0, invalidGrant: 0 };

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: "peer-key", alg: "RS256", use: "sig" };
  const common = {
    redirect_uris: opts.redirectUris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  } satisfies Partial<ClientMetadata>;

  const provider = new Provider(issuer, {
    clients: [
      { ...common, client_id: clientId, client_secret: clientSecret, token_endpoint_auth_method: "client_secret_post" },
      { ...common, client_id: publicClientId, token_endpoint_auth_method: "none" },
      ...(opts.extraClients ?? []).map((c): ClientMetadata => ({
        ...common,
        token_endpoint_auth_method: "none",
        ...c,
      })),
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["peer-cookie-key-one", "peer-cookie-key-two"] },
    pkce: { required: () => true },
    scopes: ["openid", "offline_access", "email", "profile"],
    claims: { email: ["email", "email_verified"], profile: ["name", "preferred_username", "groups"] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ ...opts.accounts?.[sub], sub }) }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    ttl: {
      AccessToken: ttl,
      AuthorizationCode: 300,
      Grant: 86_400,
      Interaction: 600,
      Session: 86_400,
      RefreshToken: 86_400,
    },
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined as unknown as string,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          const allowed = opts.resources ? opts.resources.includes(indicator) : /^https?:\/\//.test(indicator);
          if (!allowed) throw new errors.InvalidTarget(`unknown resource ${indicator}`);
          return {
            scope: resourceScopes.join(" "),
            audience: indicator,
            accessTokenTTL: ttl,
            accessTokenFormat: "jwt",
          };
        },
      },
    },
  });
  provider.on("grant.success", (ctx) => {
    const grantType = (ctx.oidc.params as { grant_type?: string } | undefined)?.grant_type;
    if (grantType === "authorization_code") counts.authorizationCode++;
    if (grantType === "refresh_token") counts.refreshToken++;
  });
  provider.on("grant.error", (_ctx, error) => {
    if ((error as { error?: string }).error === "invalid_grant") counts.invalidGrant++;
  });
  provider.on("server_error", (_ctx, error) => console.error("[oauth-peer] server error", error));

  const callback = provider.callback();
  const basicOnly = new Set(opts.basicOnlyClients ?? []);
  /** Token requests of a basic-only client with its secret in the body are refused; others go on with their body. */
  const screenTokenRequest = async (req: IncomingMessage & { body?: string }, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const params = new URLSearchParams(raw);
    if (params.has("client_secret") && basicOnly.has(params.get("client_id") ?? "")) {
      counts.invalidClient++;
      res.writeHead(401, { "content-type": "application/json", "www-authenticate": 'Basic realm="oauth-peer"' });
      res.end(
        JSON.stringify({
          error: "invalid_client",
          error_description: "this client authenticates with client_secret_basic only",
        }),
      );
      return;
    }
    req.body = raw; // oidc-provider reads an already-read body from req.body
    callback(req, res);
  };
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (basicOnly.size && req.method === "POST" && req.url?.split("?")[0] === "/token") {
      screenTokenRequest(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    if (req.url?.startsWith("/interaction/")) {
      interact(provider, req, res, decision, login).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    callback(req, res);
  });

  return {
    issuer,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    introspectionUrl: `${issuer}/token/introspection`,
    clientId,
    clientSecret,
    publicClientId,
    resourceScopes,
    setDecision: (d) => {
      decision = d;
    },
    setLogin: (accountId) => {
      login = accountId;
    },
    tokenRequests: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Auto-login as `login` (default `user-1`), then auto-consent to everything requested (or deny). */
async function interact(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  decision: "approve" | "deny",
  login: string,
) {
  const details = await provider.interactionDetails(req, res);
  if (decision === "deny") {
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The user denied the request." },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (details.prompt.name === "login") {
    await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    return;
  }
  const { params, session } = details;
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ??
      new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) }))
    : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(" "));
  }
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
