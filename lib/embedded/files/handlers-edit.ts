import "server-only";
import { INVALID_FILE_CONTENTS, type UpdatedFiles } from "@/lib/api";
import { acceptedFileName } from "@/lib/api/files/limits";
import { invalidFields } from "../errors";
import { recordHandEdit } from "./hand-edit";
import { json } from "../http/respond";
import { withIdleChat } from "../generation/idle-chat";
import { toMessages } from "../messages/views";
import type { Handler, HandlerTablePart } from "../http/context";
import { requireChat } from "../chats/lookup";
import { editLatestVersion, versionAnswerV1 } from "./version-edit";

/**
 * PATCH /v2/chats/{chatId}/files (the document's `chats.updateFiles`): a hand edit (hand-edit.ts) → 200
 * `{messages: [user, assistant]}` recording it, with a new version. The body's paths and sizes are checked by its
 * schema (422 "Invalid file contents" with every issue); 404 unknown chat; 409 while generating (`withIdleChat`:
 * the rule a send follows); a locked file can be edited and stays locked.
 */
const updateFiles: Handler<"v2.chats.updateFiles"> = async ({ db, events, params, body, caller }) => {
  const { user, assistant } = await withIdleChat({ db, emit: events.emit }, params.chatId, ({ tx, chat }) =>
    recordHandEdit(tx, chat.id, body.files, { at: new Date(), emit: events.emit, authorId: caller.personId }),
  );
  const answer: UpdatedFiles = { messages: await toMessages(db, [user, assistant]) };
  return json(answer);
};

/**
 * POST /v1/chats/{chatId}/versions/{versionId}/files/delete (the v1 document's `chats.deleteVersionFiles`): deletes
 * the paths from the chat's latest version as a hand edit → the new version (VersionDetail). 422 for a path that is
 * not a plain relative one, listed twice or not a file; 409 for an older version or while generating.
 */
const deleteVersionFilesV1: Handler<"v1.versions.deleteFiles"> = async (ctx) => {
  const chat = await requireChat(ctx.db, ctx.params.chatId);
  const seen = new Set<string>();
  const issues = ctx.body.filePaths.flatMap((path, i) => {
    const name = acceptedFileName(path);
    const error =
      name === null
        ? `must be a relative path like "src/app.ts" (got ${JSON.stringify(path)})`
        : seen.has(name)
          ? `${name} is listed twice`
          : null;
    if (name) seen.add(name);
    return error ? [{ path: `filePaths.${i}`, error }] : [];
  });
  if (issues.length) throw invalidFields(INVALID_FILE_CONTENTS, issues);
  const changes = ctx.body.filePaths.map((path) => ({ path, content: null }));
  const version = await editLatestVersion(ctx, chat.id, ctx.params.versionId, (tx, at) =>
    recordHandEdit(tx, chat.id, changes, {
      at,
      emit: ctx.events.emit,
      fieldOf: (i) => `filePaths.${i}`,
      authorId: ctx.caller.personId,
    }),
  );
  return json(await versionAnswerV1(ctx, version));
};

/** The routes of lib/api/routes.ts this file answers. */
export const editFileHandlers = {
  "v2.chats.updateFiles": updateFiles,
  "v1.versions.deleteFiles": deleteVersionFilesV1,
} satisfies HandlerTablePart;
