import "server-only";
import { and, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../store/db";
import { messages } from "../store/schema";

/** Messages per chat (interface.md Part 8): past it, the oldest are archived automatically. */
export const MESSAGE_ARCHIVE_LIMIT = 10_000;
/** The smallest limit accepted: the newest user message and its answer stay live. */
const MIN_MESSAGE_ARCHIVE_LIMIT = 2;

/**
 * The limit of each opened database, keyed by its drizzle schema registry: one object per `drizzle()` call, shared
 * by that database's transactions (`tx._.schema === db._.schema`), so an insert inside a transaction sees it too.
 */
const limits = new WeakMap<object, number>();

/** Throws unless `limit` is a usable message limit (an integer ≥ 2). */
export function assertMessageArchiveLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < MIN_MESSAGE_ARCHIVE_LIMIT) {
    throw new Error(`messageArchiveLimit must be an integer ≥ ${MIN_MESSAGE_ARCHIVE_LIMIT} (got ${limit})`);
  }
}

/** Sets the message limit of the chats of this database (the service's `messageArchiveLimit` option). */
export function setMessageArchiveLimit(db: Db, limit: number): void {
  assertMessageArchiveLimit(limit);
  if (db._.schema) limits.set(db._.schema, limit);
}

/** The message limit of this database (or a transaction on it); the spec's 10,000 unless set. */
export function messageArchiveLimit(db: Db): number {
  return (db._.schema && limits.get(db._.schema)) ?? MESSAGE_ARCHIVE_LIMIT;
}

/**
 * Archives the oldest live messages of a chat beyond its newest `limit` (one statement: every live message at or
 * before the (limit+1)-th newest). Returns how many were archived. Run in the transaction that added a message.
 */
export async function archiveBeyondLimit(db: Db, chatId: string, limit: number, at: Date): Promise<number> {
  const live = and(eq(messages.chatId, chatId), isNull(messages.archivedAt));
  const cutoff = db
    .select({ seq: messages.seq })
    .from(messages)
    .where(live)
    .orderBy(desc(messages.seq))
    .offset(limit)
    .limit(1);
  const rows = await db
    .update(messages)
    .set({ archivedAt: at })
    .where(and(live, lte(messages.seq, sql`(${cutoff})`)))
    .returning({ id: messages.id });
  return rows.length;
}
