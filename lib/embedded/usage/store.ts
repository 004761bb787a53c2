import "server-only";
import { and, count, countDistinct, desc, eq, gte, inArray, isNotNull, lt, max, min, sql, type SQL } from "drizzle-orm";
import type { Usage } from "@/lib/api";
import type { Db } from "../store/db";
import { chats, messages } from "../store/schema";
import { readableChats, type Reader } from "../chats/access";

/**
 * Usage read from the stored messages, aggregated in SQL (works on PGlite and PostgreSQL): every finished assistant
 * message with a `usage` is one charge; days are UTC days of the message's `createdAt`.
 */

export interface TimeRange {
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

/** The UTC day (YYYY-MM-DD) of a message. */
const day = sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

const inRange = (range: TimeRange) => and(gte(messages.createdAt, range.start), lt(messages.createdAt, range.end));

/** Messages of chats the reader may read (issue 40): usage shows nothing of a chat that is not theirs to see. */
const ofReadableChats = (db: Db, reader: Reader): SQL =>
  inArray(messages.chatId, db.select({ id: chats.id }).from(chats).where(readableChats(reader)));

/** Assistant messages that finished with a usage, of chats the reader may read: the service's charges. */
const charged = (db: Db, reader: Reader, range: TimeRange): SQL =>
  and(
    eq(messages.role, "assistant"),
    isNotNull(messages.usage),
    isNotNull(messages.finishReason),
    inRange(range),
    ofReadableChats(db, reader),
  )!;

/** Rounds sums of credits to the precision they are stored with (micro-credits). */
const micro = (n: number) => Math.round(n * 1e6) / 1e6;

interface DailyCredits {
  date: string;
  credits: number;
}

/** Credits per UTC day with any usage, oldest first (days without usage are left out). */
export async function dailyCredits(db: Db, reader: Reader, range: TimeRange): Promise<DailyCredits[]> {
  const rows = await db
    .select({
      date: day,
      credits: sql<string | number | null>`sum((${messages.usage}->'creditsCost'->>'total')::numeric)`,
    })
    .from(messages)
    .where(charged(db, reader, range))
    .groupBy(day)
    .orderBy(day);
  return rows.map((r) => ({ date: r.date, credits: micro(Number(r.credits ?? 0)) }));
}

export interface UsageEventRow {
  seq: number;
  messageId: string;
  chatId: string;
  createdAt: Date;
  usage: Usage;
}

/** Charges newest first (by message order); `beforeSeq` continues after the previous page. */
export async function listUsageEvents(
  db: Db,
  reader: Reader,
  opts: { range: TimeRange; chatId?: string; messageId?: string; beforeSeq?: number; limit: number },
): Promise<UsageEventRow[]> {
  const rows = await db
    .select({
      seq: messages.seq,
      messageId: messages.id,
      chatId: messages.chatId,
      createdAt: messages.createdAt,
      usage: messages.usage,
    })
    .from(messages)
    .where(
      and(
        charged(db, reader, opts.range),
        opts.chatId === undefined ? undefined : eq(messages.chatId, opts.chatId),
        opts.messageId === undefined ? undefined : eq(messages.id, opts.messageId),
        opts.beforeSeq === undefined ? undefined : lt(messages.seq, opts.beforeSeq),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(opts.limit);
  return rows.flatMap((r) => (r.usage ? [{ ...r, usage: r.usage }] : []));
}

interface ActivityCounts {
  messageCount: number;
  activeDays: number;
  firstActivity: Date;
  lastActivity: Date;
}

interface ActivityTotals {
  messageCount: number;
  chatCount: number;
  activeDays: number;
}

interface ProjectActivity extends ActivityCounts {
  hostProjectId: string | null;
  chatCount: number;
}

interface ChatActivity extends ActivityCounts {
  chatId: string;
  title: string | null;
  hostProjectId: string | null;
}

const assistantIn = (range: TimeRange) => and(eq(messages.role, "assistant"), inRange(range));

const activityColumns = {
  messageCount: count(),
  activeDays: countDistinct(day),
  firstActivity: min(messages.createdAt),
  lastActivity: max(messages.createdAt),
};

/** Rows of a grouped activity query with their first and last activity (never null in a non-empty group). */
function withDates<T extends { firstActivity: Date | null; lastActivity: Date | null }>(
  rows: T[],
): Array<Omit<T, "firstActivity" | "lastActivity"> & { firstActivity: Date; lastActivity: Date }> {
  return rows.flatMap((r) =>
    r.firstActivity && r.lastActivity ? [{ ...r, firstActivity: r.firstActivity, lastActivity: r.lastActivity }] : [],
  );
}

/** Assistant messages (finished or not) over the range: in total, per hosting project, per chat (latest first). */
export async function activity(
  db: Db,
  reader: Reader,
  range: TimeRange,
): Promise<{ totals: ActivityTotals; projects: ProjectActivity[]; chats: ChatActivity[] }> {
  const where = and(assistantIn(range), ofReadableChats(db, reader));
  const [[totals], projects, chatRows] = await Promise.all([
    db
      .select({ messageCount: count(), chatCount: countDistinct(messages.chatId), activeDays: countDistinct(day) })
      .from(messages)
      .where(where),
    db
      .select({ hostProjectId: chats.hostProjectId, chatCount: countDistinct(messages.chatId), ...activityColumns })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(where)
      .groupBy(chats.hostProjectId)
      .orderBy(desc(max(messages.createdAt))),
    db
      .select({
        chatId: messages.chatId,
        title: chats.title,
        hostProjectId: chats.hostProjectId,
        ...activityColumns,
      })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(where)
      .groupBy(messages.chatId, chats.title, chats.hostProjectId)
      .orderBy(desc(max(messages.createdAt))),
  ]);
  return {
    totals: totals ?? { messageCount: 0, chatCount: 0, activeDays: 0 },
    projects: withDates(projects),
    chats: withDates(chatRows),
  };
}
