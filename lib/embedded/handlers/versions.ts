import "server-only";
import type { VersionListV1 } from "@/lib/api/schemas/v1";
import { HttpError, notFound } from "../errors";
import { checkFileCount, checkFileInputs } from "../files-input";
import { json } from "../http/respond";
import { withIdleChat } from "../idle-chat";
import { readPageQuery, toPage } from "../http/pagination";
import { filesStore, versionsStore, type Db, type VersionFile, type VersionRow } from "../store";
import { toVersionV1 } from "../views/v1";
import type { Handler, HandlerTablePart, ServiceParts } from "./context";
import { requireChat } from "./lookup";

async function requireVersion(db: Db, chatId: string, versionId: string): Promise<VersionRow> {
  const version = await versionsStore.findVersion(db, chatId, versionId);
  if (!version) throw notFound(`Version ${versionId}`, "version_not_found");
  return version;
}

/** The preview link goes with the chat's latest version once completed (the preview serves the current files). */
async function demoUrlOf(ctx: ServiceParts, version: VersionRow): Promise<string | undefined> {
  const latest = await versionsStore.latestVersion(ctx.db, version.chatId);
  return latest?.id === version.id ? latestDemoUrl(ctx, version) : undefined;
}

function latestDemoUrl(ctx: ServiceParts, latest: VersionRow): string | undefined {
  return latest.status === "completed" ? ctx.previews.create(latest.chatId).url : undefined;
}

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
  return json(toVersionV1(version, await demoUrlOf(ctx, version)));
};

/**
 * PATCH /v1/chats/{chatId}/versions/{versionId} `{files: [{name, content, locked}]}` (wire-decisions.md 6): writes each
 * file's content and lock into the chat's files and into the version's snapshot (files not listed stay as
 * they are). Only the chat's latest version can be changed (an older one → 409 `version_not_latest`); 409
 * while the chat is generating; names checked (422) and interface.md Part 8 limits (413).
 */
const patchVersionV1: Handler<"v1.versions.patch"> = async (ctx) => {
  const { files } = ctx.body;
  const updated = await withIdleChat({ db: ctx.db, emit: ctx.events.emit }, ctx.params.chatId, async ({ tx, chat }) => {
    const version = await requireVersion(tx, chat.id, ctx.params.versionId);
    const latest = await versionsStore.latestVersion(tx, chat.id);
    if (latest?.id !== version.id) {
      throw new HttpError(409, "Only the chat's latest version can be changed.", "version_not_latest");
    }
    const current = await filesStore.listFiles(tx, chat.id);
    const byPath = new Map(current.map((f) => [f.path, f]));
    const names = checkFileInputs(files, "files", (name) => byPath.get(name)?.encoding ?? "utf8");
    checkFileCount(new Set([...byPath.keys(), ...names]).size);
    const at = new Date();
    const snapshot = new Map<string, VersionFile>(version.files.map((f) => [f.path, f]));
    const written = files.map((file, i): VersionFile => {
      const path = names[i]!;
      return { path, content: file.content, encoding: byPath.get(path)?.encoding ?? "utf8", locked: file.locked };
    });
    await filesStore.upsertFiles(tx, chat.id, written, at);
    for (const file of written) snapshot.set(file.path, file);
    const next = [...snapshot.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return (await versionsStore.updateVersion(tx, chat.id, version.id, { files: next, updatedAt: at }))!;
  });
  return json(toVersionV1(updated, await demoUrlOf(ctx, updated)));
};

/** The routes of lib/api/routes.ts this file answers. */
export const versionHandlers = {
  "v1.versions.list": listVersionsV1,
  "v1.versions.get": getVersionV1,
  "v1.versions.patch": patchVersionV1,
} satisfies HandlerTablePart;
