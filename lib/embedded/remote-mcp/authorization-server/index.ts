import "server-only";
import type {
  OAuthClientInformationFull,
  OAuthMetadata,
  OAuthProtectedResourceMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { checkAuthorization, decide, type AuthorizationCheck } from "./authorize";
import { connectedClients, type ConnectedClient } from "./connected-clients";
import { createContext, type AuthServerContext, type RemoteMcpAuthOptions } from "./context";
import { authorizationServerMetadata, protectedResourceMetadata } from "./metadata";
import { prune, pruneNowAndThen } from "./pruning";
import { register } from "./registration";
import { revoke, revokeClient } from "./revocation";
import { token } from "./token-endpoint";
import { verify } from "./verify";

export type { AuthorizationCheck } from "./authorize";
export type { ConnectedClient } from "./connected-clients";
export { serveOAuth } from "./routes";

/**
 * The remote MCP endpoint's own authorization server (OAuth 2.1 profile of the MCP authorization spec):
 * protected resource metadata (RFC 9728), authorization server metadata (RFC 8414), dynamic client registration
 * (RFC 7591) and client ID metadata documents, authorization code with PKCE S256 only, resource binding (RFC 8707),
 * short-lived access tokens, rotating refresh tokens with reuse detection (after a few seconds' grace for a client's
 * requests refreshing at once), revocation (RFC 7009).
 *
 * One file per step (authorize, registration, code-exchange, refresh, revocation, verify, …), its queries in
 * store.ts; this class holds the settings and the pruning clock and hands each call to its step.
 */
export class RemoteMcpAuth {
  readonly issuer: string;
  /** `{base_url}/mcp`: the protected resource, the audience of every token. */
  readonly resource: string;
  /** `{base_url}/.well-known/oauth-protected-resource`: where a 401 points. */
  readonly resourceMetadataUrl: string;
  private readonly ctx: AuthServerContext;
  private readonly pruneNowAndThen: () => Promise<void>;

  constructor(opts: RemoteMcpAuthOptions) {
    this.ctx = createContext(opts);
    this.issuer = this.ctx.issuer;
    this.resource = this.ctx.resource;
    this.resourceMetadataUrl = `${this.issuer}/.well-known/oauth-protected-resource`;
    this.pruneNowAndThen = pruneNowAndThen(this.ctx);
  }

  protectedResourceMetadata(): OAuthProtectedResourceMetadata {
    return protectedResourceMetadata(this.ctx);
  }

  authorizationServerMetadata(): OAuthMetadata & Record<string, unknown> {
    return authorizationServerMetadata(this.ctx);
  }

  register(body: unknown): Promise<OAuthClientInformationFull> {
    return register(this.ctx, body);
  }

  checkAuthorization(params: Record<string, string | undefined>): Promise<AuthorizationCheck> {
    return checkAuthorization(this.ctx, params);
  }

  decide(
    params: Record<string, string | undefined>,
    approve: boolean,
    subject: string,
  ): Promise<AuthorizationCheck | { ok: true; redirectTo: string }> {
    return decide(this.ctx, params, approve, subject);
  }

  token(form: URLSearchParams): Promise<OAuthTokens> {
    return token(this.ctx, form, this.pruneNowAndThen);
  }

  revoke(form: URLSearchParams): Promise<void> {
    return revoke(this.ctx, form);
  }

  prune(): Promise<{ codes: number; tokens: number }> {
    return prune(this.ctx);
  }

  verify(authorization: string | null): ReturnType<typeof verify> {
    return verify(this.ctx, authorization);
  }

  connectedClients(): Promise<ConnectedClient[]> {
    return connectedClients(this.ctx);
  }

  revokeClient(clientId: string): Promise<boolean> {
    return revokeClient(this.ctx, clientId);
  }
}
