import "server-only";
import { notify } from "@/lib/db/notify";
import type { WebhookPayload } from "@/lib/api";
import type { ServiceEvent } from "../events";
import { newId } from "../ids";
import { chatsStore, messagesStore, type Db } from "../store";
import { toChat } from "../views/chat";
import { toMessageView } from "../views/message";
import { webhookWants } from "./scope";
import * as store from "./store";

/** Where a stored delivery is announced, so every instance's worker looks at the queue (at the commit). */
export const DELIVERIES_CHANNEL = "atelier_webhook_deliveries";

/**
 * Stores the event's deliveries, one per interested webhook, through `db` (the transaction of the change that caused
 * the event: the transactional outbox), and announces them to the workers at the commit. The payload is built from
 * the state as that transaction sees it (or the snapshot of a deletion).
 */
export async function recordEvent(db: Db, event: ServiceEvent): Promise<void> {
  const hooks = (await store.enabledWebhooks(db)).filter((hook) => webhookWants(hook, event));
  if (!hooks.length) return;
  const payload = JSON.stringify(await buildPayload(db, event));
  const now = new Date();
  await store.insertDeliveries(
    db,
    hooks.map((hook) => ({
      id: newId("dlv"),
      webhookId: hook.id,
      type: event.type,
      chatId: event.chatId,
      messageId: event.messageId ?? null,
      payload,
      status: "pending" as const,
      attemptCount: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await notify(db, DELIVERIES_CHANNEL, "");
}

/** `{type, timestamp, data: {chatId, messageId?, chat?, message?}}` (wire-decisions.md 8) with v2 Chat / Message JSON. */
async function buildPayload(db: Db, event: ServiceEvent): Promise<WebhookPayload> {
  const data: WebhookPayload["data"] = { chatId: event.chatId };
  if (event.messageId) data.messageId = event.messageId;
  if (event.type.startsWith("chat.")) {
    const chat = event.chat ?? (await chatsStore.findChat(db, event.chatId));
    if (chat) data.chat = toChat(chat);
  } else if (event.messageId) {
    const message = event.message ?? (await messagesStore.findMessage(db, event.chatId, event.messageId));
    if (message) data.message = await toMessageView(db, message);
  }
  return { type: event.type, timestamp: event.at.toISOString(), data };
}
