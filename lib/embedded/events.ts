import "server-only";
import type { WebhookEvent } from "@/lib/api";
import type { ChatRow, Db, MessageRow } from "./store";

/**
 * What happened to a chat or a message (the seven webhook events of interface.md 6.1). `chat` / `message` are
 * snapshots for deletions (the rows are gone by then); otherwise the state is read where the event is recorded.
 */
export interface ServiceEvent {
  type: WebhookEvent;
  chatId: string;
  messageId?: string;
  at: Date;
  chat?: ChatRow;
  message?: MessageRow;
}

export type ServiceEventInput = Omit<ServiceEvent, "type" | "at">;

/**
 * Records an event through `db`: pass the transaction that makes the change, so the event's webhook deliveries are
 * stored with it or not at all (a transactional outbox: an answered request never loses its events).
 */
export type EmitEvent = (db: Db, type: WebhookEvent, input: ServiceEventInput) => Promise<void>;

/** The one thing operations use to record events. */
export interface ServiceEvents {
  emit: EmitEvent;
}
