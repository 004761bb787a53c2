import type {
  AsyncChatRef,
  HostProject,
  Chat,
  ChatFile,
  ChatFiles,
  ChatList,
  ChatWithUsage,
  MessageList,
  Preview,
  RestoredMessages,
  Usage,
} from "../schemas";
import { readChat, readUsage } from "./chat";
import { readList, type ReadList } from "./lists";
import { readMessage, unreadableMessage } from "./message";
import { ReadError, isObj, need, str } from "./values";

/** The lenient readers of whole answers, for the typed client (lib/api/client.ts). */

const ZERO = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
const NO_USAGE: Usage = { model: null, tokens: ZERO, creditsCost: ZERO };

export function readChatWithUsage(raw: unknown): ChatWithUsage {
  if (!isObj(raw)) throw new ReadError("the answer must be an object");
  // The interface's `{chat, usage}`; a bare chat is read too.
  return { chat: readChat(isObj(raw.chat) ? raw.chat : raw), usage: readUsage(raw.usage) ?? NO_USAGE };
}

export function readChatList(raw: unknown): ChatList & Pick<ReadList<Chat>, "unreadable"> {
  const list = readList(raw, readChat);
  return { chats: list.items, cursor: list.cursor, unreadable: list.unreadable };
}

/** Messages of one chat; a message that cannot be read stays in its place as an unreadable one. */
export function readMessageList(raw: unknown, chatId: string): MessageList {
  const list = readList(raw, (item, index) => {
    try {
      return readMessage(item, chatId);
    } catch (error) {
      return unreadableMessage(item, error instanceof Error ? error.message : String(error), chatId, index);
    }
  });
  return { messages: list.items, cursor: list.cursor };
}

/** The restore's answer: the messages recording it (`{messages}` or a bare array), each read as in a list. */
export function readRestoredMessages(raw: unknown, chatId: string): RestoredMessages {
  return { messages: readMessageList(raw, chatId).messages };
}

/** `{chatId, messageId}`, or the document's `{messageId}` for a message of a known chat. */
export function readAsyncRef(raw: unknown, chatId?: string): AsyncChatRef {
  if (!isObj(raw)) throw new ReadError("the answer must be an object");
  return {
    chatId: need(str(raw.chatId) ?? chatId, "chatId"),
    messageId: need(str(raw.messageId) ?? str(raw.id), "messageId"),
  };
}

export function readFiles(raw: unknown): ChatFiles {
  const { items } = readList(isObj(raw) && Array.isArray(raw.files) ? raw.files : raw, (item): ChatFile => {
    if (!isObj(item)) throw new ReadError("a file must be an object");
    return {
      path: need(str(item.path) ?? str(item.name), "path"),
      content: str(item.content) ?? str(item.source) ?? "",
      encoding: item.encoding === "base64" ? "base64" : "utf8",
    };
  });
  return { files: items };
}

/** `{url, expiresAt, token?}` or null while not ready; the token opens an embedded preview origin (its handoff). */
export function readPreview(raw: unknown): Preview {
  if (raw === null || !isObj(raw) || !str(raw.url)) return null;
  const token = str(raw.token);
  return { url: str(raw.url)!, ...(token ? { token } : {}), expiresAt: str(raw.expiresAt) ?? "" };
}

/** `{hostProjectId}`, or the document's `{vercelProjectId}`. */
export function readHostProject(raw: unknown): HostProject {
  if (!isObj(raw)) throw new ReadError("the answer must be an object");
  return { hostProjectId: need(str(raw.hostProjectId) ?? str(raw.vercelProjectId), "hostProjectId") };
}
