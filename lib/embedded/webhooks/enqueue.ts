import "server-only";
import { notify } from "@/lib/db/notify";
import type { WebhookEventPayload } from "@/lib/api";
import type { ServiceEvent } from "../events";
import { newId } from "../ids";
import { type Db } from "../store";
import * as chatsStore from "../chats/store";
import * as messagesStore from "../messages/store";
import { toChat } from "../chats/views";
import { toMessageView } from "../messages/views";
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
      trigger: "event" as const,
      nextTrigger: null,
      attemptCount: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await notify(db, DELIVERIES_CHANNEL, "");
}

/**
 * `{type, timestamp, data: {chatId, chat}}` or `{…, data: {chatId, messageId, message}}` (wire-decisions.md 8) with
 * v2 Chat / Message JSON, typed by the event's schema (lib/api/schemas/webhook-events.ts, the event catalog's source).
 */
async function buildPayload(db: Db, event: ServiceEvent): Promise<WebhookEventPayload> {
  const timestamp = event.at.toISOString();
  const { type, chatId, messageId } = event;
  if (type === "chat.created" || type === "chat.updated" || type === "chat.deleted") {
    const chat = event.chat ?? (await chatsStore.findChat(db, chatId));
    if (!chat) throw new Error(`${type}: chat ${chatId} is not in the store`);
    return { type, timestamp, data: { chatId, chat: toChat(chat) } };
  }
  const message = event.message ?? (messageId ? await messagesStore.findMessage(db, chatId, messageId) : null);
  if (!message) throw new Error(`${type}: message ${messageId ?? "(none)"} of chat ${chatId} is not in the store`);
  return { type, timestamp, data: { chatId, messageId: message.id, message: await toMessageView(db, message) } };
}
