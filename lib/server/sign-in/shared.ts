import "server-only";
import path from "node:path";
import { and, eq, isNull, lt, lte, or } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { openDb } from "@/lib/db/open";
import * as schema from "./schema";
import {
  DEFAULT_POLICIES,
  entryState,
  policyFor,
  withAdmission,
  withFailure,
  type ThrottleEntry,
  type ThrottlePolicies,
  type ThrottleState,
} from "./policy";
import { sleep, type Throttle } from "./throttle";

type DashboardDb = PgDatabase<PgQueryResultHKT, typeof schema>;
const table = schema.signInThrottle;

/** Rows untouched for this long, and not locked, are deleted (at most every PRUNE_EVERY_MS per instance). */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The sign-in throttle on PostgreSQL (DATABASE_URL): the counts and turns of every instance sharing the database are
 * one, so several instances lock an account + address after the same 10 failures as one would, and space one
 * account's attempts as one would (policy.ts). A failure or a turn is taken in a transaction that locks the key's row
 * (two instances counting at once cannot lose one). The database opens on the
 * first sign-in, with its own migrations (`drizzle-dashboard/`, table `dashboard_sign_in_throttle`).
 */
export class SharedSignInThrottle implements Throttle {
  private opened: Promise<{ db: DashboardDb; close(): Promise<void> }> | null = null;
  private lastPrunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly databaseUrl: string,
    readonly policies: ThrottlePolicies = DEFAULT_POLICIES,
    private readonly now: () => number = Date.now,
    private readonly migrationsFolder = path.join(process.cwd(), "drizzle-dashboard"),
  ) {}

  private async db(): Promise<DashboardDb> {
    this.opened ??= openDb({
      dataDir: "unused",
      databaseUrl: this.databaseUrl,
      schema,
      migrationsFolder: this.migrationsFolder,
      migrationsTable: "__drizzle_migrations_dashboard",
      poolSize: 2,
    }).catch((error: unknown) => {
      this.opened = null; // the next sign-in tries again
      throw error;
    });
    return (await this.opened).db;
  }

  async check(key: string): Promise<ThrottleState> {
    const db = await this.db();
    const [row] = await db.select().from(table).where(eq(table.key, key));
    return entryState(row && toEntry(row), this.now(), policyFor(key, this.policies));
  }

  /** The attempt's turn, taken in the key's locked row: refused, or how long from now it comes. */
  takeTurn(key: string): Promise<{ waitMs: number } & ThrottleState> {
    return this.update(key, withAdmission);
  }

  async admit(key: string): Promise<ThrottleState> {
    const { waitMs, ...state } = await this.takeTurn(key);
    if (waitMs > 0) await sleep(waitMs);
    return state;
  }

  recordFailure(key: string): Promise<{ delayMs: number } & ThrottleState> {
    return this.update(key, withFailure);
  }

  /**
   * One change of a key's entry, in a transaction that locks its row: two instances changing it at once (a failure
   * each, or two turns) cannot lose one.
   */
  private async update<R>(
    key: string,
    change: (
      entry: ThrottleEntry | undefined,
      now: number,
      policy: ReturnType<typeof policyFor>,
    ) => { entry: ThrottleEntry; result: R },
  ): Promise<R> {
    const db = await this.db();
    const now = this.now();
    const result = await db.transaction(async (tx) => {
      await tx
        .insert(table)
        .values({ key, failures: [], lockedUntil: null, nextAttemptAt: null, updatedAt: new Date(now) })
        .onConflictDoNothing();
      const [row] = await tx.select().from(table).where(eq(table.key, key)).for("update");
      const { entry, result } = change(row && toEntry(row), now, policyFor(key, this.policies));
      await tx
        .update(table)
        .set({
          failures: entry.failures,
          lockedUntil: entry.lockedUntil ? new Date(entry.lockedUntil) : null,
          nextAttemptAt: entry.nextAt ? new Date(entry.nextAt) : null,
          updatedAt: new Date(now),
        })
        .where(eq(table.key, key));
      return result;
    });
    await this.pruneNowAndThen(db, now);
    return result;
  }

  async recordSuccess(key: string): Promise<void> {
    const db = await this.db();
    const now = new Date(this.now());
    // Not while locked: a right password then changes nothing.
    await db.delete(table).where(and(eq(table.key, key), or(isNull(table.lockedUntil), lte(table.lockedUntil, now))));
  }

  /** Keys whose failures have all left the window, not locked and with no turn ahead, hold nothing: deleted. */
  private async pruneNowAndThen(db: DashboardDb, now: number): Promise<void> {
    if (now - this.lastPrunedAt < PRUNE_EVERY_MS) return;
    this.lastPrunedAt = now;
    const windowMs = Math.max(this.policies.address.windowMs, this.policies.anyAddress.windowMs);
    await db
      .delete(table)
      .where(
        and(
          lt(table.updatedAt, new Date(now - windowMs)),
          or(isNull(table.lockedUntil), lte(table.lockedUntil, new Date(now))),
          or(isNull(table.nextAttemptAt), lte(table.nextAttemptAt, new Date(now))),
        ),
      );
  }

  async close(): Promise<void> {
    const opened = this.opened;
    this.opened = null;
    if (opened) await (await opened).close();
  }
}

function toEntry(row: typeof table.$inferSelect): ThrottleEntry {
  return {
    failures: row.failures,
    lockedUntil: row.lockedUntil?.getTime() ?? 0,
    nextAt: row.nextAttemptAt?.getTime() ?? 0,
  };
}
