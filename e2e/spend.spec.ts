import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { SCREENS_DIR, expect, svc, test } from "./fixtures";

/**
 * Spend and context with the scripted agent (fixed windows: svc-mini 32,768 tokens; it "summarises" with a fixed
 * text): the meter beside the composer against the service's own figure, "Compact now" folded in the timeline, the
 * budget warning and refusal in the composer, Settings → Budgets and the Usage page by person. Every budget set here
 * is removed again: the server is shared with the other specs.
 */

type ChatAnswer = { chat: { id: string } };
type Context = { percent: number; window: number; willCompact: boolean; tokens: { total: number } };
type BudgetState = { memberId: string | null; period: "day" | "month"; credits: number; used: number };
type BudgetList = { budgets: BudgetState[]; caller: { level: string; budgets: BudgetState[] } };

/** A prompt of about 4,000 characters (each scripted answer quotes its prompt, so the history grows fast). */
const prompt = (n: number) => `Request ${n}: ${"make it nicer and add more things ".repeat(120)}`;

const setBudgets = (request: APIRequestContext, budgets: Array<Omit<BudgetState, "used">>) =>
  svc<BudgetList>(request, "PUT", "/v2/budgets", { budgets });

/** A chat on svc-mini grown until the next prompt would pass the line where it is summarised first. */
async function fullChat(request: APIRequestContext): Promise<{ chatId: string; next: string; figures: Context }> {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", {
    message: prompt(0),
    modelConfiguration: { modelId: "svc-mini" },
  });
  for (let n = 1; n < 12; n++) {
    const figures = await svc<Context>(request, "POST", `/v2/chats/${chat.id}/context`, { prompt: prompt(n) });
    if (figures.willCompact) return { chatId: chat.id, next: prompt(n), figures };
    await svc(request, "POST", `/v2/chats/${chat.id}/messages`, { message: prompt(n) });
  }
  throw new Error("the chat never came near its window");
}

// Each test grows a chat or spends first: slower than the default minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
}

test("the context meter shows the service's figure for the draft, warns past 80%, and Compact now folds the older messages", async ({
  signedIn: page,
  request,
}) => {
  const { chatId, next, figures } = await fullChat(request);
  const empty = await svc<Context>(request, "POST", `/v2/chats/${chatId}/context`, {});
  expect(empty.percent).toBeLessThan(figures.percent);

  await page.goto(`/chats/${chatId}`);
  const meter = page.getByTestId("context-meter");
  await expect(meter).toHaveAttribute("data-percent", String(empty.percent));

  // The draft counts: typed, the meter shows what the service counts for it, amber past 80%.
  await page.getByTestId("composer").fill(next);
  await expect(meter).toHaveAttribute("data-percent", String(figures.percent));
  await expect(meter).toHaveAttribute("data-level", "warning");
  await expect(meter).toHaveAccessibleName(`Context ${figures.percent}% of the model's window`);
  await meter.focus();
  const details = page.getByTestId("context-meter-details");
  await expect(details).toBeVisible();
  await expect(details).toContainText(`of ${figures.window.toLocaleString("en-US")} tokens (${figures.percent}%)`);
  await expect(details).toContainText("the next answer first summarises the older messages");
  await shoot(page, "context-meter");

  // Compact now, from the chat's menu: a message of its own, folded; the meter falls back.
  await page.getByTestId("composer").fill("");
  await page.getByTestId("chat-menu").click();
  await page.getByTestId("compact-now").click();
  const summary = page.getByTestId("context-summary");
  await expect(summary).toHaveCount(1);
  await expect(summary).toContainText("Earlier messages summarised");
  await expect(summary).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("context-summary-text")).toHaveCount(0);
  await expect(page.getByText("The scripted agent's summary")).toHaveCount(0);
  const after = await svc<Context>(request, "POST", `/v2/chats/${chatId}/context`, {});
  expect(after.percent).toBeLessThan(empty.percent / 2);
  await expect(meter).toHaveAttribute("data-percent", String(after.percent));
  await expect(meter).toHaveAttribute("data-level", "ok");
  await summary.click();
  await expect(page.getByTestId("context-summary-text")).toContainText("The scripted agent's summary");
  await summary.scrollIntoViewIfNeeded();
  await shoot(page, "compacted-chat");
});

