import "server-only";
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../store";
import {
  webhookAttempts,
  webhookDeliveries,
  webhooks,
  type AttemptRow,
  type DeliveryRow,
  type WebhookRow,
} from "../store/schema";

/** Queries of the webhook tables (driver-agnostic, like the rest of the store). */

type NewWebhook = Omit<WebhookRow, "seq">;

export async function insertWebhook(db: Db, hook: NewWebhook): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(hook).returning();
  return row!;
}

export async function findWebhook(db: Db, id: string): Promise<WebhookRow | null> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id)).limit(1);
  return row ?? null;
}

/** Newest first. */
export async function listWebhooks(db: Db): Promise<WebhookRow[]> {
  return db.select().from(webhooks).orderBy(desc(webhooks.seq));
}

/** Webhooks that may receive new deliveries (not disabled). */
export async function enabledWebhooks(db: Db): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(isNull(webhooks.disabledAt)).orderBy(asc(webhooks.seq));
}

export async function updateWebhook(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      WebhookRow,
      | "name"
      | "url"
      | "events"
      | "disabledAt"
      | "disabledReason"
      | "failingSince"
      | "secret"
      | "previousSecret"
      | "previousSecretUntil"
      | "updatedAt"
    >
  >,
): Promise<WebhookRow | null> {
  const [row] = await db.update(webhooks).set(patch).where(eq(webhooks.id, id)).returning();
  return row ?? null;
}

/** Irreversible: its deliveries and attempts go with it. */
export async function deleteWebhook(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return rows.length > 0;
}

// ----- deliveries -----

type NewDelivery = Omit<DeliveryRow, "seq">;

export async function insertDeliveries(db: Db, rows: NewDelivery[]): Promise<void> {
  if (rows.length) await db.insert(webhookDeliveries).values(rows);
}

export async function findDelivery(db: Db, webhookId: string, id: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId)))
    .limit(1);
  return row ?? null;
}

/** Newest first; `beforeSeq` continues a page; `status` and `type` filter. */
export async function listDeliveries(
  db: Db,
  webhookId: string,
  opts: { limit: number; beforeSeq?: number; status?: DeliveryRow["status"]; type?: DeliveryRow["type"] },
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        opts.beforeSeq === undefined ? undefined : lt(webhookDeliveries.seq, opts.beforeSeq),
        opts.status === undefined ? undefined : eq(webhookDeliveries.status, opts.status),
        opts.type === undefined ? undefined : eq(webhookDeliveries.type, opts.type),
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(opts.limit);
}

/** Attempts of the given deliveries, oldest first. */
export async function attemptsOf(db: Db, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (!deliveryIds.length) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.number));
}

const unlocked = (now: Date) => or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now));

/** Pending deliveries that are due, of enabled webhooks, oldest first. */
export async function dueDeliveries(db: Db, now: Date, limit: number): Promise<DeliveryRow[]> {
  return db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
        unlocked(now),
        isNull(webhooks.disabledAt),
      ),
    )
    .orderBy(asc(webhookDeliveries.seq))
    .limit(limit)
    .then((rows) => rows.map((r) => r.delivery));
}

/** When the worker has something to do next: the earliest due time or lease end of a pending delivery. */
export async function nextWakeAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<
        Date | string | null
      >`min(greatest(${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.lockedUntil}))`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.status, "pending"), isNull(webhooks.disabledAt)));
  const at = row?.at;
  if (at === null || at === undefined) return null;
  return at instanceof Date ? at : new Date(at);
}

/**
 * Takes the lease of a delivery for one attempt (null when someone else holds it). With `resend`, a finished
 * delivery is taken too and becomes pending again.
 */
export async function lockDelivery(
  db: Db,
  id: string,
  now: Date,
  until: Date,
  opts: { resend?: boolean } = {},
): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: until, ...(opts.resend ? { status: "pending" as const, nextAttemptAt: now } : {}) })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        unlocked(now),
        opts.resend
          ? undefined
          : and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Makes the deliveries of a webhook created at or after `since` due now, marked so their next attempt is recorded
 * as a replay: those whose last attempt failed (failed for good, or pending a retry), or with `all` every one not
 * in flight. Returns how many.
 */
