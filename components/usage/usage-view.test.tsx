// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { json } from "@/test/render-with-client";
import { formatCredits, formatNumber } from "@/components/ui/format";
import type { Message } from "@/lib/api/schemas";
import { messagesOf, serviceClient, serviceForFile } from "@/lib/embedded/test-support";
import { renderWithService, SVC_PATH } from "@/test/render-with-service";
import { UsageView } from "./usage-view";

/** The Usage page against the real embedded service (in-process), its answers' usage made by real chats. */
const svc = serviceForFile();
afterEach(cleanup);
beforeAll(() => {
  // Recharts' ResponsiveContainer measures its box; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const DAY_MS = 86_400_000;

/** The page's rows of a table named `name` inside the test id's card: each row's cell texts. */
function tableRows(testId: string, name: string): string[][] {
  const table = within(screen.getByTestId(testId)).getByRole("table", { name });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
}

/** The `start` of every usage summary the page asked for. */
const summaryStarts = (requests: Array<{ url: URL }>) =>
  requests.filter((r) => r.url.pathname === `${SVC_PATH}/v2/usage/summary`).map((r) => r.url.searchParams.get("start"));

const sum = (answers: readonly Message[], pick: (usage: NonNullable<Message["usage"]>) => number) =>
  answers.reduce((n, m) => n + pick(m.usage!), 0);

describe("UsageView", () => {
  // Runs first: the service has answered nothing yet.
  it("an empty range says so and points to a new chat", async () => {
    renderWithService(svc, <UsageView />);
    expect(await screen.findByText("No usage in this range — start a chat")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start a chat" })).toHaveAttribute("href", "/chats");
  });

  describe("after answers with usage", () => {
    /** Chat A (two answers of svc-pro) and chat B (one of svc-mini), as the service made them. */
    const a = { id: "", title: "", answers: [] as Message[] };
    const b = { id: "", title: "", answers: [] as Message[] };
    /** The page's `now`: when the service answered (the real clock), so a test crossing midnight still sees them. */
    let answeredAt = 0;
    let today = "";

    beforeAll(async () => {
      const client = serviceClient(svc);
      const first = await client.createChat({ message: "A todo app with due dates /fast" });
      await client.sendMessage(first.chat.id, { message: "Add a dark mode /fast" });
      const second = await client.createChat({
        message: "A countdown timer /fast",
        modelConfiguration: { modelId: "svc-mini" },
      });
      for (const [chat, made] of [
        [a, first],
        [b, second],
      ] as const) {
        chat.id = made.chat.id;
        chat.title = made.chat.title!;
        chat.answers = (await messagesOf(svc, chat.id)).filter((m) => m.role === "assistant");
      }
      expect(a.answers).toHaveLength(2);
      expect(b.answers).toHaveLength(1);
      expect([a.title, b.title]).toEqual([expect.any(String), expect.any(String)]);
      answeredAt = Date.parse(a.answers[0]!.createdAt);
      today = a.answers[0]!.createdAt.slice(0, 10);
    });

    const all = () => [...a.answers, ...b.answers];

    it("asks for the last 30 UTC days, shows the totals and the charts' tables", async () => {
      const { requests } = renderWithService(svc, <UsageView now={answeredAt} />);
      const credits = sum(all(), (u) => u.creditsCost.total);
      expect(await screen.findByTestId("usage-credits")).toHaveTextContent(formatCredits(credits));
      expect(screen.getByTestId("usage-tokens")).toHaveTextContent(formatNumber(sum(all(), (u) => u.tokens.total)));
      expect(screen.getByTestId("usage-messages")).toHaveTextContent("3");
      expect(screen.getByTestId("usage-chats")).toHaveTextContent("2");

      // Today's UTC day and the 29 before it: [midnight 29 days ago, next midnight).
      const summaryCall = requests.find((r) => r.url.pathname === `${SVC_PATH}/v2/usage/summary`)!;
      expect(Object.fromEntries(summaryCall.url.searchParams)).toEqual({
        start: new Date(Date.parse(today) - 29 * DAY_MS).toISOString(),
        end: new Date(Date.parse(today) + DAY_MS).toISOString(),
      });

      expect(tableRows("chart-credits", "Credits per day")).toEqual([[today, formatCredits(credits)]]);
      expect(tableRows("chart-tokens", "Tokens per day")).toEqual([
        [
          today,
          formatNumber(sum(all(), (u) => u.tokens.input)),
          formatNumber(sum(all(), (u) => u.tokens.cacheRead + u.tokens.cacheWrite)),
          formatNumber(sum(all(), (u) => u.tokens.output)),
        ],
      ]);
      // Two svc-pro answers cost more than one svc-mini answer (a third of its rates).
      const figures = (answers: Message[]) => [
        String(answers.length),
        formatNumber(sum(answers, (u) => u.tokens.total)),
        formatCredits(sum(answers, (u) => u.creditsCost.total)),
      ];
      expect(tableRows("chart-models", "Usage by model")).toEqual([
        ["svc-pro", ...figures(a.answers)],
        ["svc-mini", ...figures(b.answers)],
      ]);
      expect(tableRows("chart-top-chats", "Top chats by credits")).toEqual([
        [a.title, ...figures(a.answers)],
        [b.title, ...figures(b.answers)],
      ]);
      const top = within(screen.getByTestId("chart-top-chats")).getByRole("table", { name: "Top chats by credits" });
      expect(
        within(top)
          .getAllByRole("link")
          .map((link) => link.getAttribute("href")),
      ).toEqual([`/chats/${a.id}`, `/chats/${b.id}`]);

      // The events, newest first: B's answer, then A's second and first.
      const events = within(await screen.findByTestId("usage-events")).getByRole("table");
      expect(
        within(events)
          .getAllByRole("link")
          .map((link) => link.textContent),
      ).toEqual([b.id, a.id, a.id]);
    });

    it("the range select asks again for 7 days", async () => {
      const { requests } = renderWithService(svc, <UsageView now={answeredAt} />);
      const credits = formatCredits(sum(all(), (u) => u.creditsCost.total));
      expect(await screen.findByTestId("usage-credits")).toHaveTextContent(credits);
      await userEvent.selectOptions(screen.getByTestId("usage-range"), "7");
      await waitFor(() =>
        expect(summaryStarts(requests)).toEqual([
          new Date(Date.parse(today) - 29 * DAY_MS).toISOString(),
          new Date(Date.parse(today) - 6 * DAY_MS).toISOString(),
        ]),
      );
      // Today is in both ranges.
      expect(await screen.findByTestId("usage-credits")).toHaveTextContent(credits);
    });

    // The embedded service always has the usage endpoints: a deployment without them is its answer replaced.
    it("a deployment without usage endpoints (404) is told apart from an error", async () => {
      renderWithService(svc, <UsageView now={answeredAt} />, {
        answer: (request, response) =>
          new URL(request.url).pathname.startsWith(`${SVC_PATH}/v2/usage/`)
            ? json({ message: "No such endpoint" }, 404)
            : response,
      });
      expect(await screen.findByText("This deployment does not report usage")).toBeInTheDocument();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    });

    // The embedded service does not fail a usage read: the first summary's answer is replaced by a 500.
    it("a failure shows the error panel; retry loads the report", async () => {
      let failed = false;
      renderWithService(svc, <UsageView now={answeredAt} />, {
        answer: (request, response) => {
          if (failed || new URL(request.url).pathname !== `${SVC_PATH}/v2/usage/summary`) return response;
          failed = true;
          return json({ message: "boom" }, 500);
        },
      });
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("Usage could not be loaded");
      await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
      expect(await screen.findByTestId("usage-credits")).toHaveTextContent(
        formatCredits(sum(all(), (u) => u.creditsCost.total)),
      );
    });
  });
});
