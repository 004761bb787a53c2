import "server-only";
import { HttpError, notFound } from "../errors";
import { newId } from "../ids";
import { json } from "../http/respond";
import { withIdleChat } from "../generation/idle-chat";
import * as forkStore from "./store-fork";
import * as versionsStore from "../files/store-versions";
import { loadChatV1 } from "./handlers";
import type { Handler, HandlerTablePart } from "../http/context";

/**
 * POST /v1/chats/{chatId}/fork {versionId?, privacy?} (the v1 document's chats.fork) → the new chat (ChatDetail):
 * the conversation up to the message that made the version and exactly that version's files (locks kept); the
 * latest version when none is named. The source is untouched. 404 for an unknown chat or version of that chat, 422
 * for a chat without versions, 409 while the chat generates; `chat.created` fires.
 */
const forkChat: Handler<"v1.chats.fork"> = async (ctx) => {
  const { db, events, params, body } = ctx;
  const branch = await withIdleChat({ db, emit: events.emit }, params.chatId, async ({ tx, emit }) => {
    const version = body.versionId
      ? await versionsStore.findVersion(tx, params.chatId, body.versionId)
      : await versionsStore.latestVersion(tx, params.chatId);
    if (!version && body.versionId) throw notFound(`Version (versionId) ${body.versionId}`, "version_not_found");
    if (!version) throw new HttpError(422, "The chat has no version to branch from yet.", "validation_failed");
    const chat = await forkStore.branchChat(tx, params.chatId, version, {
      id: newId("chat"),
      privacy: body.privacy,
      authorId: ctx.caller.personId,
      at: new Date(),
      newId,
    });
    if (chat === "missing") throw notFound(`Chat ${params.chatId}`, "chat_not_found");
    emit("chat.created", { chatId: chat.id });
    return chat;
  });
  return json(await loadChatV1(ctx, branch.id));
};

/** The routes of lib/api/routes.ts this file answers. */
export const forkHandlers = { "v1.chats.fork": forkChat } satisfies HandlerTablePart;
