import "server-only";
import { and, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../store/db";
import { chats, type ChatRow } from "../store/schema";

/**
 * Generation leases (one per chat, held in the chat's row): the instance that generates a chat's answer, or runs a
 * short exclusive operation on it, holds the lease until it releases it or stops renewing it. The database's clock
 * decides expiry, so instances with skewed clocks agree. A live lease makes every other send, resolve, delete,
 * restore or version change of the chat a 409, whichever instance receives it.
 */

/** The lease as stored: `live` is false when it expired (its owner stopped renewing it: crashed or stalled). */
interface Lease {
  owner: string;
  messageId: string | null;
  live: boolean;
}

const expiresIn = (ttlMs: number) => sql`now() + make_interval(secs => ${ttlMs / 1000})`;

/**
 * Reads and locks the chat's lease (`FOR UPDATE`, so call it inside a transaction): null when the chat has none,
 * "missing" when there is no such chat.
 */
export async function lockLease(db: Db, chatId: string): Promise<Lease | null | "missing"> {
  return toLease(await selectLease(db, chatId).for("update"));
}

/**
 * Reads and locks the chat's row with its lease (`FOR UPDATE`, inside a transaction): the row as it is now and the
 * lease (null when none), or "missing" when there is no such chat.
 */
export async function lockChatLease(
  db: Db,
  chatId: string,
): Promise<{ chat: ChatRow; lease: Lease | null } | "missing"> {
  const rows = await db
    .select({ chat: chats, live: sql<boolean>`${chats.leaseExpiresAt} > now()` })
    .from(chats)
    .where(eq(chats.id, chatId))
    .for("update");
  const row = rows[0];
  if (!row) return "missing";
  const { leaseOwner: owner, leaseMessageId: messageId } = row.chat;
  return { chat: row.chat, lease: owner ? { owner, messageId, live: Boolean(row.live) } : null };
}

/** The chat's lease as it is now, without locking it (readers: is it generating, and which message). */
export async function readLease(db: Db, chatId: string): Promise<Lease | null | "missing"> {
  return toLease(await selectLease(db, chatId));
}

function selectLease(db: Db, chatId: string) {
  return db
    .select({
      owner: chats.leaseOwner,
      messageId: chats.leaseMessageId,
      live: sql<boolean>`${chats.leaseExpiresAt} > now()`,
    })
    .from(chats)
    .where(eq(chats.id, chatId));
}

function toLease(rows: Array<{ owner: string | null; messageId: string | null; live: boolean }>) {
  const row = rows[0];
  if (!row) return "missing";
  return row.owner ? { owner: row.owner, messageId: row.messageId, live: Boolean(row.live) } : null;
}

/** Sets the chat's lease (after lockLease found none live). */
export async function setLease(
  db: Db,
  chatId: string,
  lease: { owner: string; messageId: string | null; ttlMs: number },
): Promise<void> {
  await db
    .update(chats)
    .set({ leaseOwner: lease.owner, leaseMessageId: lease.messageId, leaseExpiresAt: expiresIn(lease.ttlMs) })
    .where(eq(chats.id, chatId));
}

/** Ends the owner's lease of the chat for that message (null: an exclusive operation's); nothing when it moved on. */
export async function releaseLease(db: Db, chatId: string, owner: string, messageId: string | null): Promise<void> {
  await db
    .update(chats)
    .set({ leaseOwner: null, leaseMessageId: null, leaseExpiresAt: null })
    .where(
      and(
        eq(chats.id, chatId),
        eq(chats.leaseOwner, owner),
        messageId === null ? isNull(chats.leaseMessageId) : eq(chats.leaseMessageId, messageId),
      ),
    );
}

/** Renews the owner's leases of these chats; returns the chats it still holds (a lease taken over is gone). */
export async function renewLeases(db: Db, owner: string, chatIds: string[], ttlMs: number): Promise<Set<string>> {
  if (!chatIds.length) return new Set();
  const rows = await db
    .update(chats)
    .set({ leaseExpiresAt: expiresIn(ttlMs) })
    .where(and(eq(chats.leaseOwner, owner), inArray(chats.id, chatIds)))
    .returning({ id: chats.id });
  return new Set(rows.map((r) => r.id));
}

/** Chats whose lease expired (oldest first); `all`: every lease, live or not (a PGlite directory's previous run). */
export async function expiredLeases(db: Db, limit: number, all = false): Promise<string[]> {
  const rows = await db
    .select({ id: chats.id })
    .from(chats)
    .where(all ? isNotNull(chats.leaseOwner) : lte(chats.leaseExpiresAt, sql`now()`))
    .orderBy(chats.leaseExpiresAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Clears the chat's lease whoever holds it (recovery, after closing its message). */
export async function clearLease(db: Db, chatId: string): Promise<void> {
  await db
    .update(chats)
    .set({ leaseOwner: null, leaseMessageId: null, leaseExpiresAt: null })
    .where(eq(chats.id, chatId));
}
