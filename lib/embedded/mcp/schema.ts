import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Tables of the MCP server registrations and their OAuth connections (interface.md 2.11, 4.3, 5.6; wire-decisions.md 9).
 * Re-exported by store/schema.ts so drizzle-kit generates their migrations. Imported by drizzle-kit (plain Node):
 * no "server-only". Secrets (client secret, tokens, PKCE verifier) are stored encrypted (see ./secret-box.ts).
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The stored OAuth configuration without its secret (the client secret is a separate encrypted column). */
export interface StoredOAuthConfig {
  authorizationUrl: string;
  tokenUrl: string;
  /** Absent: the service's client metadata document URL is the client id. */
  clientId?: string;
  scopes: string[];
  usePKCE: boolean;
  resource?: string;
}

/** How the service authenticates to the MCP server: the spec's none/oauth and the document's bearer/custom-headers. */
export type McpAuthType = "oauth" | "none" | "bearer" | "custom-headers";

export const mcpServers = pgTable(
  "mcp_servers",
  {
    id: text("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    enabled: boolean("enabled").notNull(),
    scope: text("scope").notNull(),
    /** The document's `description` (empty when not given). */
    description: text("description").notNull().default(""),
    authType: text("auth_type").$type<McpAuthType>().notNull(),
    /** bearer: the sealed token; custom-headers: the sealed JSON object of header values. Null otherwise. */
    staticSecretEnc: text("static_secret_enc"),
    /** custom-headers: the header names (not secret; the record shows them with redacted values). */
    headerNames: jsonb("header_names").$type<string[]>(),
    oauthConfig: jsonb("oauth_config").$type<StoredOAuthConfig>(),
    clientSecretEnc: text("client_secret_enc"),
    /** The connection: encrypted tokens; null while disconnected. */
    accessTokenEnc: text("access_token_enc"),
    refreshTokenEnc: text("refresh_token_enc"),
    tokenExpiresAt: ts("token_expires_at"),
    connectedAt: ts("connected_at"),
    /** Why the last connection attempt or refresh failed (shown as auth.error); null when fine. */
    authError: text("auth_error"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("mcp_servers_seq_idx").on(t.seq)],
);

/** One pending authorization (authorize → callback). Keyed by the SHA-256 of `state`; used once; expires. */
export const mcpOauthStates = pgTable(
  "mcp_oauth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    serverId: text("server_id")
      .notNull()
      .references(() => mcpServers.id, { onDelete: "cascade" }),
    /** Which callback the provider redirects to: "v1" or "v2". */
    apiVersion: text("api_version").$type<"v1" | "v2">().notNull(),
    redirectUri: text("redirect_uri").notNull(),
    returnUrl: text("return_url").notNull(),
    codeVerifierEnc: text("code_verifier_enc"),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("mcp_oauth_states_server_idx").on(t.serverId)],
);

export type McpServerRow = typeof mcpServers.$inferSelect;
export type McpOauthStateRow = typeof mcpOauthStates.$inferSelect;

/**
 * The connection log of one MCP server: each step of connecting and using it (token exchange, refresh, initialize,
 * each call with its duration), secrets redacted before they are stored. The last 100 per server are kept (older
 * ones are deleted as new ones come); in the database so that every instance on one PostgreSQL shows the same log.
 */
export const mcpConnectionLog = pgTable(
  "mcp_connection_log",
  {
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().primaryKey(),
    serverId: text("server_id")
      .notNull()
      .references(() => mcpServers.id, { onDelete: "cascade" }),
    at: ts("at").notNull(),
    step: text("step").notNull(),
    ok: boolean("ok").notNull(),
    detail: text("detail").notNull(),
    durationMs: integer("duration_ms"),
  },
  (t) => [index("mcp_connection_log_server_idx").on(t.serverId, t.seq)],
);

export type McpConnectionLogRow = typeof mcpConnectionLog.$inferSelect;
