import type { FinishReason, Message, Part } from "../schemas";
import { readUsage } from "./chat";
import { ReadError, bool, isObj, need, str, type Obj } from "./values";

/**
 * Messages as any deployment sends them. Parts are kept one by one as they come: an item that is not an object with
 * a string `type` becomes an `unreadable` part holding it; each part is checked against its kind's schema only when
 * it is shown (components/chat/parts/part-view.tsx), so one odd part degrades that part, never its message.
 */

const UNREADABLE_PART = "unreadable";

export function readParts(raw: unknown): Part[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((item) =>
    isObj(item) && typeof item.type === "string" && item.type
      ? (item as Part)
      : ({ type: UNREADABLE_PART, value: item } as Part),
  );
}

/** A message; `chatId` fills in a missing `chatId`. Throws ReadError when it has no id. */
export function readMessage(raw: unknown, chatId?: string): Message {
  if (!isObj(raw)) throw new ReadError("a message must be an object");
  const role = raw.role === "user" ? "user" : "assistant";
  const usage = readUsage(raw.usage);
  const finishReason = raw.finishReason === null ? null : str(raw.finishReason);
  const createdAt = str(raw.createdAt) ?? "";
  const message: Message = {
    id: need(str(raw.id), "id"),
    chatId: str(raw.chatId) ?? chatId ?? "",
    role,
    createdAt,
    updatedAt: str(raw.updatedAt) ?? createdAt,
    content: str(raw.content) ?? "",
    parts: readParts(raw.parts),
    // A reason this dashboard does not know still means "finished".
    ...(finishReason !== undefined ? { finishReason: finishReason as FinishReason | null } : {}),
    ...(usage ? { usage } : {}),
  };
  const restorable = bool(raw.restorable);
  if (restorable !== undefined) message.restorable = restorable;
  if (raw.authorId === null || typeof raw.authorId === "string") message.authorId = raw.authorId;
  if (Array.isArray(raw.attachments)) {
    message.attachments = raw.attachments.filter(
      (a): a is Obj & { url: string } => isObj(a) && typeof a.url === "string",
    );
  }
  return message;
}

/** A message that could not be read at all, shown in its place as one unreadable part with its raw data. */
export function unreadableMessage(raw: unknown, reason: string, chatId: string, index: number): Message {
  const id = isObj(raw) && typeof raw.id === "string" ? raw.id : `unreadable-${index}`;
  return {
    id,
    chatId,
    role: isObj(raw) && raw.role === "user" ? "user" : "assistant",
    createdAt: "",
    updatedAt: "",
    content: "",
    parts: [{ type: UNREADABLE_PART, reason, value: raw } as Part],
    finishReason: "unknown",
  };
}
