import "server-only";
import { readdir } from "node:fs/promises";
import { and, eq, isNotNull } from "drizzle-orm";
import { auditLog } from "../people/schema";
import type { Db } from "../store/db";
import { chats } from "../store/schema";
import { chatCacheName, removeChatCache } from "./install";

/** A chat's package cache folder's name (install.ts: 32 hex digits of a hash of its id); the store's is not one. */
const CACHE_NAME = /^[0-9a-f]{32}$/;

/**
 * Removes the package cache folders under APP_CACHE_DIR of chats this service deleted (on any of its instances),
 * returning how many. A deletion is known by its record in the audit log (`chat.deleted`, written in the deletion's
 * transaction, the only way a chat goes), never by a chat's absence: another installation sharing the folder (the
 * default one under the system's temporary folder) keeps its chats' caches. Each instance sweeps its own disk.
 */
export async function sweepChatCaches(db: Db, cacheDir: string): Promise<number> {
  const names = new Set((await readdir(cacheDir).catch(() => [] as string[])).filter((name) => CACHE_NAME.test(name)));
  if (!names.size) return 0;
  const deleted = await db
    .selectDistinct({ chatId: auditLog.target })
    .from(auditLog)
    .where(and(eq(auditLog.action, "chat.deleted"), isNotNull(auditLog.target)));
  let removed = 0;
  for (const { chatId } of deleted) {
    const name = chatCacheName(chatId!);
    if (!names.has(name)) continue;
    await removeChatCache(cacheDir, name).then(
      () => removed++,
      (error: unknown) => console.error("[apps] could not remove a deleted chat's package cache", error),
    );
  }
  return removed;
}

/** One deleted chat's cache folder, removed at once (the app of a chat that is gone stops: apps.ts). */
export async function removeDeletedChatCache(db: Db, cacheDir: string, chatId: string): Promise<void> {
  const [still] = await db.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId));
  if (!still) await removeChatCache(cacheDir, chatCacheName(chatId));
}
