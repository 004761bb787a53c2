import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The dashboard's own tables on PostgreSQL (with DATABASE_URL; prefixed `dashboard_`, migrations in
 * `drizzle-dashboard/` from `npx drizzle-kit generate --config drizzle-dashboard.config.ts`). Imported by drizzle-kit:
 * no "server-only" here.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Sign-in failures and turns per account + address, or per account (policy.ts), shared by every instance on the database. */
export const signInThrottle = pgTable(
  "dashboard_sign_in_throttle",
  {
    /** throttleKey(): the hashed username and the address. */
    key: text("key").primaryKey(),
    /** Times (ms) of the failures within the window. */
    failures: jsonb("failures").$type<number[]>().notNull(),
    lockedUntil: ts("locked_until"),
    /** The earliest time the key's next attempt may be checked (policy.ts); null: now. */
    nextAttemptAt: ts("next_attempt_at"),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("dashboard_sign_in_throttle_updated_idx").on(t.updatedAt)],
);
