"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ServiceError } from "@/lib/api/errors";
import type { UsageEvent } from "@/lib/api/schemas";
import type { ServiceClient } from "@/lib/api/client";
import { usageKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

/**
 * The usage report of a range over the proxy (the document's GET /usage/summary, /usage/events, /usage/activity).
 * The summary has credits only: tokens, models and per-chat credits come from the events, walked page by page
 * (at most MAX_EVENT_PAGES; `truncated` says when the range had more).
 */

export interface UsageRangeQuery {
  /** Inclusive ISO 8601. */
  start: string;
  /** Exclusive ISO 8601. */
  end: string;
}

const DAY_MS = 86_400_000;

/** The last `days` UTC days, today included: [midnight `days - 1` days ago, next midnight). */
export function lastDays(days: number, now: number = Date.now()): UsageRangeQuery {
  const end = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  return { start: new Date(end - days * DAY_MS).toISOString(), end: new Date(end).toISOString() };
}

/** A deployment without the usage operations answers 404 or 405: it does not report usage. */
const isUsageUnsupported = (error: unknown): boolean =>
  error instanceof ServiceError && (error.status === 404 || error.status === 405);

const EVENTS_PAGE = 100;
const MAX_EVENT_PAGES = 20;
const TABLE_PAGE = 25;

async function walkEvents(
  client: ServiceClient,
  range: UsageRangeQuery,
): Promise<{ events: UsageEvent[]; truncated: boolean; unreadable: number }> {
  const events: UsageEvent[] = [];
  let unreadable = 0;
  let cursor: string | null = null;
  for (let page = 0; page < MAX_EVENT_PAGES; page++) {
    const res = await client.usageEvents(cursor ? { cursor, limit: EVENTS_PAGE } : { ...range, limit: EVENTS_PAGE });
    events.push(...res.data);
    unreadable += res.unreadable.length;
    cursor = res.pagination.cursor;
    if (!cursor) return { events, truncated: false, unreadable };
  }
  return { events, truncated: true, unreadable };
}

/** Summary, activity and the range's events (for the charts); `unsupported` when the deployment has no usage. */
export function useUsageReport(range: UsageRangeQuery) {
  const client = useServiceClient();
  const summary = useQuery({
    queryKey: usageKeys.summary(range.start, range.end),
    queryFn: () => client.usageSummary(range),
  });
  const activity = useQuery({
    queryKey: usageKeys.activity(range.start, range.end),
    queryFn: () => client.usageActivity(range),
  });
  const events = useQuery({
    queryKey: usageKeys.allEvents(range.start, range.end),
    queryFn: () => walkEvents(client, range),
  });
  const queries = [summary, activity, events];
  const error = queries.find((q) => q.error)?.error ?? null;
  return {
    summary: summary.data,
    activity: activity.data,
    events: events.data,
    isPending: queries.some((q) => q.isPending),
    error,
    unsupported: queries.some((q) => isUsageUnsupported(q.error)),
    refetch: () => Promise.all(queries.filter((q) => q.error).map((q) => q.refetch())),
  };
}

/** The events table: newest first, one page per "Load more". */
export function useUsageEvents(range: UsageRangeQuery, pageSize: number = TABLE_PAGE) {
  const client = useServiceClient();
  const query = useInfiniteQuery({
    queryKey: usageKeys.events(range.start, range.end),
    queryFn: ({ pageParam }) =>
      client.usageEvents(pageParam ? { cursor: pageParam, limit: pageSize } : { ...range, limit: pageSize }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.pagination.cursor ?? undefined,
  });
  const events = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  return { ...query, events };
}
