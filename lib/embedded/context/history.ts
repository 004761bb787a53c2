import "server-only";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { CONTEXT_SUMMARY_ACTION } from "@/lib/api";
import type { Db, MessageRow } from "../store";
import { messages } from "../store/schema";
import { summaryIn, type ContextSummary } from "./summary-part";

/** Messages read after the latest summary at most (a chat holds up to 10,000); older ones are left out. */
const MAX_HISTORY_MESSAGES = 400;

export interface ContextHistory {
  /** The latest summary before the answer, with the message that carries it; null when none. */
  summary: (ContextSummary & { messageId: string; createdAt: Date; seq: number }) | null;
  /** The live messages after the summary's last message (all when none), before the answer, oldest first. */
  messages: MessageRow[];
  /** Messages after the summary left out because there were more than MAX_HISTORY_MESSAGES. */
  leftOut: number;
}

const live = (chatId: string) => and(eq(messages.chatId, chatId), isNull(messages.archivedAt));

type FoundSummary = NonNullable<ContextHistory["summary"]> & {
  /** The seq of the last message it stands for: the messages after it are read in full. */
  throughSeq: number;
};

/** The latest summary before the message at `beforeSeq` (Infinity: the whole chat), or null. */
export async function latestSummary(db: Db, chatId: string, beforeSeq: number): Promise<FoundSummary | null> {
  const before = Number.isFinite(beforeSeq) ? lt(messages.seq, beforeSeq) : undefined;
  // One query after another: callers may pass a transaction (one connection).
  const [carrier] = await db
    .select()
    .from(messages)
    .where(
      and(
        live(chatId),
        before,
        sql`${messages.parts} @> ${JSON.stringify([{ type: "agent-action", name: CONTEXT_SUMMARY_ACTION }])}::jsonb`,
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(1);
  const found = carrier ? summaryIn(carrier.parts) : null;
  if (!carrier || !found) return null;
  const [through] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.id, found.throughMessageId)))
    .limit(1);
  if (!through) return null;
  return { ...found, messageId: carrier.id, createdAt: carrier.createdAt, seq: carrier.seq, throughSeq: through.seq };
}

/**
 * What an agent reads of a chat before the message at `beforeSeq` (Infinity: the whole chat): the latest summary of
 * earlier messages and every message after the last one it stands for.
 */
export async function readHistory(db: Db, chatId: string, beforeSeq: number): Promise<ContextHistory> {
  const before = Number.isFinite(beforeSeq) ? lt(messages.seq, beforeSeq) : undefined;
  const summary = await latestSummary(db, chatId, beforeSeq);
  const afterSeq = summary?.throughSeq ?? null;
  const rows = await db
    .select()
    .from(messages)
    .where(and(live(chatId), before, afterSeq === null ? undefined : gt(messages.seq, afterSeq)))
    .orderBy(desc(messages.seq))
    .limit(MAX_HISTORY_MESSAGES + 1);
  const [{ total } = { total: 0 }] =
    rows.length > MAX_HISTORY_MESSAGES
      ? await db
          .select({ total: sql<number>`count(*)::int` })
          .from(messages)
          .where(and(live(chatId), before, afterSeq === null ? undefined : gt(messages.seq, afterSeq)))
      : [{ total: rows.length }];
  return {
    summary,
    messages: rows.slice(0, MAX_HISTORY_MESSAGES).reverse(),
    leftOut: Math.max(0, Number(total) - MAX_HISTORY_MESSAGES),
  };
}
