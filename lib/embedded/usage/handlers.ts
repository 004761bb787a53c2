import "server-only";
import type { UsageActivity, UsageEvent, UsageEventList, UsageSummary } from "@/lib/api";
import { EMBEDDED_AUTHOR_ID } from "../author";
import { json } from "../http/respond";
import { decodeQueryCursor, encodeQueryCursor, readLimit } from "../http/pagination";
import * as usageStore from "./store";
import type { TimeRange, UsageEventRow } from "./store";
import type { Handler, HandlerTablePart } from "../http/context";
import { rangeView, readRange, scopeOf, selectsOurUser } from "./query";

/**
 * Usage (the real service's document: usage.getSummary, usage.listEvents, usage.getActivity), computed from the
 * stored messages: every finished assistant message with a usage is one usage event. What the service has no data
 * for is reported as nothing: credits come from no billing source (`plan` and `onDemand` 0, `sources` empty, never
 * waived), hosting projects have no name but their id, and the one user is the whole personal scope.
 */

const DEFAULT_EVENTS_LIMIT = 50;
const CURSOR_KIND = "usage";

const credits = (total: number) => ({ plan: 0, onDemand: 0, total });

/** GET /v2/usage/summary?start&end&userId: credits over [start, end) and per UTC day with usage. */
const summary: Handler<"v2.usage.summary"> = async ({ db, url, caller }) => {
  const range = readRange(url.searchParams);
  const userId = url.searchParams.get("userId") || undefined;
  const days = selectsOurUser(userId) ? await usageStore.dailyCredits(db, caller, range) : [];
  const total = Math.round(days.reduce((sum, d) => sum + d.credits, 0) * 1e6) / 1e6;
  const body: UsageSummary = {
    object: "usage_summary",
    range: rangeView(range),
    scope: scopeOf(userId),
    credits: credits(total),
    daily: days.map((d) => ({ date: d.date, credits: credits(d.credits) })),
    dataAsOf: new Date().toISOString(),
  };
  return json(body);
};

function toEvent(row: UsageEventRow): UsageEvent {
  const { model, tokens, creditsCost } = row.usage;
  return {
    id: `usage_${row.messageId}`,
    object: "usage_event",
    type: "message",
    createdAt: row.createdAt.toISOString(),
    userId: EMBEDDED_AUTHOR_ID,
    chatId: row.chatId,
    messageId: row.messageId,
    ...(model ? { model } : {}),
    sources: [],
    waived: false,
    tokens: { ...tokens },
    creditsCost: { ...creditsCost, charged: creditsCost.total },
  };
}

/** The range and filters of an events page: the cursor's when continuing (it keeps the first page's), else the URL's. */
function eventsQuery(url: URL): { range: TimeRange; filters: Record<string, string>; beforeSeq?: number } {
  const cursor = url.searchParams.get("cursor");
  const from = cursor ? decodeQueryCursor(cursor, CURSOR_KIND) : null;
  const query = from ? new Map(Object.entries(from.query)) : url.searchParams;
  const range = readRange(query);
  const filters: Record<string, string> = {};
  for (const key of ["userId", "chatId", "messageId"]) {
    const value = query.get(key);
    if (value) filters[key] = value;
  }
  return { range, filters, beforeSeq: from?.seq };
}

/** GET /v2/usage/events?start&end&userId&chatId&messageId&limit&cursor: newest first. */
const events: Handler<"v2.usage.events"> = async ({ db, url, caller }) => {
  const limit = readLimit(url, DEFAULT_EVENTS_LIMIT);
  const { range, filters, beforeSeq } = eventsQuery(url);
  const rows = selectsOurUser(filters.userId)
    ? await usageStore.listUsageEvents(db, caller, {
        range,
        chatId: filters.chatId,
        messageId: filters.messageId,
        beforeSeq,
        limit: limit + 1,
      })
    : [];
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const cursor =
    rows.length > limit && last
      ? encodeQueryCursor(CURSOR_KIND, { seq: last.seq, query: { ...rangeView(range), ...filters } })
      : null;
  const body: UsageEventList = {
    object: "list",
    range: rangeView(range),
    scope: scopeOf(filters.userId),
    data: page.map(toEvent),
    pagination: { hasMore: cursor !== null, cursor },
  };
  return json(body);
};

/** GET /v2/usage/activity?start&end&userId: assistant messages, chats and days over [start, end). */
const activity: Handler<"v2.usage.activity"> = async ({ db, url, caller }) => {
  const range = readRange(url.searchParams);
  const userId = url.searchParams.get("userId") || undefined;
  const found = selectsOurUser(userId) ? await usageStore.activity(db, caller, range) : null;
  const iso = (d: Date) => d.toISOString();
  const body: UsageActivity = {
    object: "usage_activity",
    range: rangeView(range),
    scope: scopeOf(userId),
    summary: {
      activeUsers: found && found.totals.messageCount > 0 ? 1 : 0,
      activeDays: found?.totals.activeDays ?? 0,
      chatCount: found?.totals.chatCount ?? 0,
      messageCount: found?.totals.messageCount ?? 0,
    },
    projects: (found?.projects ?? []).map((p) => ({
      kind: p.hostProjectId ? "project" : "drafts",
      vercelProjectId: p.hostProjectId,
      name: p.hostProjectId ?? "Drafts",
      chatCount: p.chatCount,
      messageCount: p.messageCount,
      activeDays: p.activeDays,
      firstActivity: iso(p.firstActivity),
      lastActivity: iso(p.lastActivity),
    })),
    chats: (found?.chats ?? []).map((c) => ({
      kind: "chat",
      chatId: c.chatId,
      title: c.title ?? "Untitled chat",
      vercelProjectId: c.hostProjectId,
      projectName: c.hostProjectId,
      messageCount: c.messageCount,
      activeDays: c.activeDays,
      firstActivity: iso(c.firstActivity),
      lastActivity: iso(c.lastActivity),
    })),
  };
  return json(body);
};

export const usageHandlers = {
  "v2.usage.summary": summary,
  "v2.usage.events": events,
  "v2.usage.activity": activity,
} satisfies HandlerTablePart;
