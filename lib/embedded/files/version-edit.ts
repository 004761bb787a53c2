import "server-only";
import type { VersionV1 } from "@/lib/api/schemas/v1";
import { HttpError, notFound } from "../errors";
import { type Db, type VersionRow } from "../store";
import * as versionsStore from "./store-versions";
import { toVersionV1 } from "../chats/views-v1";
import { withIdleChat } from "../generation/idle-chat";
import type { ServiceParts } from "../http/context";
import type { Caller } from "../people/types";

export async function requireVersion(db: Db, chatId: string, versionId: string): Promise<VersionRow> {
  const version = await versionsStore.findVersion(db, chatId, versionId);
  if (!version) throw notFound(`Version ${versionId}`, "version_not_found");
  return version;
}

/** The preview link of the chat's latest version once completed (the preview serves the current files). */
export function latestDemoUrl(ctx: ServiceParts & { caller: Caller }, latest: VersionRow): string | undefined {
  return latest.status === "completed" ? ctx.previews.link(latest.chatId, `p:${ctx.caller.personId}`) : undefined;
}

/** The v1 VersionDetail of a version: the preview link (the caller's) goes with the chat's latest version. */
export async function versionAnswerV1(ctx: ServiceParts & { caller: Caller }, version: VersionRow): Promise<VersionV1> {
  const latest = await versionsStore.latestVersion(ctx.db, version.chatId);
  return toVersionV1(version, latest?.id === version.id ? latestDemoUrl(ctx, version) : undefined);
}

/**
 * A change of a chat's files through one of its versions (the v1 version PATCH, the v1 file delete), with the chat
 * held (`withIdleChat`: 409 while generating): 404 unknown version; only the chat's latest version can be changed
 * (an older one → 409 `version_not_latest`). `change` returns the version that results.
 */
export async function editLatestVersion(
  ctx: ServiceParts,
  chatId: string,
  versionId: string,
  change: (tx: Db, at: Date, version: VersionRow) => Promise<{ version: VersionRow } | VersionRow>,
): Promise<VersionRow> {
  return withIdleChat({ db: ctx.db, emit: ctx.events.emit }, chatId, async ({ tx }) => {
    const version = await requireVersion(tx, chatId, versionId);
    const latest = await versionsStore.latestVersion(tx, chatId);
    if (latest?.id !== version.id) {
      throw new HttpError(409, "Only the chat's latest version can be changed.", "version_not_latest");
    }
    const result = await change(tx, new Date(), version);
    return "version" in result ? result.version : result;
  });
}
