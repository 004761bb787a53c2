import "server-only";
import type { Message, Usage } from "@/lib/api";
import { type Db, type MessageRow } from "../store";
import * as versionsStore from "../files/store-versions";
import type { MessageAttachment } from "../store/schema";
import { EMBEDDED_AUTHOR_ID } from "../author";

/** Usage of a message that generated no tokens (user messages). */
export const ZERO_USAGE: Usage = {
  model: null,
  tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  creditsCost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

/** An attachment as the wire lists it (interface.md 2.7): the stored row's id stays inside. */
export function wireAttachment({ storedId: _, ...listed }: MessageAttachment): Omit<MessageAttachment, "storedId"> {
  return listed;
}

/**
 * The v2 Message (2.4, the `usage` extension of wire-decisions.md 4, and the document's `restorable`, `authorId`,
 * `attachments`). `restorable`: the assistant message made a (completed) version of the files.
 */
function toMessage(row: MessageRow, restorable = false): Message {
  const message: Message = {
    id: row.id,
    chatId: row.chatId,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    content: row.content,
    parts: row.parts,
    finishReason: row.finishReason,
    restorable: row.role === "assistant" && restorable,
    authorId: row.role === "user" ? (row.authorId ?? EMBEDDED_AUTHOR_ID) : null,
  };
  if (row.attachments?.length) message.attachments = row.attachments.map(wireAttachment);
  message.usage = row.usage ?? ZERO_USAGE;
  return message;
}

/** Messages with `restorable` looked up (one query per chat). */
export async function toMessages(db: Db, rows: MessageRow[]): Promise<Message[]> {
  const byChat = new Map<string, string[]>();
  for (const r of rows) if (r.role === "assistant") byChat.set(r.chatId, [...(byChat.get(r.chatId) ?? []), r.id]);
  const restorable = new Set<string>();
  for (const [chatId, ids] of byChat)
    for (const id of await versionsStore.completedVersionMessageIds(db, chatId, ids)) restorable.add(id);
  return rows.map((r) => toMessage(r, restorable.has(r.id)));
}

export async function toMessageView(db: Db, row: MessageRow): Promise<Message> {
  return (await toMessages(db, [row]))[0]!;
}
