import "server-only";
import type { Message, Usage } from "@/lib/api";
import type { MessageRow } from "../store";

/** Usage of a message that generated no tokens (user messages). */
export const ZERO_USAGE: Usage = {
  model: null,
  tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  creditsCost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

/** The v2 Message (2.4 plus the `usage` extension of DESIGN 4). */
export function toMessage(row: MessageRow): Message {
  const message: Message = {
    id: row.id,
    chatId: row.chatId,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    content: row.content,
    parts: row.parts,
    finishReason: row.finishReason,
  };
  if (row.usage) message.usage = row.usage;
  return message;
}
