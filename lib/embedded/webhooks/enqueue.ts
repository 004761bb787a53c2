import "server-only";
import type { WebhookPayload } from "@/lib/api";
import type { ServiceEvent } from "../events";
import { newId } from "../ids";
import { chatsStore, messagesStore, type Db } from "../store";
import { toChat } from "../views/chat";
import { toMessageView } from "../views/message";
import { webhookWants } from "./scope";
import * as store from "./store";

/**
 * Turns service events into queued deliveries, one per interested webhook, in the order the events came.
 * The payload is built once, at enqueue time, from the state stored then (or the snapshot of a deletion).
 */
export class Enqueuer {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onQueued: () => void,
  ) {}

  accept(event: ServiceEvent): void {
    this.tail = this.tail
      .then(() => this.enqueue(event))
      .catch((error: unknown) => console.error("[embedded] could not queue webhook deliveries for", event.type, error));
  }

  /** Resolves when every accepted event is queued. */
  flush(): Promise<void> {
    return this.tail;
  }

  private async enqueue(event: ServiceEvent): Promise<void> {
    const hooks = (await store.enabledWebhooks(this.db)).filter((hook) => webhookWants(hook, event));
    if (!hooks.length) return;
    const payload = JSON.stringify(await buildPayload(this.db, event));
    const now = new Date();
    await store.insertDeliveries(
      this.db,
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
    this.onQueued();
  }
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
