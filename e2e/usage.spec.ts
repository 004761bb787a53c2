import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { SCREENS_DIR, expect, svc, test } from "./fixtures";

/** The Usage page against the embedded service: its totals are the stored messages' usage. */

type ChatAnswer = { chat: { id: string } };
type Usage = { creditsCost: { total: number }; tokens: { total: number } };
type MessageList = { messages: Array<{ role: string; usage?: Usage }>; cursor: string | null };
type ChatList = { chats: Array<{ id: string }>; cursor: string | null };

async function pages<T extends { cursor: string | null }>(
  request: APIRequestContext,
  path: string,
  items: (page: T) => unknown[],
): Promise<unknown[]> {
  const all: unknown[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const page: T = await svc<T>(
      request,
      "GET",
      `${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    all.push(...items(page));
    cursor = page.cursor;
  } while (cursor);
  return all;
}

/** Every finished assistant message's usage, of every chat (other specs may have made chats too). */
async function storedUsage(request: APIRequestContext): Promise<{ credits: number; tokens: number; messages: number }> {
  const chats = (await pages<ChatList>(request, "/v2/chats", (p) => p.chats)) as ChatList["chats"];
  let credits = 0;
  let tokens = 0;
  let messages = 0;
  for (const chat of chats) {
    const list = (await pages<MessageList>(
      request,
      `/v2/chats/${chat.id}/messages`,
      (p) => p.messages,
    )) as MessageList["messages"];
    for (const m of list) {
      if (m.role !== "assistant" || !m.usage) continue;
      credits += m.usage.creditsCost.total;
      tokens += m.usage.tokens.total;
      messages++;
    }
  }
  return { credits, tokens, messages };
}

test("the Usage page: totals equal the messages' usage, the top chats table lists the chats; light and dark", async ({
  signedIn: page,
  request,
}) => {
  const made: string[] = [];
  for (const message of ["A pottery studio booking page /fast", "A tide table for surfers /fast"]) {
    const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", {
      message,
      // The priciest model, so these two lead "Top chats" whatever else the run made.
      modelConfiguration: { modelId: "svc-max-fast" },
    });
    made.push(chat.id);
  }
  const expected = await storedUsage(request);
  expect(expected.credits).toBeGreaterThan(0);

  await page.goto("/usage");
  await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
  const credits = page.getByTestId("usage-credits");
  await expect(credits).toBeVisible();
  expect(Number(await credits.getAttribute("data-value"))).toBeCloseTo(expected.credits, 6);
  expect(Number(await page.getByTestId("usage-tokens").getAttribute("data-value"))).toBe(expected.tokens);
  expect(Number(await page.getByTestId("usage-messages").getAttribute("data-value"))).toBe(expected.messages);

  // The chart's table (there for screen readers; "Show as table" shows it) links both chats.
  const topChats = page.getByTestId("chart-top-chats");
  const table = topChats.getByRole("table", { name: "Top chats by credits" });
  for (const id of made) await expect(table.locator(`a[href="/chats/${id}"]`)).toHaveCount(1);
  await expect(topChats.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("usage-events").getByRole("row")).not.toHaveCount(0);

  // No value axis label is cut off: each tick label of the per-day charts lies wholly inside its chart's drawing.
  const clipped = async () => {
    const out: string[] = [];
    for (const id of ["chart-credits", "chart-tokens"]) {
      const ticks = page.getByTestId(id).locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value");
      await expect(ticks.first()).toBeVisible();
      out.push(
        ...(await ticks.evaluateAll((els) =>
          els
            .filter((el) => el.getBoundingClientRect().left < el.closest("svg")!.getBoundingClientRect().left - 0.5)
            .map((el) => el.textContent ?? ""),
        )),
      );
    }
    return out;
  };
  expect(await clipped()).toEqual([]);

  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.screenshot({ path: `${SCREENS_DIR}/usage-light.png` });

  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(topChats.locator(".recharts-bar-rectangle").first()).toBeVisible();
  const dark = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
  expect(dark.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(await clipped()).toEqual([]);
  await page.screenshot({ path: `${SCREENS_DIR}/usage-dark.png` });

  // "Show as table": the table replaces the chart, a chat link opens the chat.
  await topChats.getByRole("button", { name: "Show as table" }).click();
  await expect(table).toBeVisible();
  await table.locator(`a[href="/chats/${made[0]}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/chats/${made[0]}$`));
});
