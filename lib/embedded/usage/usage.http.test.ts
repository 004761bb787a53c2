import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import {
  ChatWithUsage,
  ErrorV2,
  Message,
  MessageList,
  UsageActivity,
  UsageEventList,
  UsageSummary,
  type UsageEvent,
} from "@/lib/api";
import { EMBEDDED_AUTHOR_ID } from "../author";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService } from "../test-support";

/** GET /v2/usage/summary, /events, /activity through real Requests, against the messages' own usage. */
let svc: EmbeddedService;
/** Chats made before `between`, and after it. */
const early: string[] = [];
const late: string[] = [];
let between = "";
const assistants: Message[] = [];

async function createChat(message: string): Promise<string> {
  const res = await call(svc, "POST", "/v2/chats", { body: { message } });
  expect(res.status).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat.id;
}

async function assistantMessages(chatId: string): Promise<Message[]> {
  const res = await call(svc, "GET", `/v2/chats/${chatId}/messages?limit=100`);
  return expectSchema(MessageList, res.body).messages.filter((m) => m.role === "assistant");
}

const sum = (ms: Message[], pick: (m: Message) => number) => ms.reduce((n, m) => n + pick(m), 0);

beforeAll(async () => {
  svc = await startService();
  early.push(await createChat("A todo app /fast"));
  const reply = await call(svc, "POST", `/v2/chats/${early[0]}/messages`, { body: { message: "Add dates /fast" } });
  expect(reply.status).toBe(200);
  early.push(await createChat("A counter /fast"));
  await new Promise((r) => setTimeout(r, 5));
  between = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 5));
  late.push(await createChat("A timer /fast"));
  for (const id of [...early, ...late]) assistants.push(...(await assistantMessages(id)));
});
afterAll(() => svc.close());

