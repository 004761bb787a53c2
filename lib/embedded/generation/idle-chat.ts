import "server-only";
import type { WebhookEvent } from "@/lib/api";
import { chatBusy, notFound } from "../errors";
import type { EmitEvent, ServiceEventInput } from "../events";
import { closeAbandoned } from "./recovery";
import { type ChatRow, type Db } from "../store";
import * as leasesStore from "./store";

/**
 * The one rule for "the chat is busy": one generation per chat, across every instance sharing the database. A chat
 * is busy while its generation lease (generation/store.ts) is live; every change of an existing chat (send, resolve,
 * restore, delete, duplicate, branch, lock toggles, hand edits, a Git pull and the start of a push) runs through
 * `withIdleChat`, and "which message is generating" (stop, resume) is `generatingMessageId`, the same lease read.
 */

/** What a change of an idle chat gets. */
interface IdleChat {
  /** The transaction of the change: use it, nothing else. */
  tx: Db;
  /** The chat's row, locked until the transaction ends (no generation starts meanwhile). */
  chat: ChatRow;
  /** Records a webhook event of this change; recorded in the transaction after the change, in order. */
  emit(type: WebhookEvent, input: ServiceEventInput): void;
}

/**
 * Runs `fn` in a transaction that holds the chat's row: 404 without the chat, 409 `chat_busy` while a live lease
 * holds it (nothing changes then). An expired lease's message (its generation is gone) is closed first, as recovery
 * would. The events `fn` emits are recorded in the same transaction once it returns, so they commit with the change
 * or not at all.
 */
export async function withIdleChat<T>(
  scope: { db: Db; emit: EmitEvent },
  chatId: string,
  fn: (idle: IdleChat) => Promise<T>,
): Promise<T> {
  return scope.db.transaction(async (tx) => {
    const locked = await leasesStore.lockChatLease(tx, chatId);
    if (locked === "missing") throw notFound(`Chat ${chatId}`, "chat_not_found");
    const { chat, lease } = locked;
    if (lease?.live) throw chatBusy();
    const events: Array<[WebhookEvent, ServiceEventInput]> = [];
    const collect: EmitEvent = async (_db, type, input) => void events.push([type, input]);
    if (lease?.messageId) await closeAbandoned(tx, chatId, lease.messageId, new Date(), collect);
    const result = await fn({ tx, chat, emit: (type, input) => void collect(tx, type, input) });
    for (const [type, input] of events) await scope.emit(tx, type, input);
    return result;
  });
}

/** The message a live lease says is generating for the chat (whichever instance runs it); null when none. */
export async function generatingMessageId(db: Db, chatId: string): Promise<string | null> {
  const lease = await leasesStore.readLease(db, chatId);
  return lease && lease !== "missing" && lease.live ? lease.messageId : null;
}
