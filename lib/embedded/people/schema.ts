import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Role } from "@/lib/api/schemas/team";

/**
 * The people of one Atelier (docs/people.md): people, their API keys, invitations and the audit log. Re-exported by
 * store/schema.ts so drizzle-kit generates their migrations. Imported by drizzle-kit (plain Node): no "server-only".
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A person. The first admin is `user_embedded`; its password is the environment's, never stored. */
export const people = pgTable(
  "people",
  {
    id: text("id").primaryKey(),
    /** Lowercase; unique among the people not deleted. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").$type<Role>().notNull(),
    disabled: boolean("disabled").notNull().default(false),
    /** scrypt (node:crypto): `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>`; null: no password sign-in. */
    passwordHash: text("password_hash"),
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    /** Bumped on disable, enable, role change, password change and delete: sessions carrying an older one are dead. */
    sessionEpoch: integer("session_epoch").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** Soft delete: the person's chats keep their authorId and their name resolves; they no longer sign in. */
    deletedAt: ts("deleted_at"),
  },
  (t) => [
    uniqueIndex("people_email_live_idx")
      .on(t.email)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex("people_oidc_live_idx")
      .on(t.oidcIssuer, t.oidcSubject)
      .where(sql`${t.deletedAt} is null and ${t.oidcSubject} is not null`),
  ],
);

/**
 * A person's API key `atl_<lookup>_<secret>`: found by its public lookup part, then its SHA-256 compared in constant
 * time; the key itself is never stored.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    personId: text("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    lookup: text("lookup").notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text("key_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [uniqueIndex("api_keys_lookup_idx").on(t.lookup), index("api_keys_person_idx").on(t.personId)],
);

/** An invitation: a one-time token (stored as its SHA-256), 7 days. */
export const invitations = pgTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    role: text("role").$type<Role>().notNull(),
    invitedBy: text("invited_by").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    acceptedBy: text("accepted_by"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("invitations_token_idx").on(t.tokenHash), index("invitations_email_idx").on(t.email)],
);

/** The audit log: who did what to what, never a secret; pruned after the retention period. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    /** Order of writing; the list walks it (newest first). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    at: ts("at").notNull(),
    actor: text("actor"),
    action: text("action").notNull(),
    target: text("target"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("audit_log_seq_idx").on(t.seq), index("audit_log_at_idx").on(t.at)],
);

export type PersonRow = typeof people.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
