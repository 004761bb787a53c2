import "server-only";
import { REDACTED, type McpServerRecord as McpServer, type McpServerAuth, type v1 } from "@/lib/api/schemas";

type McpServerV1 = v1.McpServerV1;
import { EMBEDDED_AUTHOR_ID } from "../author";
import type { McpConnections } from "./connections";
import type { McpServerRow } from "./schema";

/**
 * The record's `auth` (the document's union): secrets never appear. The bearer token, each custom header value
 * and a stored client secret are shown as REDACTED (the document's schema requires them; the spec says secrets are
 * redacted). OAuth: `config` (clientId is the client metadata document URL when none was given), `connected`,
 * `expiresAt` while connected, and our extension `error` (why the last connection attempt failed).
 */
function authOf(row: McpServerRow, connections: McpConnections): McpServerAuth {
  switch (row.authType) {
    case "none":
      return { type: "none" };
    case "bearer":
      return { type: "bearer", token: REDACTED };
    case "custom-headers":
      return { type: "custom-headers", headers: Object.fromEntries((row.headerNames ?? []).map((n) => [n, REDACTED])) };
    case "oauth": {
      const connected = connections.isConnected(row);
      const c = row.oauthConfig;
      return {
        type: "oauth",
        ...(c
          ? {
              config: {
                authorizationUrl: c.authorizationUrl,
                tokenUrl: c.tokenUrl,
                clientId: connections.clientIdOf(c),
                ...(row.clientSecretEnc !== null ? { clientSecret: REDACTED } : {}),
                scopes: c.scopes,
                usePKCE: c.usePKCE,
                ...(c.resource !== undefined ? { resource: c.resource } : {}),
              },
            }
          : {}),
        connected,
        ...(connected && row.tokenExpiresAt ? { expiresAt: row.tokenExpiresAt.toISOString() } : {}),
        ...(row.authError ? { error: row.authError } : {}),
      };
    }
  }
}

/** The v2 MCP server record: the document's McpServer (interface.md 2.11: secrets redacted). */
export function toMcpServer(row: McpServerRow, connections: McpConnections): McpServer {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    description: row.description,
    enabled: row.enabled,
    scope: row.scope === "team" ? "team" : "user",
    userId: EMBEDDED_AUTHOR_ID,
    auth: authOf(row, connections),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The v1 record (v1 document, strict): `object: "mcp_server"`, and `auth` only with its type (interface.md 2.11). */
export function toMcpServerV1(row: McpServerRow): McpServerV1 {
  return {
    object: "mcp_server",
    id: row.id,
    name: row.name,
    url: row.url,
    description: row.description,
    enabled: row.enabled,
    auth: { type: row.authType },
    scope: row.scope === "team" ? "team" : "user",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
