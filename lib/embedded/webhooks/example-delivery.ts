import "server-only";
import { webhookEventExample, type WebhookEvent } from "@/lib/api";
import { newId } from "../ids";
import type { Db } from "../store";
import type { DeliveryRow, WebhookRow } from "../store/schema";
import * as store from "./store";

/**
 * A test event: the catalog's example of `event` (timestamped now), stored as a delivery with trigger `test` and
 * attempted at once through `attempt` (signed like any delivery; a failure is retried on the schedule). It is
 * stored with no due time, so the worker leaves it to that first attempt.
 */
export async function sendTestEvent(
  db: Db,
  hook: WebhookRow,
  event: WebhookEvent,
  attempt: (delivery: DeliveryRow) => Promise<DeliveryRow | null>,
): Promise<DeliveryRow> {
  const now = new Date();
  const payload = webhookEventExample(event, now.toISOString());
  const delivery: DeliveryRow = {
    id: newId("dlv"),
    seq: 0,
    webhookId: hook.id,
    type: event,
    chatId: payload.data.chatId,
    messageId: "messageId" in payload.data ? payload.data.messageId : null,
    payload: JSON.stringify(payload),
    status: "pending",
    trigger: "test",
    nextTrigger: null,
    attemptCount: 0,
    nextAttemptAt: null,
    lockedUntil: null,
    createdAt: now,
    updatedAt: now,
  };
  const { seq: _seq, ...row } = delivery;
  await store.insertDeliveries(db, [row]);
  return (await attempt(delivery)) ?? (await store.findDelivery(db, hook.id, delivery.id)) ?? delivery;
}
