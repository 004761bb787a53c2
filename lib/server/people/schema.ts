import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The dashboard's own people tables (prefixed `dashboard_`, migrations in `drizzle-dashboard/` from
 * `npx drizzle-kit generate --config drizzle-dashboard.config.ts`), on DATABASE_URL or on PGlite in
 * `<DATA_DIR>/pglite`. Imported by drizzle-kit: no "server-only" here.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A person's own API key for the remote deployment (SERVICE_BASE_URL), used by the proxy for their requests instead of
 * the server-held key. Sealed (AES-256-GCM, upstream-keys/seal.ts), bound to the person and to the deployment's base
 * URL: a key stored for another deployment is never sent to this one.
 */
export const upstreamKeys = pgTable("dashboard_upstream_keys", {
  personId: text("person_id").primaryKey(),
  /** The SERVICE_BASE_URL the key was stored for. */
  baseUrl: text("base_url").notNull(),
  sealed: text("sealed").notNull(),
  /** The key's last four characters, to recognize it ("…a1b2"). */
  hint: text("hint").notNull(),
  updatedAt: ts("updated_at").notNull(),
});
