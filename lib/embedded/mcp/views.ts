import "server-only";
import type { McpServer } from "@/lib/api";
import type { McpConnections } from "./connections";
import type { McpServerRow } from "./schema";

/** The MCP server record (DESIGN 9): secrets never appear, only whether a client secret is stored. */
export function toMcpServer(row: McpServerRow, connections: McpConnections): McpServer {
  const connected = connections.isConnected(row);
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    enabled: row.enabled,
    scope: row.scope,
    auth: {
      type: row.authType,
      connected,
      ...(connected && row.tokenExpiresAt ? { expiresAt: row.tokenExpiresAt.toISOString() } : {}),
      ...(row.authError ? { error: row.authError } : {}),
    },
    ...(row.oauthConfig
      ? {
          oauthConfig: {
            authorizationUrl: row.oauthConfig.authorizationUrl,
            tokenUrl: row.oauthConfig.tokenUrl,
            ...(row.oauthConfig.clientId !== undefined ? { clientId: row.oauthConfig.clientId } : {}),
            scopes: row.oauthConfig.scopes,
            usePKCE: row.oauthConfig.usePKCE,
            ...(row.oauthConfig.resource !== undefined ? { resource: row.oauthConfig.resource } : {}),
            hasClientSecret: row.clientSecretEnc !== null,
          },
        }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMcpServerV1(row: McpServerRow, connections: McpConnections) {
  return { object: "mcp_server" as const, ...toMcpServer(row, connections) };
}
