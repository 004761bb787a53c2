import type { UsageActivity, UsageEvent, UsageSummary } from "@/lib/api/schemas";

/**
 * The Usage page's numbers, shaped for charts and tables (pure). Days are UTC days (YYYY-MM-DD), as the service
 * reports them; every day of the range is present, zero when nothing happened.
 */

const DAY_MS = 86_400_000;

/** The UTC days of [start, end), oldest first. */
export function daysOf(start: string, end: string): string[] {
  const days: string[] = [];
  const last = Date.parse(end);
  for (let t = Math.floor(Date.parse(start) / DAY_MS) * DAY_MS; t < last; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

export interface DayCredits {
  date: string;
  credits: number;
}

/** The summary's daily credits on every day of the range (a day it leaves out, or reports twice, is summed). */
export function creditsPerDay(daily: UsageSummary["daily"], days: readonly string[]): DayCredits[] {
  const byDay = new Map(days.map((d) => [d, 0]));
  for (const d of daily) if (byDay.has(d.date)) byDay.set(d.date, byDay.get(d.date)! + d.credits.total);
  return days.map((date) => ({ date, credits: byDay.get(date)! }));
}

export interface DayTokens {
  date: string;
  input: number;
  /** Cache reads and writes. */
  cached: number;
  output: number;
}

/** Tokens per day from the events: input, cached input (read + write), output. Events without tokens count 0. */
export function tokensPerDay(events: readonly UsageEvent[], days: readonly string[]): DayTokens[] {
  const byDay = new Map<string, DayTokens>(days.map((date) => [date, { date, input: 0, cached: 0, output: 0 }]));
  for (const e of events) {
    const day = byDay.get(e.createdAt.slice(0, 10));
    if (!day || !e.tokens) continue;
    day.input += e.tokens.input;
    day.cached += e.tokens.cacheRead + e.tokens.cacheWrite;
    day.output += e.tokens.output;
  }
  return [...byDay.values()];
}

interface EventTotals {
  tokens: number;
  credits: number;
  events: number;
}

export function totalsOf(events: readonly UsageEvent[]): EventTotals {
  return events.reduce(
    (t, e) => ({
      tokens: t.tokens + (e.tokens?.total ?? 0),
      credits: t.credits + e.creditsCost.total,
      events: t.events + 1,
    }),
    { tokens: 0, credits: 0, events: 0 },
  );
}

export interface ModelUsage extends EventTotals {
  model: string;
}

/** Credits, tokens and events per model, most credits first; events without a model are "Unknown model". */
export function byModel(events: readonly UsageEvent[]): ModelUsage[] {
  const groups = new Map<string, UsageEvent[]>();
  for (const e of events) {
    const model = e.model ?? "Unknown model";
    groups.set(model, [...(groups.get(model) ?? []), e]);
  }
  return [...groups]
    .map(([model, list]) => ({ model, ...totalsOf(list) }))
    .sort((a, b) => b.credits - a.credits || a.model.localeCompare(b.model));
}

export interface ChatUsage extends EventTotals {
  chatId: string;
  title: string;
}

/** The `limit` chats with the most credits, titled from the activity (else by id). */
export function topChats(
  events: readonly UsageEvent[],
  chats: UsageActivity["chats"] | undefined,
  limit = 5,
): ChatUsage[] {
  const titles = new Map((chats ?? []).map((c) => [c.chatId, c.title]));
  const groups = new Map<string, UsageEvent[]>();
  for (const e of events) if (e.chatId) groups.set(e.chatId, [...(groups.get(e.chatId) ?? []), e]);
  return [...groups]
    .map(([chatId, list]) => ({ chatId, title: titles.get(chatId) ?? chatId, ...totalsOf(list) }))
    .sort((a, b) => b.credits - a.credits || a.chatId.localeCompare(b.chatId))
    .slice(0, limit);
}

/** Nothing happened in the range: no credits, no events, no assistant messages. */
export function isEmptyReport(
  summary: UsageSummary | undefined,
  activity: UsageActivity | undefined,
  events: readonly UsageEvent[],
): boolean {
  return (summary?.credits.total ?? 0) === 0 && events.length === 0 && (activity?.summary.messageCount ?? 0) === 0;
}

/** "Jan 5" for a UTC day. */
export function shortDay(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t)) return date;
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(t);
}
