import { describe, expect, it } from "vitest";
import type { UsageEvent } from "@/lib/api/schemas";
import { lastDays } from "@/lib/hooks/use-usage";
import { byModel, creditsPerDay, daysOf, isEmptyReport, tokensPerDay, topChats } from "./usage-data";

function event(over: Partial<UsageEvent> & { createdAt: string }): UsageEvent {
  return {
    id: `usage_${over.messageId ?? over.createdAt}`,
    object: "usage_event",
    type: "message",
    sources: [],
    waived: false,
    chatId: "chat_a",
    model: "svc-pro",
    tokens: { input: 10, output: 20, cacheRead: 3, cacheWrite: 4, total: 37 },
    creditsCost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.5, charged: 0.5 },
    ...over,
  };
}

describe("usage data shaping", () => {
  it("the range is whole UTC days, today included", () => {
    const now = Date.parse("2026-03-10T15:30:00Z");
    expect(lastDays(7, now)).toEqual({ start: "2026-03-04T00:00:00.000Z", end: "2026-03-11T00:00:00.000Z" });
    expect(daysOf("2026-03-04T00:00:00.000Z", "2026-03-11T00:00:00.000Z")).toEqual([
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
    ]);
    // A range starting mid-day still shows that day; the end is exclusive.
    expect(daysOf("2026-02-28T12:00:00Z", "2026-03-02T00:00:00Z")).toEqual(["2026-02-28", "2026-03-01"]);
  });

  it("credits per day: every day present, missing days zero, days outside the range ignored", () => {
    const days = ["2026-03-01", "2026-03-02", "2026-03-03"];
    const credits = (total: number) => ({ plan: 0, onDemand: 0, total });
    expect(
      creditsPerDay(
        [
          { date: "2026-03-03", credits: credits(1.5) },
          { date: "2026-03-01", credits: credits(0.25) },
          { date: "2026-02-01", credits: credits(9) },
        ],
        days,
      ),
    ).toEqual([
      { date: "2026-03-01", credits: 0.25 },
      { date: "2026-03-02", credits: 0 },
      { date: "2026-03-03", credits: 1.5 },
    ]);
  });

  it("tokens per day bucket events by their UTC day, split input / cached / output", () => {
    const days = ["2026-03-01", "2026-03-02"];
    const data = tokensPerDay(
      [
        event({ createdAt: "2026-03-01T23:59:59Z" }),
        event({ createdAt: "2026-03-01T00:00:00Z" }),
        event({ createdAt: "2026-03-02T08:00:00Z", tokens: null }),
        event({ createdAt: "2026-03-05T08:00:00Z" }),
      ],
      days,
    );
    expect(data).toEqual([
      { date: "2026-03-01", input: 20, cached: 14, output: 40 },
      { date: "2026-03-02", input: 0, cached: 0, output: 0 },
    ]);
  });

  it("by model and top chats: most credits first, titles from the activity", () => {
    const events = [
      event({ createdAt: "2026-03-01T01:00:00Z", messageId: "m1", chatId: "chat_a", model: "svc-mini" }),
      event({
        createdAt: "2026-03-01T02:00:00Z",
        messageId: "m2",
        chatId: "chat_b",
        creditsCost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 2, charged: 2 },
      }),
      event({ createdAt: "2026-03-01T03:00:00Z", messageId: "m3", chatId: "chat_a", model: undefined }),
    ];
    expect(byModel(events).map((m) => [m.model, m.credits, m.events])).toEqual([
      ["svc-pro", 2, 1],
      ["svc-mini", 0.5, 1],
      ["Unknown model", 0.5, 1],
    ]);
    const chats = [
      {
        kind: "chat" as const,
        chatId: "chat_b",
        title: "Weather app",
        vercelProjectId: null,
        projectName: null,
        messageCount: 1,
        activeDays: 1,
        firstActivity: "2026-03-01T02:00:00Z",
        lastActivity: "2026-03-01T02:00:00Z",
      },
    ];
    expect(topChats(events, chats).map((c) => [c.title, c.credits, c.events, c.tokens])).toEqual([
      ["Weather app", 2, 1, 37],
      ["chat_a", 1, 2, 74],
    ]);
    expect(topChats(events, chats, 1)).toHaveLength(1);
  });

  it("an empty report has no credits, events or messages", () => {
    expect(isEmptyReport(undefined, undefined, [])).toBe(true);
    expect(isEmptyReport(undefined, undefined, [event({ createdAt: "2026-03-01T00:00:00Z" })])).toBe(false);
  });
});
