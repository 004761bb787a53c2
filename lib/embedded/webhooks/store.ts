import "server-only";
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
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

/** Webhooks that may receive new deliveries (not disabled by a 410). */
export async function enabledWebhooks(db: Db): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(isNull(webhooks.disabledAt)).orderBy(asc(webhooks.seq));
}

export async function updateWebhook(
  db: Db,
  id: string,
  patch: Partial<Pick<WebhookRow, "name" | "url" | "events" | "disabledAt" | "updatedAt">>,
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

/** Newest first; `beforeSeq` continues a page. */
export async function listDeliveries(
  db: Db,
  webhookId: string,
  opts: { limit: number; beforeSeq?: number },
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        opts.beforeSeq === undefined ? undefined : lt(webhookDeliveries.seq, opts.beforeSeq),
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

/** Gives a lease back without an attempt (the service is shutting down): the delivery is due again at once. */
export async function unlockDelivery(db: Db, id: string, now: Date): Promise<void> {
  await db.update(webhookDeliveries).set({ lockedUntil: null, nextAttemptAt: now }).where(eq(webhookDeliveries.id, id));
}

interface AttemptOutcome {
  attempt: AttemptRow;
  status: DeliveryRow["status"];
  /** The webhook answered 410 Gone: disable it. */
  disableWebhook: boolean;
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
          attemptCount: attempt.number,
          nextAttemptAt: attempt.nextAttemptAt,
          lockedUntil: null,
          updatedAt: attempt.at,
        })
        .where(eq(webhookDeliveries.id, delivery.id))
        .returning({ id: webhookDeliveries.id });
      if (!updated) return false;
      await tx.insert(webhookAttempts).values(attempt);
      if (outcome.disableWebhook) {
        await tx
          .update(webhooks)
          .set({ disabledAt: attempt.at, updatedAt: attempt.at })
          .where(eq(webhooks.id, delivery.webhookId));
      }
      return true;
    });
  } catch (error) {
    // The webhook (and with it the delivery) was deleted while the attempt was in flight.
    if (!(await findDelivery(db, delivery.webhookId, delivery.id))) return false;
    throw error;
  }
}
