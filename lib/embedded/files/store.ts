import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../store/db";
import { chatFiles, type ChatFileRow } from "../store/schema";

export async function listFiles(db: Db, chatId: string): Promise<ChatFileRow[]> {
  return db.select().from(chatFiles).where(eq(chatFiles.chatId, chatId)).orderBy(asc(chatFiles.path));
}

export async function findFile(db: Db, chatId: string, path: string): Promise<ChatFileRow | null> {
  const [row] = await db
    .select()
    .from(chatFiles)
    .where(and(eq(chatFiles.chatId, chatId), eq(chatFiles.path, path)))
    .limit(1);
  return row ?? null;
}

export async function countFiles(db: Db, chatId: string): Promise<number> {
  return db.$count(chatFiles, eq(chatFiles.chatId, chatId));
}

/**
 * Creates or replaces a file's content (the agent writing it); a new file starts unlocked, an existing one keeps its
 * lock and is no longer the person's own writing.
 */
export async function writeFile(
  db: Db,
  file: { chatId: string; path: string; content: string; encoding: "utf8" | "base64"; at: Date },
): Promise<ChatFileRow> {
  const [row] = await db
    .insert(chatFiles)
    .values({ ...file, locked: false, createdAt: file.at, updatedAt: file.at })
    .onConflictDoUpdate({
      target: [chatFiles.chatId, chatFiles.path],
      set: { content: file.content, encoding: file.encoding, editedByHand: false, updatedAt: file.at },
    })
    .returning();
  return row!;
}

export async function setFileLock(db: Db, chatId: string, path: string, locked: boolean, at: Date): Promise<boolean> {
  const rows = await db
    .update(chatFiles)
    .set({ locked, updatedAt: at })
    .where(and(eq(chatFiles.chatId, chatId), eq(chatFiles.path, path)))
    .returning({ path: chatFiles.path });
  return rows.length > 0;
}

export async function deleteFile(db: Db, chatId: string, path: string): Promise<boolean> {
  const rows = await db
    .delete(chatFiles)
    .where(and(eq(chatFiles.chatId, chatId), eq(chatFiles.path, path)))
    .returning({ path: chatFiles.path });
  return rows.length > 0;
}

/** Rows per INSERT of `upsertFiles` (keeps statements and their parameters small). */
const UPSERT_BATCH = 200;

/**
 * Creates or replaces many files with their content, encoding and lock in a few statements (initialization
 * with up to 1,000 files, a restore, a hand edit). `editedByHand` marks content a person wrote (default: not).
 */
export async function upsertFiles(
  db: Db,
  chatId: string,
  files: readonly {
    path: string;
    content: string;
    encoding: "utf8" | "base64";
    locked: boolean;
    editedByHand?: boolean;
  }[],
  at: Date,
): Promise<void> {
  for (let i = 0; i < files.length; i += UPSERT_BATCH) {
    const rows = files
      .slice(i, i + UPSERT_BATCH)
      .map((f) => ({ ...f, editedByHand: f.editedByHand ?? false, chatId, createdAt: at, updatedAt: at }));
    await db
      .insert(chatFiles)
      .values(rows)
      .onConflictDoUpdate({
        target: [chatFiles.chatId, chatFiles.path],
        set: {
          content: sql`excluded.content`,
          encoding: sql`excluded.encoding`,
          locked: sql`excluded.locked`,
          editedByHand: sql`excluded.edited_by_hand`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

/** Deletes the given paths of a chat's files (a restore removes what the restored version did not have). */
export async function deleteFiles(db: Db, chatId: string, paths: readonly string[]): Promise<void> {
  for (let i = 0; i < paths.length; i += UPSERT_BATCH) {
    await db
      .delete(chatFiles)
      .where(and(eq(chatFiles.chatId, chatId), inArray(chatFiles.path, paths.slice(i, i + UPSERT_BATCH))));
  }
}
