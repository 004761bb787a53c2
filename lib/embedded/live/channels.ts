import "server-only";
import { notify } from "@/lib/db/notify";
import type { Db } from "../store";

/**
 * The notifications instances send each other through the database (LISTEN/NOTIFY; payload "<chatId> <messageId>"):
 * a generation's progress was stored (readers fetch the message and diff it themselves), and a request to stop a
 * generation that another instance runs.
 */
export const PROGRESS_CHANNEL = "atelier_generation_progress";
export const STOP_CHANNEL = "atelier_generation_stop";

export function announceProgress(db: Db, chatId: string, messageId: string): Promise<void> {
  return notify(db, PROGRESS_CHANNEL, `${chatId} ${messageId}`);
}

export function requestStop(db: Db, chatId: string, messageId: string): Promise<void> {
  return notify(db, STOP_CHANNEL, `${chatId} ${messageId}`);
}

/** The ids of a notification's payload; null when it is not one of ours. */
export function parseIds(payload: string): { chatId: string; messageId: string } | null {
  const [chatId, messageId, ...rest] = payload.split(" ");
  return chatId && messageId && !rest.length ? { chatId, messageId } : null;
}
