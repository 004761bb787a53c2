import "server-only";
import { notify } from "@/lib/db/notify";
import type { WebhookEventPayload } from "@/lib/api";
import type { ServiceEvent } from "../events";
import { newId } from "../ids";
import { type ChatRow, type Db } from "../store";
import { chatAccess, type Reader } from "../chats/access";
import * as peopleStore from "../people/store";
import * as chatsStore from "../chats/store";
import * as messagesStore from "../messages/store";
import { toChat } from "../chats/views";
import { toMessageView } from "../messages/views";
import { webhookWants } from "./scope";
import * as store from "./store";

/** Where a stored delivery is announced, so every instance's worker looks at the queue (at the commit). */
export const DELIVERIES_CHANNEL = "atelier_webhook_deliveries";

/**
 * Stores the event's deliveries, one per interested webhook whose maker may read the chat (issue 40: a webhook sees
 * what its maker sees, chats/access.ts), through `db` (the transaction of the change that caused the event: the
 * transactional outbox), and announces them to the workers at the commit. The payload is built from the state as
 * that transaction sees it (or the snapshot of a deletion); its chat's `writePermission` is the maker's.
 */
export async function recordEvent(db: Db, event: ServiceEvent): Promise<void> {
  const wanting = (await store.enabledWebhooks(db)).filter((hook) => webhookWants(hook, event));
  if (!wanting.length) return;
  const chat = event.chat ?? (await chatsStore.findChat(db, event.chatId));
  if (!chat) return;
  const makers = await makersOf(db, wanting);
  const hooks = wanting.flatMap((hook) => {
    const maker = makers.get(hook.createdBy);
    const access = maker ? chatAccess(maker, chat) : "none";
    return access === "none" ? [] : [{ hook, writable: access === "write" }];
  });
  if (!hooks.length) return;
  const payloads = new Map<boolean, string>();
  const payloadFor = async (writable: boolean) => {
    if (!payloads.has(writable)) payloads.set(writable, JSON.stringify(await buildPayload(db, event, chat, writable)));
    return payloads.get(writable)!;
  };
  const now = new Date();
  await store.insertDeliveries(
    db,
    await Promise.all(
      hooks.map(async ({ hook, writable }) => ({
        id: newId("dlv"),
        webhookId: hook.id,
        type: event.type,
        chatId: event.chatId,
        messageId: event.messageId ?? null,
        payload: await payloadFor(writable),
        status: "pending" as const,
        trigger: "event" as const,
        nextTrigger: null,
        attemptCount: 0,
        nextAttemptAt: now,
        lockedUntil: null,
        createdAt: now,
        updatedAt: now,
      })),
    ),
  );
  await notify(db, DELIVERIES_CHANNEL, "");
}

/**
 * `{type, timestamp, data: {chatId, chat}}` or `{…, data: {chatId, messageId, message}}` (wire-decisions.md 8) with
 * v2 Chat / Message JSON, typed by the event's schema (lib/api/schemas/webhook-events.ts, the event catalog's source).
 */
async function buildPayload(
  db: Db,
  event: ServiceEvent,
  chat: ChatRow,
  writable: boolean,
): Promise<WebhookEventPayload> {
  const timestamp = event.at.toISOString();
  const { type, chatId, messageId } = event;
  if (type === "chat.created" || type === "chat.updated" || type === "chat.deleted") {
    return { type, timestamp, data: { chatId, chat: toChat(chat, writable) } };
  }
  const message = event.message ?? (messageId ? await messagesStore.findMessage(db, chatId, messageId) : null);
  if (!message) throw new Error(`${type}: message ${messageId ?? "(none)"} of chat ${chatId} is not in the store`);
  return { type, timestamp, data: { chatId, messageId: message.id, message: await toMessageView(db, message) } };
}

/**
 * The makers of these webhooks as readers: their id and stored role (a maker who left keeps what they could read;
 * an admin hands their chats on, or deletes the webhook).
 */
async function makersOf(db: Db, hooks: readonly { createdBy: string }[]): Promise<Map<string, Reader>> {
  const out = new Map<string, Reader>();
  for (const id of new Set(hooks.map((h) => h.createdBy))) {
    const person = await peopleStore.personById(db, id);
    if (person) out.set(id, { personId: person.id, role: person.role });
  }
  return out;
}
