import "server-only";
import type { WebhookEvent } from "@/lib/api";
import type { ChatRow, MessageRow } from "./store";

/**
 * What happened to a chat or a message (the seven webhook events of interface.md 6.1). Emitted by the operation
 * that caused it, after the change is stored. `chat` / `message` are snapshots for deletions (the rows
 * are gone by then); otherwise subscribers read the current state themselves.
 */
export interface ServiceEvent {
  type: WebhookEvent;
  chatId: string;
  messageId?: string;
  at: Date;
  chat?: ChatRow;
  message?: MessageRow;
}

type ServiceEventInput = Omit<ServiceEvent, "type" | "at">;
type ServiceEventListener = (event: ServiceEvent) => void;

/** The service's event bus: synchronous fan-out; a failing listener is logged and never breaks the emitter. */
export class EventBus {
  private readonly listeners = new Set<ServiceEventListener>();

  emit(type: WebhookEvent, input: ServiceEventInput): void {
    const event: ServiceEvent = { type, at: new Date(), ...input };
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error("[embedded] event listener failed", type, error);
      }
    }
  }

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: ServiceEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The one function operations call (a narrow view of the bus). */
export type EmitEvent = EventBus["emit"];
