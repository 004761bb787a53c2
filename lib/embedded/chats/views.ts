import "server-only";
import type { Chat, ChatEvent } from "@/lib/api";
import type { ChatRow } from "../store";

/**
 * The v2 Chat (2.1) of a stored chat: exactly the allowed properties, optional ones only when set. `writable`: whether
 * the person it is shown to may change it (chats/access.ts), its `writePermission`.
 */
export function toChat(row: ChatRow, writable: boolean): Chat {
  const chat: Chat = {
    id: row.id,
    privacy: row.privacy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    authorId: row.authorId,
    metadata: row.metadata,
    writePermission: writable,
  };
  if (row.title !== null) chat.title = row.title;
  if (row.hostProjectId !== null) chat.hostProjectId = row.hostProjectId;
  return chat;
}

/** The `chat` stream event (6.2): a snapshot with `object: "chat"`. */
export function toChatEvent(row: ChatRow, writable: boolean): ChatEvent {
  return { object: "chat", ...toChat(row, writable) };
}
