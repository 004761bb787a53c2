import "server-only";
import type { ChatDeletedV1, InitChatBodyV1 } from "@/lib/api/schemas/v1";
import { HttpError, notFound } from "../errors";
import { json } from "../http/respond";
import { createChatFromFiles } from "../files/seed-files";
import * as chatsStore from "./store";
import * as projectsStore from "../projects/store";
import type { Handler, HandlerContext, HandlerTablePart } from "../http/context";
import { chatHandlers, loadChatV1 } from "./handlers";
import { projectView } from "../projects/handlers";

/** The v1 document's chat operations the spec leaves to it: initialize, update, delete, and the chat's project. */

/**
 * POST /v1/chats/init (the document's `chats.init`): a chat without a message from inline files (`content`; locks
 * kept) → 200 the v1 Chat; `chat.created` fires. Files by URL, zips, repositories, registries and templates need the
 * network or a catalogue the embedded service does not have: 422 naming what to send instead, nothing stored.
 */
const initChatV1: Handler<"v1.chats.init"> = async (ctx) => {
  const body = ctx.body;
  if (body.type !== "files") throw unsupportedSource(body.type);
  const files = body.files.map((file, i) => {
    if (!("content" in file)) {
      throw new HttpError(
        422,
        `files[${i}].url: files by URL are not fetched by the embedded service; send each file's content`,
        "validation_failed",
      );
    }
    return file;
  });
  if (body.projectId && !(await projectsStore.findProject(ctx.db, body.projectId))) {
    throw new HttpError(422, `projectId: project ${body.projectId} not found`, "validation_failed");
  }
  const chat = await ctx.db.transaction(async (tx) => {
    const chat = await createChatFromFiles(tx, {
      files,
      title: body.name ?? `Imported files (${files.length})`,
      privacy: body.chatPrivacy,
      metadata: body.metadata,
      projectId: body.projectId,
      authorId: ctx.caller.personId,
    });
    await ctx.events.emit(tx, "chat.created", { chatId: chat.id });
    return chat;
  });
  return json(await loadChatV1(ctx, chat.id));
};

function unsupportedSource(type: Exclude<InitChatBodyV1["type"], "files">): HttpError {
  const what = {
    repo: "a repository",
    zip: "a zip archive",
    registry: "a component registry",
    template: "a template",
  }[type];
  return new HttpError(
    422,
    `type: initializing from ${what} is not supported by the embedded service; use type "files" with each file's content`,
    "validation_failed",
  );
}

/** PATCH /v1/chats/{chatId} {name?, privacy?, metadata?} → the v1 Chat, through the v2 update (`chat.updated`). */
const updateChatV1: Handler<"v1.chats.update"> = async (ctx) => {
  const { name, privacy, metadata } = ctx.body;
  const v2: HandlerContext<"v2.chats.update"> = {
    ...ctx,
    route: "v2.chats.update",
    body: {
      ...(name !== undefined ? { title: name } : {}),
      ...(privacy !== undefined ? { privacy } : {}),
      ...(metadata !== undefined ? { metadata } : {}),
    },
  };
  await chatHandlers["v2.chats.update"](v2);
  return json(await loadChatV1(ctx, ctx.params.chatId));
};

/** DELETE /v1/chats/{chatId} → `{id, object: "chat", deleted: true}`, as the v2 delete (409 while generating). */
const deleteChatV1: Handler<"v1.chats.delete"> = async (ctx) => {
  await chatHandlers["v2.chats.delete"]({ ...ctx, route: "v2.chats.delete", body: undefined });
  const deleted: ChatDeletedV1 = { id: ctx.params.chatId, object: "chat", deleted: true };
  return json(deleted);
};

/** GET /v1/chats/{chatId}/project: the project the chat belongs to; 404 when it belongs to none. */
const chatProjectV1: Handler<"v1.chats.project"> = async ({ db, params, caller }) => {
  const chat = await chatsStore.findChat(db, params.chatId);
  if (!chat) throw notFound(`Chat ${params.chatId}`, "chat_not_found");
  const project = chat.projectId ? await projectsStore.findProject(db, chat.projectId) : null;
  if (!project) throw new HttpError(404, `Chat ${chat.id} belongs to no project`, "project_not_found");
  return json(await projectView(db, caller, project));
};

/** The routes of lib/api/routes.ts this file answers. */
export const chatV1Handlers = {
  "v1.chats.init": initChatV1,
  "v1.chats.update": updateChatV1,
  "v1.chats.delete": deleteChatV1,
  "v1.chats.project": chatProjectV1,
} satisfies HandlerTablePart;
