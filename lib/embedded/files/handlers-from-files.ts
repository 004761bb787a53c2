import "server-only";
import type { ChatWithUsage } from "@/lib/api";
import { json } from "../http/respond";
import { createChatFromFiles } from "./seed-files";
import { toChat } from "../chats/views";
import { mayWrite } from "../chats/access";
import { ZERO_USAGE } from "../messages/views";
import type { Handler, HandlerTablePart } from "../http/context";

/**
 * POST /v2/chats/from-files (the document's): a new chat seeded with up to 20 inline files and no message; the
 * answer is ChatWithUsage with zero usage (nothing was generated). `chat.created` fires.
 */
const createFromFiles: Handler<"v2.chats.fromFiles"> = async ({ db, events, body, caller }) => {
  const chat = await db.transaction(async (tx) => {
    const chat = await createChatFromFiles(tx, {
      files: body.files,
      title: body.title ?? `Imported files (${body.files.length})`,
      privacy: body.privacy,
      metadata: body.metadata,
      authorId: caller.personId,
    });
    await events.emit(tx, "chat.created", { chatId: chat.id });
    return chat;
  });
  const answer: ChatWithUsage = { chat: toChat(chat, mayWrite(caller, chat)), usage: ZERO_USAGE };
  return json(answer);
};

/** The routes of lib/api/routes.ts this file answers. */
export const fromFilesHandlers = {
  "v2.chats.fromFiles": createFromFiles,
} satisfies HandlerTablePart;
