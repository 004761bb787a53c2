import "server-only";
import type { RestoredMessages } from "@/lib/api";
import { json } from "../http/respond";
import { restoreMessageFiles } from "../restore";
import { toMessages } from "../views/message";
import type { Handler, HandlerTablePart } from "./context";
import { requireChat } from "./lookup";

/**
 * POST /v2/chats/{chatId}/restore-message (the document's restore): the chat's files become those of the version
 * the assistant message `messageId` made (../restore.ts) → 200 `{messages: [user, assistant]}` recording it.
 * 409 while generating (the chat is held meanwhile, so of two restores at once one gets the 409).
 */
const restoreMessage: Handler<"v2.chats.restore"> = async ({ db, turns, events, params, body }) => {
  const chat = await requireChat(db, params.chatId);
  const { user, assistant } = await turns.exclusive(chat.id, async (tx) => {
    const restored = await restoreMessageFiles(tx, chat.id, body.messageId, new Date());
    await events.emit(tx, "message.created", { chatId: chat.id, messageId: restored.user.id });
    await events.emit(tx, "message.created", { chatId: chat.id, messageId: restored.assistant.id });
    await events.emit(tx, "message.finished", { chatId: chat.id, messageId: restored.assistant.id });
    return restored;
  });
  const answer: RestoredMessages = { messages: await toMessages(db, [user, assistant]) };
  return json(answer);
};

/** The routes of lib/api/routes.ts this file answers. */
export const restoreHandlers = {
  "v2.chats.restore": restoreMessage,
} satisfies HandlerTablePart;
