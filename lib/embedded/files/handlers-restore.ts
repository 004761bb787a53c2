import "server-only";
import type { RestoredMessages } from "@/lib/api";
import { json } from "../http/respond";
import { withIdleChat } from "../generation/idle-chat";
import { restoreMessageFiles } from "./restore";
import { toMessages } from "../messages/views";
import type { Handler, HandlerTablePart } from "../http/context";

/**
 * POST /v2/chats/{chatId}/restore-message (the document's restore): the chat's files become those of the version
 * the assistant message `messageId` made (restore.ts) → 200 `{messages: [user, assistant]}` recording it.
 * 409 while generating (the chat is held meanwhile, so of two restores at once one gets the 409).
 */
const restoreMessage: Handler<"v2.chats.restore"> = async ({ db, events, params, body, caller }) => {
  const { user, assistant } = await withIdleChat({ db, emit: events.emit }, params.chatId, async ({ tx, emit }) => {
    const restored = await restoreMessageFiles(tx, params.chatId, body.messageId, new Date(), caller.personId);
    emit("message.created", { chatId: params.chatId, messageId: restored.user.id });
    emit("message.created", { chatId: params.chatId, messageId: restored.assistant.id });
    emit("message.finished", { chatId: params.chatId, messageId: restored.assistant.id });
    return restored;
  });
  const answer: RestoredMessages = { messages: await toMessages(db, [user, assistant]) };
  return json(answer);
};

/** The routes of lib/api/routes.ts this file answers. */
export const restoreHandlers = {
  "v2.chats.restore": restoreMessage,
} satisfies HandlerTablePart;
