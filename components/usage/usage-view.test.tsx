// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { json, renderWithNetwork, type SeenRequest } from "@/components/mcp/test-harness";
import type { UsageActivity, UsageEventList, UsageSummary } from "@/lib/api/schemas";
import { UsageView } from "./usage-view";

afterEach(cleanup);
beforeAll(() => {
  // Recharts' ResponsiveContainer measures its box; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const NOW = Date.parse("2026-03-10T12:00:00Z");
const range = { start: "2026-02-09T00:00:00.000Z", end: "2026-03-11T00:00:00.000Z" };
const scope = { id: "user_embedded", type: "personal" as const, isTeamWide: false };
const credits = (total: number) => ({ plan: 0, onDemand: 0, total });

function summary(days: Array<[string, number]>): UsageSummary {
  const total = days.reduce((n, [, c]) => n + c, 0);
  return {
    object: "usage_summary",
    range,
    scope,
    credits: credits(total),
    daily: days.map(([date, c]) => ({ date, credits: credits(c) })),
  };
}

function activity(chats: Array<[string, string]>): UsageActivity {
  return {
    object: "usage_activity",
    range,
    scope,
    summary: {
      activeUsers: chats.length ? 1 : 0,
      activeDays: chats.length ? 1 : 0,
      chatCount: chats.length,
      messageCount: chats.length,
    },
    projects: [],
    chats: chats.map(([chatId, title]) => ({
      kind: "chat",
      chatId,
      title,
      vercelProjectId: null,
      projectName: null,
      messageCount: 1,
      activeDays: 1,
      firstActivity: "2026-03-09T10:00:00Z",
      lastActivity: "2026-03-09T10:00:00Z",
    })),
  };
}

function events(list: Array<{ chatId: string; credits: number; tokens: number }>): UsageEventList {
  return {
    object: "list",
    range,
    scope,
    data: list.map((e, i) => ({
      id: `usage_m${i}`,
      object: "usage_event",
      type: "message",
      createdAt: "2026-03-09T10:00:00Z",
      chatId: e.chatId,
      messageId: `m${i}`,
      model: "svc-pro",
      sources: [],
      waived: false,
      tokens: { input: e.tokens, output: 0, cacheRead: 0, cacheWrite: 0, total: e.tokens },
      creditsCost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: e.credits, charged: e.credits },
    })),
    pagination: { hasMore: false, cursor: null },
  };
}

/** The proxy's answers for the three usage operations. */
function service(answers: { summary: unknown; activity: unknown; events: unknown; status?: number }) {
  return (req: SeenRequest): Response => {
    const path = req.url.pathname.replace("/api/service", "");
    const status = answers.status ?? 200;
    if (path === "/v2/usage/summary") return json(answers.summary, status);
    if (path === "/v2/usage/activity") return json(answers.activity, status);
    if (path === "/v2/usage/events") return json(answers.events, status);
    return json({ message: "not found" }, 404);
  };
}

describe("UsageView", () => {
  it("asks for the last 30 UTC days, shows the totals and the charts' tables", async () => {
    const { requests } = renderWithNetwork(
      <UsageView now={NOW} />,
      service({
        summary: summary([["2026-03-09", 3]]),
        activity: activity([
          ["chat_a", "Todo app"],
          ["chat_b", "Timer"],
        ]),
        events: events([
          { chatId: "chat_a", credits: 2, tokens: 1000 },
          { chatId: "chat_b", credits: 1, tokens: 500 },
        ]),
      }),
    );
    expect(await screen.findByTestId("usage-credits")).toHaveTextContent("3");
    expect(screen.getByTestId("usage-tokens")).toHaveTextContent("1,500");
    expect(screen.getByTestId("usage-chats")).toHaveTextContent("2");
    const summaryCall = requests.find((r) => r.url.pathname.endsWith("/v2/usage/summary"))!;
    expect(Object.fromEntries(summaryCall.url.searchParams)).toEqual(range);

    const top = within(screen.getByTestId("chart-top-chats")).getByRole("table", { name: "Top chats by credits" });
    const links = within(top).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Todo app", "/chats/chat_a"],
      ["Timer", "/chats/chat_b"],
    ]);
    const perDay = within(screen.getByTestId("chart-credits")).getByRole("table", { name: "Credits per day" });
    expect(within(perDay).getByText("2026-03-09")).toBeInTheDocument();
  });

  it("the range select asks again for 7 days", async () => {
    const { requests } = renderWithNetwork(
      <UsageView now={NOW} />,
      service({ summary: summary([]), activity: activity([]), events: events([]) }),
    );
    await screen.findByText("No usage in this range — start a chat");
    await userEvent.selectOptions(screen.getByTestId("usage-range"), "7");
    await screen.findByText("No usage in this range — start a chat");
    const starts = requests
      .filter((r) => r.url.pathname.endsWith("/v2/usage/summary"))
      .map((r) => r.url.searchParams.get("start"));
    expect(starts).toEqual([range.start, "2026-03-04T00:00:00.000Z"]);
  });

  it("an empty range says so and points to a new chat", async () => {
    renderWithNetwork(
      <UsageView now={NOW} />,
      service({ summary: summary([]), activity: activity([]), events: events([]) }),
    );
    expect(await screen.findByText("No usage in this range — start a chat")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start a chat" })).toHaveAttribute("href", "/chats");
  });

  it("a deployment without usage endpoints (404) is told apart from an error", async () => {
    renderWithNetwork(
      <UsageView now={NOW} />,
      service({ summary: { message: "No such endpoint" }, activity: {}, events: {}, status: 404 }),
    );
    expect(await screen.findByText("This deployment does not report usage")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a failure shows the error panel; retry loads the report", async () => {
    let fail = true;
    const ok = service({
      summary: summary([["2026-03-09", 1]]),
      activity: activity([["chat_a", "Todo app"]]),
      events: events([{ chatId: "chat_a", credits: 1, tokens: 10 }]),
    });
    renderWithNetwork(<UsageView now={NOW} />, (req) =>
      fail && req.url.pathname.endsWith("/v2/usage/summary") ? json({ message: "boom" }, 500) : ok(req),
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Usage could not be loaded");
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("usage-credits")).toHaveTextContent("1");
  });
});
