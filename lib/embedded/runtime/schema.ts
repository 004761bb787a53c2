import { bigint, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The chats' running apps (docs/app-runtime.md), one row per chat whose app was ever started. Re-exported by
 * store/schema.ts so drizzle-kit generates its migration. Imported by drizzle-kit (plain Node): no "server-only".
 *
 * The row is written by the instance that runs the app (its lease: `owner`, `address`, `lease_expires_at`, renewed
 * while it runs) and read by every instance: the state and the log the dashboard shows, where a preview request is
 * forwarded to.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** What an app is doing (the Preview tab's state). */
export type AppRunState = "stopped" | "installing" | "starting" | "running" | "crashed";
/**
 * Why a stopped app stopped: nobody viewed it, a person stopped it, another app took its place, the server stopped,
 * another instance took it over (this one's lease was lost).
 */
export type AppStopReason = "idle" | "person" | "limit" | "shutdown" | "moved";

export const appRuns = pgTable("app_runs", {
  chatId: text("chat_id").primaryKey(),
  /** The instance that runs (or last ran) the app: `host:pid:random`. */
  owner: text("owner").notNull(),
  /** Where other instances reach that instance's preview listener (forwarded preview requests). */
  address: text("address").notNull(),
  /** The lease: the owner renews it while the app is installing, starting or running. */
  leaseExpiresAt: ts("lease_expires_at").notNull(),
  state: text("state").$type<AppRunState>().notNull(),
  stopReason: text("stop_reason").$type<AppStopReason>(),
  /** `dev` or `start`. */
  script: text("script").notNull(),
  manager: text("manager").notNull(),
  /** A crash's or a failed install's explanation; null otherwise. */
  message: text("message"),
  /** `install` or `run`: where a crash happened. */
  failedStep: text("failed_step"),
  exitCode: integer("exit_code"),
  /** The end of the log (install and server output), at most 64 K characters. */
  log: text("log").notNull().default(""),
  /** How many characters were ever written to the log: its end's offset (readers follow it by offset). */
  logEnd: bigint("log_end", { mode: "number" }).notNull().default(0),
  /** The port the app listens on in its sandbox, once it does. */
  port: integer("port"),
  since: ts("since").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

export type AppRunRow = typeof appRuns.$inferSelect;

/**
 * The instances that run apps, and where each one's preview listener is reached by the others (APP_INSTANCE_ADDRESS).
 * Written by each instance for itself at start and renewed while it lives; removed when it closes. A preview request
 * for an app leased by another instance is forwarded only to the address this table records for that instance (and
 * only when the lease row names the same address); an app whose owner has no live row here is taken over.
 */
export const appInstances = pgTable("app_instances", {
  /** The instance (app_runs.owner): `host:pid:random`. */
  owner: text("owner").primaryKey(),
  /** Its preview listener's internal address, `host:port`. */
  address: text("address").notNull(),
  /** Renewed while the instance lives; past it, the instance counts as gone. */
  expiresAt: ts("expires_at").notNull(),
});
