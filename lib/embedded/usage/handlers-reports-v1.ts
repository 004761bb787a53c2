import "server-only";
import type { AiUsageReportV1, UsageReportV1, UserActivityReportV1 } from "@/lib/api/schemas/v1";
import { EMBEDDED_AUTHOR_ID } from "../author";
import { json } from "../http/respond";
import { decodeQueryCursor, encodeQueryCursor, readLimit } from "../http/pagination";
import { type Db } from "../store";
import * as usageStore from "./store";
import type { TimeRange, UsageEventRow } from "./store";
import { embeddedUserV1 } from "../chats/views-v1";
import type { Reader } from "../chats/access";
import type { Handler, HandlerTablePart } from "../http/context";
import { rangeView, readRange, selectsOurUser, type RangeNames } from "./query";

/**
 * The v1 document's reports, read from the same stored usage as the v2 usage operations (every finished assistant
 * message with a usage is one event): `startDate`/`endDate` (or `start`/`end` for the AI usage) as ISO 8601 with the
 * same defaults (the seven days before now), newest first, cursor paging that keeps the first page's filters.
 */

const CURSOR_KIND = "report";

/** One page of usage events of the query (or of the cursor's query when continuing). */
async function page(
  db: Db,
  reader: Reader,
  url: URL,
  names: RangeNames,
  fallbackLimit: number,
): Promise<{ rows: UsageEventRow[]; range: TimeRange; cursor: string | null }> {
  const limit = readLimit(url, fallbackLimit);
  const cursor = url.searchParams.get("cursor");
  const from = cursor ? decodeQueryCursor(cursor, CURSOR_KIND) : null;
  const query = from ? new Map(Object.entries(from.query)) : url.searchParams;
  const range = readRange(query, new Date(), names);
  const filters: Record<string, string> = {};
  for (const key of ["userId", "chatId", "messageId"]) {
    const value = query.get(key);
    if (value) filters[key] = value;
  }
  const rows = selectsOurUser(filters.userId)
    ? await usageStore.listUsageEvents(db, reader, {
        range,
        chatId: filters.chatId,
        messageId: filters.messageId,
        beforeSeq: from?.seq,
        limit: limit + 1,
      })
    : [];
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const { start, end } = rangeView(range);
  const next =
    rows.length > limit && last
      ? encodeQueryCursor(CURSOR_KIND, { seq: last.seq, query: { [names.start]: start, [names.end]: end, ...filters } })
      : null;
  return { rows: items, range, cursor: next };
}

/** Credits as the document's decimal strings. */
const cost = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** GET /v1/reports/usage?startDate&endDate&chatId&messageId&userId&limit&cursor */
const usageReportV1: Handler<"v1.reports.usage"> = async ({ db, url, caller }) => {
  const { rows, cursor } = await page(db, caller, url, { start: "startDate", end: "endDate" }, 20);
  const report: UsageReportV1 = {
    object: "list",
    data: rows.map((row) => ({
      id: `usage_${row.messageId}`,
      object: "usage_event",
      type: "message",
      promptCost: cost(row.usage.creditsCost.input),
      completionCost: cost(row.usage.creditsCost.output),
      totalCost: cost(row.usage.creditsCost.total),
      chatId: row.chatId,
      messageId: row.messageId,
      userId: EMBEDDED_AUTHOR_ID,
      createdAt: row.createdAt.toISOString(),
    })),
    pagination: { hasMore: cursor !== null, ...(cursor ? { nextCursor: cursor } : {}) },
    meta: { totalCount: rows.length },
  };
  return json(report);
};

/** GET /v1/reports/usage/ai?start&end&limit&cursor: the tokens of each answered message. */
const aiUsageReportV1: Handler<"v1.reports.aiUsage"> = async ({ db, url, caller }) => {
  const { rows, range, cursor } = await page(db, caller, url, { start: "start", end: "end" }, 100);
  const user = embeddedUserV1();
  const report: AiUsageReportV1 = {
    object: "list",
    data: rows.map((row) => ({
      eventId: `usage_${row.messageId}`,
      modelId: row.usage.model ?? "unknown",
      inputTokens: row.usage.tokens.input,
      outputTokens: row.usage.tokens.output,
      totalTokens: row.usage.tokens.total,
      cacheCreationInputTokens: row.usage.tokens.cacheWrite,
      cacheReadInputTokens: row.usage.tokens.cacheRead,
      timestamp: row.createdAt.toISOString(),
      requestId: row.messageId,
      useCase: "chat",
      chatId: row.chatId,
      messageId: row.messageId,
      userId: user.id,
      userEmail: user.email,
    })),
    pagination: { nextCursor: cursor },
    dateRange: rangeView(range),
  };
  return json(report);
};

/** GET /v1/reports/user-activity?startDate&endDate: the one user's chats, messages and active days. */
const userActivityReportV1: Handler<"v1.reports.userActivity"> = async ({ db, url, caller }) => {
  const range = readRange(url.searchParams, new Date(), { start: "startDate", end: "endDate" });
  const found = await usageStore.activity(db, caller, range);
  const user = embeddedUserV1();
  const first = found.chats.reduce<Date | null>((a, c) => (!a || c.firstActivity < a ? c.firstActivity : a), null);
  const last = found.chats.reduce<Date | null>((a, c) => (!a || c.lastActivity > a ? c.lastActivity : a), null);
  const active = found.totals.messageCount > 0;
  const report: UserActivityReportV1 = {
    object: "list",
    data: active
      ? [
          {
            id: user.id,
            object: "user_activity",
            user: { ...user, teamV0Role: null },
            chatCount: found.totals.chatCount,
            messageCount: found.totals.messageCount,
            activeDays: found.totals.activeDays,
            firstActivity: first?.toISOString() ?? null,
            lastActivity: last?.toISOString() ?? null,
          },
        ]
      : [],
    meta: { totalCount: active ? 1 : 0, dateRange: rangeView(range) },
  };
  return json(report);
};

/** The routes of lib/api/routes.ts this file answers. */
export const reportV1Handlers = {
  "v1.reports.usage": usageReportV1,
  "v1.reports.aiUsage": aiUsageReportV1,
  "v1.reports.userActivity": userActivityReportV1,
} satisfies HandlerTablePart;
