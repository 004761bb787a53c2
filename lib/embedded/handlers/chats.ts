import "server-only";
import type { ChatDeleted, ChatList, ChatWithUsage, HostProject, ResponseMode } from "@/lib/api";
import { HttpError, notFound } from "../errors";
import { newId } from "../ids";
import { json } from "../http/respond";
import { readPageQuery, toPage } from "../http/pagination";
import { chatsStore, messagesStore } from "../store";
import { toChat } from "../views/chat";
import { ZERO_USAGE } from "../views/message";
import type { Handler } from "./context";
import { requireChat } from "./lookup";
import { respondInMode } from "./modes";

/** POST /v2/chats[/stream|/async]: a new chat whose first message the agent answers. */
export const createChat =
  (mode: ResponseMode): Handler<"v2.chats.create" | "v2.chats.create.stream" | "v2.chats.create.async"> =>
  async ({ turns, body }) => {
    const turn = await turns.beginChat(body);
    return respondInMode(mode, turn, ({ chat, message }): ChatWithUsage => ({
      chat: toChat(chat),
      usage: message.usage ?? ZERO_USAGE,
    }));
  };

/** The document's filters: authorId, vercelProjectId (alias hostProjectId) and deepObject `metadata[key]=value`. */
function readChatFilters(url: URL): chatsStore.ChatFilters {
  const q = url.searchParams;
  const filters: chatsStore.ChatFilters = {};
  const authorId = q.get("authorId");
  if (authorId) filters.authorId = authorId;
  const project = q.get("hostProjectId") ?? q.get("vercelProjectId");
  if (project) filters.hostProjectId = project;
  const metadata: Record<string, string> = {};
  for (const [key, value] of q) {
    const m = /^metadata\[([^\]]{1,100})\]$/.exec(key);
    if (!m) continue;
    if (value.length > 500) throw new HttpError(422, `metadata[${m[1]}]: at most 500 characters`, "validation_failed");
    metadata[m[1]!] = value;
  }
  if (Object.keys(metadata).length) filters.metadata = metadata;
  return filters;
}

/** GET /v2/chats?limit&cursor&authorId&vercelProjectId&metadata[k]=v: newest first. */
export const listChats: Handler<"v2.chats.list"> = async ({ db, url }) => {
  const { limit, beforeSeq } = readPageQuery(url, "chats");
  const rows = await chatsStore.listChats(db, { limit: limit + 1, beforeSeq, ...readChatFilters(url) });
  const page = toPage(rows, limit, "chats");
  const list: ChatList = { chats: page.items.map(toChat), cursor: page.cursor };
  return json(list);
};

/** GET /v2/chats/{chatId} */
export const getChat: Handler<"v2.chats.get"> = async ({ db, params }) =>
  json(toChat(await requireChat(db, params.chatId)));

/** POST /v2/chats/{chatId}/host-project: links a (simulated) hosting project when the chat has none. */
export const createHostProject: Handler<"v2.chats.hostProject"> = async ({ db, events, params }) => {
  const chat = await requireChat(db, params.chatId);
  let hostProjectId = chat.hostProjectId;
  if (!hostProjectId) {
    // Atomic: of two simultaneous calls one links a project and both answer with it.
    const result = await chatsStore.linkHostProject(db, chat.id, newId("hp"), new Date());
    if (!result) throw notFound(`Chat ${chat.id}`, "chat_not_found");
    hostProjectId = result.hostProjectId;
    if (result.linked) events.emit("chat.updated", { chatId: chat.id });
  }
  const body: HostProject = { hostProjectId };
  return json(body);
};

/**
 * DELETE /v2/chats/{chatId} (our extension; the chat.deleted and message.deleted events imply it):
 * the chat with its messages, files and versions; 409 while it is generating.
 */
export const deleteChat: Handler<"v2.chats.delete"> = async ({ db, turns, events, params }) => {
  const chat = await requireChat(db, params.chatId);
  const messages = await turns.exclusive(chat.id, async () => {
    const rows = await messagesStore.allMessages(db, chat.id);
    await chatsStore.deleteChat(db, chat.id);
    return rows;
  });
  for (const message of messages) events.emit("message.deleted", { chatId: chat.id, messageId: message.id, message });
  events.emit("chat.deleted", { chatId: chat.id, chat });
  const body: ChatDeleted = { chatId: chat.id };
  return json(body);
};
