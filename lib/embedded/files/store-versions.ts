import "server-only";
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../store/db";
import { chatFiles, versions, type VersionRow } from "../store/schema";

type NewVersion = Omit<VersionRow, "seq">;

/**
 * Inserts a version and answers it as stored. Only the generated `seq` is read back: the snapshot of the files is
 * the one given (reading a large snapshot back out of the database would cost as much as writing it).
 */
export async function insertVersion(db: Db, version: NewVersion): Promise<VersionRow> {
  const [row] = await db.insert(versions).values(version).returning({ seq: versions.seq });
  return { ...version, seq: row!.seq };
}

/**
 * Inserts a completed version whose snapshot is the chat's files as they are now in the database, built there
 * (`jsonb_agg` over `chat_files`, by path), so a large file is not serialized to JSON, sent and parsed again: a hand
 * edit of a 1 MB file costs half as much this way. `files` is what the caller knows the snapshot to be (it wrote
 * those files in the same transaction); it is answered as the row's files, not sent.
 */
export async function insertVersionOfChatFiles(db: Db, version: NewVersion): Promise<VersionRow> {
  const { id, chatId, messageId, status, createdAt, updatedAt } = version;
  const f = chatFiles;
  const result = (await db.execute(sql`
    insert into ${versions} (id, chat_id, message_id, status, files, created_at, updated_at)
    select ${id}, ${chatId}, ${messageId}, ${status},
      coalesce(jsonb_agg(jsonb_build_object('path', ${f.path}, 'content', ${f.content}, 'encoding', ${f.encoding},
        'locked', ${f.locked}) order by ${f.path} collate "C"), '[]'::jsonb),
      ${createdAt.toISOString()}::timestamptz, ${updatedAt.toISOString()}::timestamptz
    from ${f} where ${f.chatId} = ${chatId}
    returning seq`)) as unknown as { rows: { seq: number | string }[] };
  const row = result.rows[0];
  return { ...version, seq: Number(row!.seq) };
}

/** Rows per INSERT of `insertVersions` (each carries a whole snapshot of the files). */
const INSERT_BATCH = 20;

/** Inserts versions in the given order (their `seq` follows it), a few per statement. */
export async function insertVersions(db: Db, rows: readonly NewVersion[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await db.insert(versions).values(rows.slice(i, i + INSERT_BATCH));
}

/** Every version of a chat, oldest first. */
export async function allVersions(db: Db, chatId: string): Promise<VersionRow[]> {
  return db.select().from(versions).where(eq(versions.chatId, chatId)).orderBy(asc(versions.seq));
}

/** The newest completed version an assistant message made, or null when it made none (nothing to restore). */
export async function completedVersionOf(db: Db, chatId: string, messageId: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.chatId, chatId), eq(versions.messageId, messageId), eq(versions.status, "completed")))
    .orderBy(desc(versions.seq))
    .limit(1);
  return row ?? null;
}

export async function findVersion(db: Db, chatId: string, id: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.chatId, chatId), eq(versions.id, id)))
    .limit(1);
  return row ?? null;
}

export async function latestVersion(db: Db, chatId: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(versions)
    .where(eq(versions.chatId, chatId))
    .orderBy(desc(versions.seq))
    .limit(1);
  return row ?? null;
}

export async function updateVersion(
  db: Db,
  chatId: string,
  id: string,
  patch: Partial<Pick<VersionRow, "status" | "files" | "updatedAt">>,
): Promise<VersionRow | null> {
  const [row] = await db
    .update(versions)
    .set(patch)
    .where(and(eq(versions.chatId, chatId), eq(versions.id, id)))
    .returning();
  return row ?? null;
}

/** Whether the chat has a completed version (the preview is ready then). */
export async function hasCompletedVersion(db: Db, chatId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.chatId, chatId), eq(versions.status, "completed")))
    .limit(1);
  return row !== undefined;
}

/** The chat's versions newest first; `beforeSeq` continues after the last one of the previous page. */
export async function listVersions(
  db: Db,
  chatId: string,
  opts: { limit: number; beforeSeq?: number },
): Promise<VersionRow[]> {
  return db
    .select()
    .from(versions)
    .where(
      opts.beforeSeq === undefined
        ? eq(versions.chatId, chatId)
        : and(eq(versions.chatId, chatId), lt(versions.seq, opts.beforeSeq)),
    )
    .orderBy(desc(versions.seq))
    .limit(opts.limit);
}

/** Fails the message's pending version (its generation is gone); nothing when it has none. */
export async function failPendingVersionOf(db: Db, chatId: string, messageId: string, at: Date): Promise<void> {
  await db
    .update(versions)
    .set({ status: "failed", updatedAt: at })
    .where(and(eq(versions.chatId, chatId), eq(versions.messageId, messageId), eq(versions.status, "pending")));
}

/** Of the given assistant messages, those that made a completed version (the document's `restorable`). */
export async function completedVersionMessageIds(db: Db, chatId: string, messageIds: string[]): Promise<string[]> {
  if (!messageIds.length) return [];
  const rows = await db
    .select({ messageId: versions.messageId })
    .from(versions)
    .where(and(eq(versions.chatId, chatId), eq(versions.status, "completed"), inArray(versions.messageId, messageIds)));
  return [...new Set(rows.map((r) => r.messageId))];
}