export async function markForReplay(
  db: Db,
  webhookId: string,
  opts: { since: Date; all: boolean; now: Date },
): Promise<number> {
  const lastFailed = or(
    eq(webhookDeliveries.status, "failed"),
    and(eq(webhookDeliveries.status, "pending"), gt(webhookDeliveries.attemptCount, 0)),
  );
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: opts.now, nextTrigger: "replay", updatedAt: opts.now })
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        gte(webhookDeliveries.createdAt, opts.since),
        unlocked(opts.now),
        opts.all ? undefined : lastFailed,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** Gives a lease back without an attempt (the service is shutting down): the delivery is due again at once. */
export async function unlockDelivery(db: Db, id: string, now: Date): Promise<void> {
  await db.update(webhookDeliveries).set({ lockedUntil: null, nextAttemptAt: now }).where(eq(webhookDeliveries.id, id));
}

interface AttemptOutcome {
  attempt: AttemptRow;
  status: DeliveryRow["status"];
  /** The webhook answered 410 Gone: disable it. */
  gone: boolean;
  /** The clock the failure age is judged by (the service's injected one in tests). */
  now: Date;
  /** A failed attempt when every attempt has failed for this long disables the webhook. */
  disableAfterMs: number;
}

/** Records an attempt and its consequence in one transaction. False when the delivery vanished meanwhile. */
export async function recordAttempt(db: Db, delivery: DeliveryRow, outcome: AttemptOutcome): Promise<boolean> {
  const { attempt } = outcome;
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(webhookDeliveries)
        .set({
          status: outcome.status,
          nextTrigger: null,
          attemptCount: attempt.number,
          nextAttemptAt: attempt.nextAttemptAt,
          lockedUntil: null,
          updatedAt: attempt.at,
        })
        .where(eq(webhookDeliveries.id, delivery.id))
        .returning({ id: webhookDeliveries.id });
      if (!updated) return false;
      await tx.insert(webhookAttempts).values(attempt);
      await recordHealth(tx, delivery.webhookId, outcome);
      return true;
    });
  } catch (error) {
    // The webhook (and with it the delivery) was deleted while the attempt was in flight.
    if (!(await findDelivery(db, delivery.webhookId, delivery.id))) return false;
    throw error;
  }
}

/** Days of nothing but failures, in words ("5 days", "36 hours"). */
function span(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  return hours % 24 === 0 && hours > 0 ? `${hours / 24} day${hours === 24 ? "" : "s"}` : `${hours} hours`;
}

/**
 * The webhook's health after an attempt: a success clears `failingSince`; a failure sets it if unset, and disables
 * the webhook on a 410 or once every attempt has failed for `disableAfterMs`.
 */
async function recordHealth(tx: Db, webhookId: string, outcome: AttemptOutcome): Promise<void> {
  const { attempt, now } = outcome;
  if (attempt.ok) {
    await tx.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, webhookId));
    return;
  }
  const [hook] = await tx
    .select({ failingSince: webhooks.failingSince, disabledAt: webhooks.disabledAt })
    .from(webhooks)
    .where(eq(webhooks.id, webhookId))
    .limit(1);
  if (!hook) return;
  const failingSince = hook.failingSince ?? now;
  const reason = outcome.gone
    ? "The target answered 410 Gone."
    : now.getTime() - failingSince.getTime() >= outcome.disableAfterMs
      ? `Every attempt failed for ${span(outcome.disableAfterMs)} (since ${failingSince.toISOString()}).`
      : null;
  const disable = reason !== null && !hook.disabledAt;
  await tx
    .update(webhooks)
    .set({
      failingSince,
      ...(disable ? { disabledAt: now, disabledReason: reason, updatedAt: now } : {}),
    })
    .where(eq(webhooks.id, webhookId));
}
