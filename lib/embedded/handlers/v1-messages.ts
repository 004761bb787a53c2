import "server-only";
import type { MessageListV1 } from "@/lib/api/schemas/v1";
import { json } from "../http/respond";
import { readPageQuery, toPage } from "../http/pagination";
import { messagesStore } from "../store";
import { toMessageV1 } from "../views/v1";
import type { Handler } from "./context";
import { requireChat, requireMessage } from "./lookup";
import { respondInMode } from "./modes";
import { modeOfV1 } from "./v1-modes";

/** GET /v1/chats/{chatId}/messages?limit&cursor: `{object: "list", data, cursor}`, newest first (as v2). */
export const listMessagesV1: Handler<"v1.messages.list"> = async ({ db, params, url, publicBaseUrl }) => {
  const chat = await requireChat(db, params.chatId);
  const { limit, beforeSeq } = readPageQuery(url, "messages");
  const rows = await messagesStore.listMessages(db, chat.id, { limit: limit + 1, beforeSeq });
  const page = toPage(rows, limit, "messages");
  const list: MessageListV1 = {
    object: "list",
    data: page.items.map((m) => toMessageV1(m, publicBaseUrl)),
    cursor: page.cursor,
  };
  return json(list);
};

/** GET /v1/chats/{chatId}/messages/{messageId}: the v1 Message, with experimental_content while it waits. */
export const getMessageV1: Handler<"v1.messages.get"> = async ({ db, params, publicBaseUrl }) => {
  await requireChat(db, params.chatId);
  return json(toMessageV1(await requireMessage(db, params.chatId, params.messageId), publicBaseUrl));
};

/**
 * POST /v1/chats/{chatId}/messages with `responseMode`: sync → the assistant's v1 Message once finished;
 * async → 202 with the assistant's v1 Message still generating (no finishReason; poll it by id);
 * experimental_stream → the 6.2 events.
 */
export const sendMessageV1: Handler<"v1.messages.send"> = async ({ db, turns, params, body, publicBaseUrl }) => {
  const chat = await requireChat(db, params.chatId);
  const { message, mcpServerIds, responseMode } = body;
  const turn = await turns.beginMessage(chat, { message, mcpServerIds });
  return respondInMode(
    modeOfV1(responseMode),
    turn,
    (result) => toMessageV1(result.message, publicBaseUrl),
    (t) => toMessageV1(t.assistantMessage, publicBaseUrl),
  );
};