test("budgets: Settings → Budgets sets them, the composer warns at 80% and a send at 100% is refused with its reason", async ({
  signedIn: page,
  request,
}) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", { message: "A budget test page" });
  try {
    // Settings → Budgets: the admin's form; a daily team budget saved there is the service's.
    await page.goto("/settings");
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Budgets" }).click();
    await expect(page).toHaveURL(/\/settings\/budgets$/);
    const form = page.getByTestId("budgets-form");
    await expect(form.getByTestId("budget-row").first()).toContainText("The whole team");
    const teamDay = form.locator('[data-testid="budget-input"][data-member="team"][data-period="day"]');
    await teamDay.fill("-3");
    await page.getByTestId("budgets-save").click();
    await expect(teamDay).toHaveAttribute("aria-invalid", "true");
    expect((await svc<BudgetList>(request, "GET", "/v2/budgets")).budgets).toEqual([]);
    await teamDay.fill("1000000");
    await page.getByTestId("budgets-save").click();
    await expect(form.locator('[data-testid="budget-used"][data-member="team"][data-period="day"]')).toContainText(
      "used today",
    );
    const saved = await svc<BudgetList>(request, "GET", "/v2/budgets");
    expect(saved.budgets).toEqual([expect.objectContaining({ memberId: null, period: "day", credits: 1_000_000 })]);
    await shoot(page, "settings-budgets");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENS_DIR}/settings-budgets-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // 85% of the team's daily budget: a warning above the composer.
    const used = saved.budgets[0]!.used;
    expect(used).toBeGreaterThan(0);
    await setBudgets(request, [{ memberId: null, period: "day", credits: used / 0.85 }]);
    await page.goto(`/chats/${chat.id}`);
    await expect(page.getByTestId("chat-title")).toHaveText(/budget test page/i);
    const warning = page.getByTestId("budget-warning");
    await expect(warning).toHaveAttribute("data-level", "warning");
    await expect(warning).toContainText("85% of the team's daily budget is used");
    await shoot(page, "budget-warning");

    // 100%: the notice says so, and a send is refused with the service's reason; the draft stays.
    await setBudgets(request, [{ memberId: null, period: "day", credits: used }]);
    await page.reload();
    await expect(warning).toHaveAttribute("data-level", "exceeded");
    await expect(warning).toHaveAttribute("role", "alert");
    await expect(warning).toContainText("The team's daily budget of");
    const composer = page.getByTestId("composer");
    await composer.fill("One more thing");
    await page.getByTestId("send-button").click();
    await expect(page.getByText(/New messages are refused until/).first()).toBeVisible();
    await expect(composer).toHaveValue("One more thing");
    await shoot(page, "budget-exceeded");
  } finally {
    await setBudgets(request, []);
  }
  // Lifted: the notice is gone.
  await page.reload();
  await expect(page.getByTestId("composer")).toBeVisible();
  await expect(page.getByTestId("budget-warning")).toHaveCount(0);
});

test("the Usage page breaks spending down by person", async ({ signedIn: page, request }) => {
  await svc<ChatAnswer>(request, "POST", "/v2/chats", { message: "A ledger test page" });
  await page.goto("/usage");
  const breakdown = page.getByTestId("ledger-breakdown");
  await breakdown.getByTestId("ledger-by-person").click();
  const table = breakdown.getByTestId("ledger-table");
  await expect(table).toHaveAttribute("data-by", "person");
  await expect(table.getByTestId("ledger-row").first()).toBeVisible();
  await breakdown.scrollIntoViewIfNeeded();
  await shoot(page, "usage-by-person");
  // Export CSV saves the range's ledger as a file named for it.
  const [download] = await Promise.all([page.waitForEvent("download"), breakdown.getByTestId("ledger-export").click()]);
  expect(download.suggestedFilename()).toMatch(/^ledger-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\n")[0]).toMatch(/^[a-z_]+(,[a-z_]+)+/);
  expect(csv.trim().split("\n").length).toBeGreaterThan(1);
});
