import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Tables of the remote MCP endpoint's own authorization server (docs/embedded-service.md, "Remote MCP endpoint"):
 * registered clients, authorization codes and tokens. Codes and tokens are stored as SHA-256 hashes only (they are
 * random 256-bit values, so a plain hash is enough: nothing to brute-force). Re-exported by store/schema.ts so
 * drizzle-kit generates their migrations. Imported by drizzle-kit (plain Node): no "server-only".
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A client: registered dynamically (RFC 7591) or known by its client ID metadata document (an https URL). */
export const remoteMcpClients = pgTable("remote_mcp_clients", {
  clientId: text("client_id").primaryKey(),
  kind: text("kind").$type<"registered" | "metadata_document">().notNull(),
  clientName: text("client_name"),
  clientUri: text("client_uri"),
  redirectUris: jsonb("redirect_uris").$type<string[]>().notNull(),
  /** The client metadata as registered (or as last fetched), returned by the registration endpoint. */
  metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull(),
  createdAt: ts("created_at").notNull(),
  /** When the metadata document was last fetched (metadata_document clients). */
  fetchedAt: ts("fetched_at"),
  /**
   * When a person last approved the client on the authorize page. A registration never approved is anyone's
   * (registration needs no sign-in): it is forgotten after an hour, and only so many may wait at once.
   */
  approvedAt: ts("approved_at"),
});

/** An authorization code: single use, short-lived, bound to client, redirect URI, PKCE challenge and resource. */
export const remoteMcpCodes = pgTable("remote_mcp_codes", {
  codeHash: text("code_hash").primaryKey(),
  clientId: text("client_id")
    .notNull()
    .references(() => remoteMcpClients.clientId, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  resource: text("resource").notNull(),
  scope: text("scope"),
  /** Who approved (the dashboard user's name). */
  subject: text("subject").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  /** The grant its exchange created (to revoke it when the code is used twice). */
  grantId: text("grant_id"),
});

/**
 * Access and refresh tokens. A grant (one approval) is a family: refreshing rotates the refresh token (the old one
 * gets `usedAt`); presenting a used refresh token again revokes the whole family (reuse detection), unless its first
 * use was a few seconds ago (a client's requests refreshing at once: refresh.ts).
 */
export const remoteMcpTokens = pgTable(
  "remote_mcp_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind").$type<"access" | "refresh">().notNull(),
    grantId: text("grant_id").notNull(),
    clientId: text("client_id")
      .notNull()
      .references(() => remoteMcpClients.clientId, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    scope: text("scope"),
    subject: text("subject").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [index("remote_mcp_tokens_grant_idx").on(t.grantId), index("remote_mcp_tokens_client_idx").on(t.clientId)],
);

export type RemoteMcpClientRow = typeof remoteMcpClients.$inferSelect;
