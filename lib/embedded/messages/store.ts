import "server-only";
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { archiveBeyondLimit, messageArchiveLimit } from "./store-archive";
import type { Db } from "../store/db";
import { messages, type MessageRow } from "../store/schema";

type NewMessage = Omit<MessageRow, "seq" | "attachments" | "archivedAt" | "failure" | "kind" | "authorId"> &
  Partial<Pick<MessageRow, "attachments" | "archivedAt" | "failure" | "kind" | "authorId">>;

/** A message not archived (interface.md Part 8): what lists and the agent's context read. */
const live = (chatId: string) => and(eq(messages.chatId, chatId), isNull(messages.archivedAt));

/**
 * Adds a message and, in the same transaction, archives the chat's oldest messages beyond its limit
 * (`messageArchiveLimit`, the spec's 10,000 by default).
 */
export async function insertMessage(db: Db, message: NewMessage): Promise<MessageRow> {
  const limit = messageArchiveLimit(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(messages).values(message).returning();
    await archiveBeyondLimit(tx, message.chatId, limit, message.createdAt);
    return row!;
  });
}

/** Rows per INSERT of `insertMessages`. */
const INSERT_BATCH = 200;

/** Inserts messages in the given order (their `seq` follows it), many per statement; `archivedAt` kept as given. */
export async function insertMessages(db: Db, rows: readonly NewMessage[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await db.insert(messages).values(rows.slice(i, i + INSERT_BATCH));
}

/** A message by id, archived or not. */
export async function findMessage(db: Db, chatId: string, id: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.id, id)))
    .limit(1);
  return row ?? null;
}

/** Live messages, newest first; `beforeSeq` continues after the last message of the previous page. */
export async function listMessages(
  db: Db,
  chatId: string,
  opts: { limit: number; beforeSeq?: number },
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(opts.beforeSeq === undefined ? live(chatId) : and(live(chatId), lt(messages.seq, opts.beforeSeq)))
    .orderBy(desc(messages.seq))
    .limit(opts.limit);
}

/** Every message of a chat, archived ones included, oldest first (deleting or duplicating a chat). */
export async function allMessages(db: Db, chatId: string): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.seq));
}

/** The live messages of a chat, oldest first (the v1 Chat's `messages`). */
export async function liveMessages(db: Db, chatId: string): Promise<MessageRow[]> {
  return db.select().from(messages).where(live(chatId)).orderBy(asc(messages.seq));
}

/**
 * What the agent reads of a conversation up to and including message `uptoSeq`, without loading every message
 * (a chat holds up to 10,000): the last three messages in full and the last `prompts` user prompts' text (both
 * oldest first; the messages recording a hand edit are no prompts), how many user prompts came before `uptoSeq`, and the size in characters (content plus parts
 * JSON) of the `window` messages before it: the agent's context window, not the whole chat. Archived messages
 * (interface.md Part 8) are out of it.
 */
export interface Conversation {
  recent: MessageRow[];
  userPrompts: Array<Pick<MessageRow, "id" | "seq" | "content">>;
  userPromptsBefore: number;
  charsBefore: number;
}

export async function conversation(
  db: Db,
  chatId: string,
  uptoSeq: number,
  limits: { prompts: number; window: number },
): Promise<Conversation> {
  const upto = and(live(chatId), lte(messages.seq, uptoSeq));
  const before = and(live(chatId), lt(messages.seq, uptoSeq));
  const window = db
    .select({ content: messages.content, parts: messages.parts })
    .from(messages)
    .where(before)
    .orderBy(desc(messages.seq))
    .limit(limits.window)
    .as("context_window");
  // One after another: callers may pass a transaction, one connection that runs one query at a time.
  const recent = await db.select().from(messages).where(upto).orderBy(desc(messages.seq)).limit(3);
  const userPrompts = await db
    .select({ id: messages.id, seq: messages.seq, content: messages.content })
    .from(messages)
    .where(and(upto, eq(messages.role, "user"), or(isNull(messages.kind), eq(messages.kind, "forked-chat"))))
    .orderBy(desc(messages.seq))
    .limit(limits.prompts);
  const [count] = await db
    .select({ users: sql<string | number>`count(*)` })
    .from(messages)
    .where(and(before, eq(messages.role, "user"), or(isNull(messages.kind), eq(messages.kind, "forked-chat"))));
  const [size] = await db
    .select({ chars: sql<string | number | null>`sum(length(${window.content}) + length(${window.parts}::text))` })
    .from(window);
  return {
    recent: recent.reverse(),
    userPrompts: userPrompts.reverse(),
    userPromptsBefore: Number(count?.users ?? 0),
    charsBefore: Number(size?.chars ?? 0),
  };
}

/** `unfinished`: only while the message has no finishReason (a generation never rewrites a message recovery closed). */
export async function updateMessage(
  db: Db,
  id: string,
  patch: Partial<Pick<MessageRow, "content" | "parts" | "finishReason" | "failure" | "usage" | "updatedAt">>,
  opts: { unfinished?: boolean } = {},
): Promise<MessageRow | null> {
  const where = opts.unfinished ? and(eq(messages.id, id), isNull(messages.finishReason)) : eq(messages.id, id);
  const [row] = await db.update(messages).set(patch).where(where).returning();
  return row ?? null;
}

/** Why a message whose generation is gone ended (its instance crashed or stopped). */
const GENERATION_LOST = {
  message: "The instance running this answer stopped before it finished; send the message again.",
  code: "generation_lost",
};

/**
 * Ends an unfinished message as an error (its generation is gone: its instance crashed or stopped renewing the
 * lease): open parts get their finishedAt. Null when the message is finished already or missing.
 */
export async function closeUnfinished(
  db: Db,
  chatId: string,
  id: string,
  at: Date,
  failure: { message: string; code: string } = GENERATION_LOST,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.id, id), isNull(messages.finishReason)))
    .for("update");
  if (!row) return null;
  const stamp = at.toISOString();
  const parts = row.parts.map((p) => (p.startedAt && !p.finishedAt ? { ...p, finishedAt: stamp } : p));
  const [closed] = await db
    .update(messages)
    .set({ finishReason: "error", failure, parts, updatedAt: at })
    .where(eq(messages.id, id))
    .returning();
  return closed ?? null;
}

/** Unfinished assistant messages no lease covers (left by a run before leases existed); at most `limit`. */
export async function unleasedUnfinished(db: Db, limit: number): Promise<Array<{ chatId: string; id: string }>> {
  return db
    .select({ chatId: messages.chatId, id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.role, "assistant"),
        isNull(messages.finishReason),
        sql`not exists (select 1 from chats c where c.lease_message_id = ${messages.id})`,
      ),
    )
    .limit(limit);
}

/** The chat's newest message, or null when it has none. */
export async function latestMessage(db: Db, chatId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(desc(messages.seq))
    .limit(1);
  return row ?? null;
}

/** The content of each chat's first user message (the prompt that started it), by chat id. */
export async function firstUserContents(db: Db, chatIds: string[]): Promise<Map<string, string>> {
  if (!chatIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([messages.chatId], { chatId: messages.chatId, content: messages.content })
    .from(messages)
    .where(and(inArray(messages.chatId, chatIds), eq(messages.role, "user")))
    .orderBy(messages.chatId, asc(messages.seq));
  return new Map(rows.map((r) => [r.chatId, r.content]));
}
