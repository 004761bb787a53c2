import "server-only";
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { AuthServerContext } from "./context";

/** RFC 9728: the protected resource (`{base_url}/mcp`) and who issues its tokens. */
export function protectedResourceMetadata(ctx: AuthServerContext): OAuthProtectedResourceMetadata {
  return {
    resource: ctx.resource,
    authorization_servers: [ctx.issuer],
    bearer_methods_supported: ["header"],
    resource_name: "Atelier embedded service (remote MCP endpoint)",
  };
}

/** RFC 8414: the endpoints and what they support (public clients with PKCE S256, client ID metadata documents). */
export function authorizationServerMetadata(ctx: AuthServerContext): OAuthMetadata & Record<string, unknown> {
  return {
    issuer: ctx.issuer,
    authorization_endpoint: ctx.authorizeUrl,
    token_endpoint: `${ctx.issuer}/oauth/token`,
    registration_endpoint: `${ctx.issuer}/oauth/register`,
    revocation_endpoint: `${ctx.issuer}/oauth/revoke`,
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