async function get<S extends z.ZodType>(schema: S, path: string): Promise<z.infer<S>> {
  const res = await call(svc, "GET", path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(schema, res.body);
}

/** Every event of a query, walking the cursors; fails on a repeated event. */
async function allEvents(query: string, limit: number): Promise<{ events: UsageEvent[]; pages: number }> {
  const events: UsageEvent[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    // Later pages send only the cursor: it keeps the first page's range and filters.
    const path: string = cursor
      ? `/v2/usage/events?limit=${limit}&cursor=${encodeURIComponent(cursor)}`
      : `/v2/usage/events?limit=${limit}${query}`;
    const page = await get(UsageEventList, path);
    events.push(...page.data);
    cursor = page.pagination.cursor;
    expect(page.pagination.hasMore).toBe(cursor !== null);
    pages++;
  } while (cursor && pages < 50);
  expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  return { events, pages };
}

describe("usage summary", () => {
  test("credits equal the sum of the assistant messages' usage; daily adds up to it", async () => {
    const s = await get(UsageSummary, "/v2/usage/summary");
    expect(assistants).toHaveLength(4);
    expect(s.object).toBe("usage_summary");
    expect(s.scope).toEqual({ id: EMBEDDED_AUTHOR_ID, type: "personal", isTeamWide: false });
    const expected = sum(assistants, (m) => m.usage!.creditsCost.total);
    expect(expected).toBeGreaterThan(0);
    expect(s.credits.total).toBeCloseTo(expected, 6);
    expect(s.credits).toMatchObject({ plan: 0, onDemand: 0 });
    const days = [...new Set(assistants.map((m) => m.createdAt.slice(0, 10)))].sort();
    expect(s.daily.map((d) => d.date)).toEqual(days);
    expect(s.daily.reduce((n, d) => n + d.credits.total, 0)).toBeCloseTo(expected, 6);
    // Default range: the seven days up to now.
    const span = Date.parse(s.range.end) - Date.parse(s.range.start);
    expect(span).toBe(7 * 86_400_000);
    // activity's activeDays agrees with the days that had usage
    expect((await get(UsageActivity, "/v2/usage/activity")).summary.activeDays).toBe(days.length);
  });

  test("the range is [start, end): only the later chat after `between`", async () => {
    const lateMessages = assistants.filter((m) => late.includes(m.chatId));
    const s = await get(UsageSummary, `/v2/usage/summary?start=${between}`);
    expect(s.range.start).toBe(between);
    expect(s.credits.total).toBeCloseTo(
      sum(lateMessages, (m) => m.usage!.creditsCost.total),
      6,
    );
    const before = await get(UsageSummary, `/v2/usage/summary?end=${between}`);
    expect(before.credits.total).toBeCloseTo(
      sum(
        assistants.filter((m) => early.includes(m.chatId)),
        (m) => m.usage!.creditsCost.total,
      ),
      6,
    );
    const past = await get(UsageSummary, "/v2/usage/summary?start=2020-01-01T00:00:00Z&end=2020-02-01T00:00:00Z");
    expect(past.credits.total).toBe(0);
    expect(past.daily).toEqual([]);
  });

  test("another user has no usage; our user has all of it", async () => {
    const other = await get(UsageSummary, "/v2/usage/summary?userId=user_someone_else");
    expect(other.credits.total).toBe(0);
    expect(other.scope.userId).toBe("user_someone_else");
    const ours = await get(UsageSummary, `/v2/usage/summary?userId=${EMBEDDED_AUTHOR_ID}`);
    expect(ours.credits.total).toBeGreaterThan(0);
  });
});

describe("usage events", () => {
  test("one event per assistant message, with its usage; paging walks each once, newest first", async () => {
    const { events, pages } = await allEvents("", 1);
    expect(pages).toBe(4);
    expect(events.map((e) => e.messageId).sort()).toEqual(assistants.map((m) => m.id).sort());
    const times = events.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const event of events) {
      const message = assistants.find((m) => m.id === event.messageId)!;
      expect(event).toMatchObject({
        id: `usage_${message.id}`,
        object: "usage_event",
        chatId: message.chatId,
        createdAt: message.createdAt,
        model: message.usage!.model,
        tokens: message.usage!.tokens,
        creditsCost: { ...message.usage!.creditsCost, charged: message.usage!.creditsCost.total },
        userId: EMBEDDED_AUTHOR_ID,
      });
    }
    const events3 = await allEvents("", 3);
    expect(events3.pages).toBe(2);
    expect(events3.events.map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  test("chatId, messageId and the range filter; the cursor keeps them", async () => {
    const [chatA] = early;
    const ofA = assistants.filter((m) => m.chatId === chatA);
    const byChat = await allEvents(`&chatId=${chatA}`, 1);
    expect(byChat.events.map((e) => e.messageId).sort()).toEqual(ofA.map((m) => m.id).sort());
    const byMessage = await get(UsageEventList, `/v2/usage/events?messageId=${ofA[0]!.id}`);
    expect(byMessage.data.map((e) => e.messageId)).toEqual([ofA[0]!.id]);
    const after = await allEvents(`&start=${between}`, 1);
    expect(new Set(after.events.map((e) => e.chatId))).toEqual(new Set(late));
    const none = await get(UsageEventList, "/v2/usage/events?chatId=chat_missing");
    expect(none.data).toEqual([]);
    expect(none.pagination).toEqual({ hasMore: false, cursor: null });
  });
});

describe("usage activity", () => {
  test("messages, chats, days, per chat and per project (drafts)", async () => {
    const a = await get(UsageActivity, "/v2/usage/activity");
    expect(a.summary).toMatchObject({ activeUsers: 1, chatCount: 3, messageCount: 4 });
    expect(a.chats.map((c) => c.chatId).sort()).toEqual([...early, ...late].sort());
    expect(a.chats.find((c) => c.chatId === early[0])!.messageCount).toBe(2);
    expect(a.projects).toEqual([
      expect.objectContaining({ kind: "drafts", vercelProjectId: null, chatCount: 3, messageCount: 4 }),
    ]);
    const later = await get(UsageActivity, `/v2/usage/activity?start=${between}`);
    expect(later.summary.chatCount).toBe(1);
    expect(later.chats.map((c) => c.chatId)).toEqual(late);
    const other = await get(UsageActivity, "/v2/usage/activity?userId=someone");
    expect(other.summary).toEqual({ activeUsers: 0, activeDays: 0, chatCount: 0, messageCount: 0 });
  });
});

describe("bad queries", () => {
  test.each([
    ["/v2/usage/summary?start=yesterday", "start"],
    ["/v2/usage/summary?end=2026-13-01T00:00:00Z", "end"],
    ["/v2/usage/activity?start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z", "start"],
    ["/v2/usage/events?start=2026-01-01", "start"],
    ["/v2/usage/events?limit=0", "limit"],
    ["/v2/usage/events?limit=101", "limit"],
    ["/v2/usage/events?cursor=bm90LWEtY3Vyc29y", "cursor"],
  ])("%s → 422 naming %s", async (path, field) => {
    const res = await call(svc, "GET", path);
    expect(res.status).toBe(422);
    expect(expectSchema(ErrorV2, res.body).message).toMatch(new RegExp(`^${field}:`));
  });

  test("another list's cursor is refused; a POST is 405", async () => {
    const chats = await call(svc, "GET", "/v2/chats?limit=1");
    const cursor = (chats.body as { cursor: string }).cursor;
    expect((await call(svc, "GET", `/v2/usage/events?cursor=${cursor}`)).status).toBe(422);
    expect((await call(svc, "POST", "/v2/usage/summary", { body: {} })).status).toBe(405);
  });
});
