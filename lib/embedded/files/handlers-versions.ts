import "server-only";
import type { VersionListV1 } from "@/lib/api/schemas/v1";
import { attachmentDisposition, zipName } from "@/lib/api/files";
import { HttpError } from "../errors";
import { checkFileCount, checkFileInputs } from "./input";
import { withIdleChat } from "../generation/idle-chat";
import { restoreVersionFiles } from "./restore";
import { recordHandEdit } from "./hand-edit";
import { json } from "../http/respond";
import { readPageQuery, toPage } from "../http/pagination";
import * as filesStore from "./store";
import * as versionsStore from "./store-versions";
import { toVersionV1 } from "../chats/views-v1";
import type { Handler, HandlerTablePart } from "../http/context";
import { requireChat } from "../chats/lookup";
import { editLatestVersion, latestDemoUrl, requireVersion, versionAnswerV1 } from "./version-edit";

/** GET /v1/chats/{chatId}/versions?limit&cursor (extension): newest first, without files. */
const listVersionsV1: Handler<"v1.versions.list"> = async (ctx) => {
  const chat = await requireChat(ctx.db, ctx.params.chatId);
  const { limit, beforeSeq } = readPageQuery(ctx.url, "versions");
  const page = toPage(
    await versionsStore.listVersions(ctx.db, chat.id, { limit: limit + 1, beforeSeq }),
    limit,
    "versions",
  );
  const latest = await versionsStore.latestVersion(ctx.db, chat.id);
  const data = page.items.map((row) => {
    const { files: _files, ...summary } = toVersionV1(row, row.id === latest?.id ? latestDemoUrl(ctx, row) : undefined);
    return summary;
  });
  const list: VersionListV1 = { object: "list", data, cursor: page.cursor };
  return json(list);
};

/** GET /v1/chats/{chatId}/versions/{versionId} */
const getVersionV1: Handler<"v1.versions.get"> = async (ctx) => {
  const chat = await requireChat(ctx.db, ctx.params.chatId);
  const version = await requireVersion(ctx.db, chat.id, ctx.params.versionId);
  return json(await versionAnswerV1(ctx, version));
};

/**
 * PATCH /v1/chats/{chatId}/versions/{versionId} `{files: [{name, content, locked?}]}` (wire-decisions.md 6) on the
 * chat's latest version (an older one → 409 `version_not_latest`; 409 while generating). New content is a hand edit
 * (hand-edit.ts): a new version, recorded by a user and an assistant message, is the answer. Locks alone change
 * the files and the version in place. `locked` left out keeps a file's lock. Names checked (422), interface.md Part 8
 * limits (413).
 */
const patchVersionV1: Handler<"v1.versions.patch"> = async (ctx) => {
  const { files } = ctx.body;
  const chatId = ctx.params.chatId;
  const updated = await editLatestVersion(ctx, chatId, ctx.params.versionId, async (tx, at, version) => {
    const current = new Map((await filesStore.listFiles(tx, chatId)).map((f) => [f.path, f]));
    const names = checkFileInputs(files, "files", (name) => current.get(name)?.encoding ?? "utf8");
    checkFileCount(new Set([...current.keys(), ...names]).size);
    const locks = new Map<string, boolean>();
    files.forEach((file, i) => {
      if (file.locked !== undefined) locks.set(names[i]!, file.locked);
    });
    const changes = files
      .map((file, i) => ({ path: names[i]!, content: file.content }))
      .filter((c) => current.get(c.path)?.content !== c.content);
    // Lock changes of files whose content stays: on the files now, and on the version they are in.
    const lockOnly = [...locks].filter(([path, locked]) => {
      const file = current.get(path);
      return file && !changes.some((c) => c.path === path) && file.locked !== locked;
    });
    for (const [path, locked] of lockOnly) await filesStore.setFileLock(tx, chatId, path, locked, at);
    if (changes.length)
      return recordHandEdit(tx, chatId, changes, { at, emit: ctx.events.emit, locks, authorId: ctx.caller.personId });
    const snapshot = version.files.map((f) => (locks.has(f.path) ? { ...f, locked: locks.get(f.path)! } : f));
    return (await versionsStore.updateVersion(tx, chatId, version.id, { files: snapshot, updatedAt: at }))!;
  });
  return json(await versionAnswerV1(ctx, updated));
};

/**
 * GET /v1/chats/{chatId}/versions/{versionId}/download?format=zip|tarball&includeDefaultFiles (the document's): the
 * version's files as a .zip (default) or a .tar.gz, streamed. The embedded service adds no default files (its
 * previews serve the files as they are), so `includeDefaultFiles` changes nothing.
 */
const downloadVersionV1: Handler<"v1.versions.download"> = async (ctx) => {
  const q = ctx.url.searchParams;
  const format = q.get("format") ?? "zip";
  if (format !== "zip" && format !== "tarball") {
    throw new HttpError(422, 'format: expected "zip" or "tarball"', "validation_failed");
  }
  const defaults = q.get("includeDefaultFiles");
  if (defaults !== null && defaults !== "true" && defaults !== "false") {
    throw new HttpError(422, 'includeDefaultFiles: expected "true" or "false"', "validation_failed");
  }
  const chat = await requireChat(ctx.db, ctx.params.chatId);
  const version = await requireVersion(ctx.db, chat.id, ctx.params.versionId);
  const files = version.files.map((f) => ({ ...f, updatedAt: version.updatedAt }));
  const base = zipName(chat.title, chat.id).replace(/\.zip$/, `-${version.id}`);
  const headers = { "cache-control": "no-store" };
  if (format === "tarball") {
    const { tarballStream } = await import("./tar");
    return new Response(tarballStream(files), {
      headers: {
        ...headers,
        "content-type": "application/gzip",
        "content-disposition": attachmentDisposition(`${base}.tar.gz`),
      },
    });
  }
  const { zipStream } = await import("./zip");
  return new Response(zipStream(files), {
    headers: {
      ...headers,
      "content-type": "application/zip",
      "content-disposition": attachmentDisposition(`${base}.zip`),
    },
  });
};

/**
 * POST /v1/chats/{chatId}/versions/{versionId}/restore (the document's): the chat's files become that version's,
 * recorded as the v2 restore records it (a user and an assistant message, a new version) → the new VersionDetail.
 * 404 unknown version; 409 while generating, for a version not completed, or when the files already are its.
 */
const restoreVersionV1: Handler<"v1.versions.restore"> = async (ctx) => {
  const { chatId, versionId } = ctx.params;
  const { assistant } = await withIdleChat({ db: ctx.db, emit: ctx.events.emit }, chatId, async ({ tx, emit }) => {
    const restored = await restoreVersionFiles(tx, chatId, versionId, new Date(), ctx.caller.personId);
    emit("message.created", { chatId, messageId: restored.user.id });
    emit("message.created", { chatId, messageId: restored.assistant.id });
    emit("message.finished", { chatId, messageId: restored.assistant.id });
    return restored;
  });
  const version = await versionsStore.completedVersionOf(ctx.db, chatId, assistant.id);
  return json(await versionAnswerV1(ctx, version!));
};

/** The routes of lib/api/routes.ts this file answers. */
export const versionHandlers = {
  "v1.versions.list": listVersionsV1,
  "v1.versions.get": getVersionV1,
  "v1.versions.patch": patchVersionV1,
  "v1.versions.download": downloadVersionV1,
  "v1.versions.restore": restoreVersionV1,
} satisfies HandlerTablePart;
