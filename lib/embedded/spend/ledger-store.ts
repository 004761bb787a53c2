import "server-only";
import { and, asc, count, desc, eq, gt, gte, lt, sql, sum, type SQL } from "drizzle-orm";
import type { TokenCounts } from "@/lib/api";
import { newId } from "../ids";
import { readableChats, type Reader } from "../chats/access";
import type { Db } from "../store";
import { chats } from "../store/schema";
import { usageLedger, type LedgerPurpose, type LedgerRow } from "./schema";

/** The ledger's queries (works on PGlite and PostgreSQL). Ranges are `[from, to)`. */

interface LedgerCall {
  at: Date;
  personId: string;
  chatId: string;
  messageId: string;
  model: string;
  modelName: string | null;
  purpose: LedgerPurpose;
  tokens: TokenCounts;
  credits: number;
}

/** Records one model call. */
export async function recordCall(db: Db, call: LedgerCall): Promise<void> {
  await db.insert(usageLedger).values({
    id: newId("led"),
    at: call.at,
    personId: call.personId,
    chatId: call.chatId,
    messageId: call.messageId,
    model: call.model,
    modelName: call.modelName,
    auxiliary: call.purpose !== "answer",
    purpose: call.purpose,
    inputTokens: call.tokens.input,
    outputTokens: call.tokens.output,
    cacheReadTokens: call.tokens.cacheRead,
    cacheWriteTokens: call.tokens.cacheWrite,
    totalTokens: call.tokens.total,
    credits: micro(call.credits),
  });
}

export interface LedgerFilter {
  from: Date;
  to: Date;
  personId?: string;
  chatId?: string;
}

const where = (f: LedgerFilter): SQL =>
  and(
    gte(usageLedger.at, f.from),
    lt(usageLedger.at, f.to),
    f.personId === undefined ? undefined : eq(usageLedger.personId, f.personId),
    f.chatId === undefined ? undefined : eq(usageLedger.chatId, f.chatId),
  )!;

/** Rounds sums of credits to the precision they are stored with (micro-credits). */
const micro = (n: number) => Math.round(n * 1e6) / 1e6;

/** Credits spent over the range (by one person, or by everyone). */
export async function creditsSpent(db: Db, filter: LedgerFilter): Promise<number> {
  const [row] = await db
    .select({ credits: sum(usageLedger.credits) })
    .from(usageLedger)
    .where(where(filter));
  return micro(Number(row?.credits ?? 0));
}

export interface LedgerEntryRow extends LedgerRow {
  chatTitle: string | null;
}

/**
 * A call's chat, for its title: only a chat `reader` may read (someone else's private chat's spending is counted,
 * its title is not theirs to see: null, as for a deleted chat).
 */
const titledChat = (reader: Reader) => and(eq(chats.id, usageLedger.chatId), readableChats(reader));

/** Calls over the range, newest first; `beforeSeq` continues after the previous page. */
export async function listCalls(
  db: Db,
  filter: LedgerFilter & { beforeSeq?: number; afterSeq?: number; limit: number; oldestFirst?: boolean },
  reader: Reader,
): Promise<LedgerEntryRow[]> {
  const rows = await db
    .select({ entry: usageLedger, chatTitle: chats.title })
    .from(usageLedger)
    .leftJoin(chats, titledChat(reader))
    .where(
      and(
        where(filter),
        filter.beforeSeq === undefined ? undefined : lt(usageLedger.seq, filter.beforeSeq),
        filter.afterSeq === undefined ? undefined : gt(usageLedger.seq, filter.afterSeq),
      ),
    )
    .orderBy(filter.oldestFirst ? asc(usageLedger.seq) : desc(usageLedger.seq))
    .limit(filter.limit);
  return rows.map((r) => ({ ...r.entry, chatTitle: r.chatTitle }));
}

type LedgerGrouping = "person" | "chat" | "model" | "day";

interface LedgerGroupRow {
  key: string;
  /** The chat's title for a chat group (null: untitled or deleted). */
  label: string | null;
  calls: number;
  auxiliaryCalls: number;
  tokens: TokenCounts;
  credits: number;
}

/** The UTC day (YYYY-MM-DD) of a call. */
const day = sql<string>`to_char(${usageLedger.at} at time zone 'UTC', 'YYYY-MM-DD')`;

const KEYS: Record<LedgerGrouping, SQL<string>> = {
  person: sql<string>`${usageLedger.personId}`,
  chat: sql<string>`${usageLedger.chatId}`,
  model: sql<string>`${usageLedger.model}`,
  day,
};

const n = (v: string | number | null | undefined) => Number(v ?? 0);

/** Sums per person, chat, model or UTC day over the range: most credits first (days: oldest first). */
export async function groupCalls(
  db: Db,
  filter: LedgerFilter,
  by: LedgerGrouping,
  reader: Reader,
): Promise<LedgerGroupRow[]> {
  const key = KEYS[by];
  const rows = await db
    .select({
      key,
      label: by === "chat" ? sql<string | null>`max(${chats.title})` : sql<string | null>`null`,
      calls: count(),
      auxiliaryCalls: sql<string | number>`count(*) filter (where ${usageLedger.auxiliary})`,
      input: sum(usageLedger.inputTokens),
      output: sum(usageLedger.outputTokens),
      cacheRead: sum(usageLedger.cacheReadTokens),
      cacheWrite: sum(usageLedger.cacheWriteTokens),
      total: sum(usageLedger.totalTokens),
      credits: sum(usageLedger.credits),
    })
    .from(usageLedger)
    .leftJoin(chats, titledChat(reader))
    .where(where(filter))
    .groupBy(key)
    .orderBy(by === "day" ? asc(key) : desc(sum(usageLedger.credits)), asc(key));
  return rows.map((r) => ({
    key: r.key,
    label: r.label,
    calls: n(r.calls),
    auxiliaryCalls: n(r.auxiliaryCalls),
    tokens: {
      input: n(r.input),
      output: n(r.output),
      cacheRead: n(r.cacheRead),
      cacheWrite: n(r.cacheWrite),
      total: n(r.total),
    },
    credits: micro(n(r.credits)),
  }));
}
