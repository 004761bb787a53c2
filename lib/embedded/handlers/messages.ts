import "server-only";
import type { MessageList, ResponseMode } from "@/lib/api";
import { json } from "../http/respond";
import { readPageQuery, toPage } from "../http/pagination";
import { messagesStore } from "../store";
import { toMessageView, toMessages } from "../views/message";
import type { Handler } from "./context";
import { requireChat, requireMessage } from "./lookup";
import { respondInMode } from "./modes";

/** GET /v2/chats/{chatId}/messages?limit&cursor: newest first. */
export const listMessages: Handler<"v2.messages.list"> = async ({ db, params, url }) => {
  const chat = await requireChat(db, params.chatId);
  const { limit, beforeSeq } = readPageQuery(url, "messages");
  const rows = await messagesStore.listMessages(db, chat.id, { limit: limit + 1, beforeSeq });
  const page = toPage(rows, limit, "messages");
  const list: MessageList = { messages: await toMessages(db, page.items), cursor: page.cursor };
  return json(list);
};

/** GET /v2/chats/{chatId}/messages/{messageId}: polled while generating (finishReason null). */
export const getMessage: Handler<"v2.messages.get"> = async ({ db, params }) => {
  await requireChat(db, params.chatId);
  return json(await toMessageView(db, await requireMessage(db, params.chatId, params.messageId)));
};

/** POST /v2/chats/{chatId}/messages[/stream|/async]: sync answers with the finished assistant Message. */
export const sendMessage =
  (mode: ResponseMode): Handler<"v2.messages.send" | "v2.messages.send.stream" | "v2.messages.send.async"> =>
  async ({ db, turns, params, body }) => {
    const chat = await requireChat(db, params.chatId);
    const turn = await turns.beginMessage(chat, body);
    return respondInMode(mode, turn, ({ message }) => toMessageView(db, message));
  };
