import "server-only";
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { notify } from "@/lib/db/notify";
import type { Db } from "../store/db";
import { appInstances, appRuns, type AppRunRow } from "./schema";

/**
 * The app_runs rows (schema.ts): one per chat whose app was started. The instance that runs an app holds its lease
 * (renewed while it installs, starts or runs; the database's clock decides expiry) and is the only one that writes its
 * row; every instance reads it (state, log, where to forward). Changes are announced on APP_CHANNEL.
 */

/** A row's state or log changed (payload: the chat id): readers on every instance look again. */
const APP_CHANNEL = "atelier_app";

const expiresIn = (ttlMs: number) => sql`now() + make_interval(secs => ${ttlMs / 1000})`;

/** Records (or renews) this instance and its preview listener's internal address (schema.ts, app_instances). */
export async function recordInstance(db: Db, owner: string, address: string, ttlMs: number): Promise<void> {
  await db
    .insert(appInstances)
    .values({ owner, address, expiresAt: expiresIn(ttlMs) })
    .onConflictDoUpdate({ target: appInstances.owner, set: { address, expiresAt: expiresIn(ttlMs) } });
}

/** Removes this instance's row (it closes): its apps are then taken over by whichever instance a request reaches. */
export async function forgetInstance(db: Db, owner: string): Promise<void> {
  await db.delete(appInstances).where(eq(appInstances.owner, owner));
}

/**
 * Where a chat's app runs, seen from instance `self`: `here` (its lease is self's, or no live lease: start it here),
 * `{ forward }` (leased by another live instance: its recorded address), or `{ takeOver }` (a live lease whose owner
 * is not a live instance, or whose row names another address than the one that instance recorded: not followed; the
 * app is taken from that owner). The address comes from the database only, never from a request.
 */
export async function whereAppRuns(
  db: Db,
  chatId: string,
  self: string,
): Promise<"here" | { forward: string; owner: string } | { takeOver: string }> {
  const rows = await db
    .select({
      owner: appRuns.owner,
      address: appRuns.address,
      leased: sql<boolean>`${appRuns.leaseExpiresAt} > now()`,
      instanceAddress: appInstances.address,
      instanceLive: sql<boolean>`coalesce(${appInstances.expiresAt} > now(), false)`,
    })
    .from(appRuns)
    .leftJoin(appInstances, eq(appInstances.owner, appRuns.owner))
    .where(eq(appRuns.chatId, chatId));
  const row = rows[0];
  if (!row || !row.leased || row.owner === self) return "here";
  if (row.instanceLive && row.instanceAddress !== null && row.instanceAddress === row.address)
    return { forward: row.instanceAddress, owner: row.owner };
  return { takeOver: row.owner };
}

type Claim = Pick<AppRunRow, "owner" | "address" | "state" | "script" | "manager"> & { ttlMs: number };

/**
 * Takes the chat's app for `owner`: when no row exists, its lease has expired, it is already the owner's, or it
 * belongs to `from` (an instance found gone). Returns the row (its log goes on from there), or null when another
 * instance holds it.
 */
export async function claimAppRun(db: Db, chatId: string, claim: Claim, from?: string): Promise<AppRunRow | null> {
  const now = sql`now()`;
  const set = {
    owner: claim.owner,
    address: claim.address,
    leaseExpiresAt: expiresIn(claim.ttlMs),
    state: claim.state,
    stopReason: null,
    script: claim.script,
    manager: claim.manager,
    message: null,
    failedStep: null,
    exitCode: null,
    port: null,
    since: now,
    updatedAt: now,
  };
  const rows = await db
    .insert(appRuns)
    .values({ chatId, ...set })
    .onConflictDoUpdate({
      target: appRuns.chatId,
      set,
      setWhere: or(
        lte(appRuns.leaseExpiresAt, now),
        eq(appRuns.owner, claim.owner),
        ...(from ? [eq(appRuns.owner, from)] : []),
      ),
    })
    .returning();
  return rows[0] ?? null;
}

/** Renews the owner's leases; returns the chats whose lease it still holds (the others were taken over). */
export async function renewAppRuns(
  db: Db,
  owner: string,
  chatIds: readonly string[],
  ttlMs: number,
): Promise<string[]> {
  if (!chatIds.length) return [];
  const rows = await db
    .update(appRuns)
    .set({ leaseExpiresAt: expiresIn(ttlMs) })
    .where(and(eq(appRuns.owner, owner), inArray(appRuns.chatId, [...chatIds])))
    .returning({ chatId: appRuns.chatId });
  return rows.map((r) => r.chatId);
}

type Update = Partial<
  Pick<AppRunRow, "state" | "stopReason" | "message" | "failedStep" | "exitCode" | "log" | "logEnd" | "port">
> & {
  /** Ends the lease now (the app no longer runs here: stopped or crashed). */
  release?: boolean;
  /** The state changed: `since` is now. */
  newState?: boolean;
};

/** Writes the owner's row (never another instance's) and announces it; false when the owner no longer holds it. */
export async function updateAppRun(db: Db, chatId: string, owner: string, update: Update): Promise<boolean> {
  const { release, newState, ...fields } = update;
  const rows = await db.transaction(async (tx) => {
    const written = await tx
      .update(appRuns)
      .set({
        ...fields,
        ...(release ? { leaseExpiresAt: sql`now()` } : {}),
        ...(newState ? { since: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(appRuns.chatId, chatId), eq(appRuns.owner, owner)))
      .returning({ chatId: appRuns.chatId });
    if (written.length) await notify(tx, APP_CHANNEL, chatId);
    return written;
  });
  return rows.length > 0;
}
