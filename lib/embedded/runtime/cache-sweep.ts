import "server-only";
import { readdir } from "node:fs/promises";
import { eq, gt } from "drizzle-orm";
import type { Db } from "../store/db";
import { chats } from "../store/schema";
import { chatCacheName, removeChatCache } from "./install";

/** A chat's package cache folder's name (install.ts: 32 hex digits of a hash of its id); the store's is not one. */
const CACHE_NAME = /^[0-9a-f]{32}$/;

/**
 * Removes the package cache folders under APP_CACHE_DIR whose chat no longer exists (a deleted chat's, or its
 * project's), returning how many. The folders are listed before the chats are read, so a folder of a chat made
 * meanwhile is never taken for a deleted one's. Each instance sweeps its own disk.
 */
export async function sweepChatCaches(db: Db, cacheDir: string): Promise<number> {
  const names = (await readdir(cacheDir).catch(() => [] as string[])).filter((name) => CACHE_NAME.test(name));
  if (!names.length) return 0;
  const live = new Set<string>();
  // Every chat's id, hashed: a cache folder names its chat only by the hash.
  for (let after = ""; ;) {
    const page = await db
      .select({ id: chats.id })
      .from(chats)
      .where(after ? gt(chats.id, after) : undefined)
      .orderBy(chats.id)
      .limit(5000);
    for (const { id } of page) live.add(chatCacheName(id));
    if (page.length < 5000) break;
    after = page.at(-1)!.id;
  }
  let removed = 0;
  for (const name of names) {
    if (live.has(name)) continue;
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
