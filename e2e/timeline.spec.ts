import { request as playwrightRequest, type Page } from "@playwright/test";
import { E2E_SERVICE_API_KEY, SCREENS_DIR, baseURL, expect, signIn, test } from "./fixtures";

/**
 * The chat timeline's live behaviour: every part kind, the three response modes, errors, a stream cut
 * mid-way (recovered by polling), and a long chat (virtualized, older pages on scroll up).
 */
test.describe.configure({ mode: "serial" });

const KINDS = ["thinking", "search", "file-read", "agent-action", "file-edit", "tool-call", "bash", "text"] as const;
const assistants = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
const users = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');

let chatUrl = "";

async function chooseMode(page: Page, label: "Stream" | "Async" | "Sync") {
  await page.getByTestId("response-mode").getByText(label, { exact: true }).click();
}

test("a streamed chat shows all eight part kinds, and its title in the page title and the list", async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId("mcp-server-picker")).toBeVisible();
  await chooseMode(page, "Stream");
  await page.getByTestId("new-chat-form").getByTestId("composer").fill("A habit tracker with weekly streaks");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/]+$/);
  chatUrl = page.url();
  const assistant = assistants(page).first();
  await expect(assistant).toHaveAttribute("data-message-id", /.+/, { timeout: 30_000 });
  await expect(assistant).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  for (const kind of KINDS)
    await expect(assistant.locator(`[data-testid="part"][data-kind="${kind}"]`).first()).toBeAttached();
  const title = (await page.getByTestId("chat-title").textContent())!.trim();
  expect(title).not.toBe("Untitled chat");
  await expect(page).toHaveTitle(`${title} · Atelier`);
  // The sidebar's recent chats got the title without a reload.
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/timeline-streamed.png` });
});

test("async mode polls the answer by id until it finishes", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the first test");
  await signIn(page);
  await page.goto(chatUrl);
  await expect(assistants(page)).toHaveCount(1);
  const polls: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && /\/api\/service\/v2\/chats\/[^/]+\/messages\/[^/?]+$/.test(r.url()))
      polls.push(r.url());
  });
  await chooseMode(page, "Async");
  // Paced, so the answer is still generating when the service's first answer arrives: the polls are what show it
  // growing (an answer finished that fast needs no poll, and CI once saw none).
  await page.getByTestId("composer").fill("Add a dark theme /pace 300");
  await page.keyboard.press("Enter");
  await expect(users(page).nth(1)).toContainText("Add a dark theme");
  const second = assistants(page).nth(1);
  await expect(second.locator('[data-testid="part"][data-kind="text"]')).toBeVisible({ timeout: 30_000 });
  await expect(second.getByTestId("usage")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("composer")).not.toHaveAttribute("aria-disabled", "true");
  expect(polls.length).toBeGreaterThan(0);
});

test("sync mode shows the prompt and a spinner, then the finished answer", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the first test");
  await signIn(page);
  await page.goto(chatUrl);
  await expect(assistants(page)).toHaveCount(2);
  await chooseMode(page, "Sync");
  await page.getByTestId("composer").fill("Add a settings page");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Waiting for the whole answer" })).toBeVisible();
  await expect(users(page).nth(2)).toContainText("Add a settings page");
  const third = assistants(page).nth(2);
  await expect(third.locator('[data-testid="part"][data-kind="text"]')).toBeVisible({ timeout: 30_000 });
  await expect(third.getByTestId("usage")).toBeVisible();
  await chooseMode(page, "Stream");
});

test("/fail shows the error event inline with its code", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the first test");
  await signIn(page);
  await page.goto(chatUrl);
  await chooseMode(page, "Stream");
  await page.getByTestId("composer").fill("/fail break it");
  await page.keyboard.press("Enter");
  const error = page.getByTestId("stream-error");
  await expect(error).toBeVisible({ timeout: 30_000 });
  await expect(error).toContainText("scripted_failure");
});

test("a stream cut mid-way completes by polling, without lost or duplicated parts", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the first test");
  // Two waits of up to 30 s and a reload: on a machine running three browser runs side by side, more than 60 s.
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto(chatUrl);
  await chooseMode(page, "Stream");
  // The browser gets only the first third of the real event stream: it ends before the closing `chat` event.
  await page.route("**/api/service/v2/chats/*/messages/stream", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const events = body.split("\n\n").filter(Boolean);
    const cut = events.slice(0, Math.max(3, Math.floor(events.length / 3))).join("\n\n") + "\n\n";
    await route.fulfill({ status: 200, headers: response.headers(), body: cut });
  });
  await page.getByTestId("composer").fill("Add a footer with links");
  await page.keyboard.press("Enter");
  // The timeline is virtualized: address the answer by its id, not by its position in the DOM.
  await expect(users(page).last()).toContainText("Add a footer with links");
  const newest = assistants(page).last();
  await expect(newest.locator('[data-testid="part"][data-kind="text"]')).toBeVisible({ timeout: 30_000 });
  const id = (await newest.getAttribute("data-message-id"))!;
  const answer = page.locator(`[data-testid="message"][data-message-id="${id}"]`);
  await expect(answer).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  await expect(answer.getByTestId("usage")).toBeVisible();
  const kinds = () =>
    answer.locator('[data-testid="part"]').evaluateAll((els) => els.map((el) => el.getAttribute("data-kind") ?? "?"));
  const live = await kinds();
  await page.unroute("**/api/service/v2/chats/*/messages/stream");
  await page.reload();
  await expect(answer.locator('[data-testid="part"][data-kind="text"]')).toBeVisible();
  expect(await kinds()).toEqual(live);
  expect(live.filter((k) => k === "text")).toHaveLength(1);
  expect(live.length).toBeGreaterThanOrEqual(8);
});

test("the header opens the Details tab; Esc closes the panel and gives the focus back", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the first test");
  await signIn(page);
  await page.goto(chatUrl);
  await page.getByTestId("details-toggle").click();
  await expect(page.getByTestId("details-tab")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("details-tab")).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Details" })).toContainText("Chat id");
  await expect(page).toHaveURL(/[?&]tab=details/);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("files-panel")).toHaveCount(0);
  await expect(page.getByTestId("details-toggle")).toBeFocused();
  // Shift+Enter adds a line, Enter would send.
  await page.getByTestId("composer").fill("line one");
  await page.getByTestId("composer").press("Shift+Enter");
  await page.getByTestId("composer").pressSequentially("line two");
  await expect(page.getByTestId("composer")).toHaveValue("line one\nline two");
});

/** Sends per seeded exchange (each stores 2 messages); E2E_LONG_CHAT_MESSAGES overrides the 2,000. */
const LONG_CHAT_MESSAGES = Number(process.env.E2E_LONG_CHAT_MESSAGES || 2000);

test("a 2,000-message chat opens at the latest message, scrolls to the top and back", async ({ page }) => {
  // Seeding goes through the service API, one sync send per exchange (measured: see the report in the log).
  test.setTimeout(30 * 60_000);
  const svc = await playwrightRequest.newContext({
    baseURL: `${baseURL()}/svc/`,
    extraHTTPHeaders: { authorization: `Bearer ${E2E_SERVICE_API_KEY}` },
  });
  const started = Date.now();
  // `/fail` keeps each scripted answer short (thinking, search, file-read, error) and `/fast` unpaced: the cheapest full exchange.
  const created = await svc.post("v2/chats", { data: { message: "Seed 1 /fail /fast" } });
  expect(created.status()).toBe(200);
  const chatId = ((await created.json()) as { chat: { id: string } }).chat.id;
  const exchanges = LONG_CHAT_MESSAGES / 2;
  for (let i = 2; i <= exchanges; i++) {
    const sent = await svc.post(`v2/chats/${encodeURIComponent(chatId)}/messages`, {
      data: { message: `Seed ${i} /fail /fast` },
    });
    expect(sent.status()).toBe(200);
  }
  const seedMs = Date.now() - started;
  console.log(
    `seeded ${LONG_CHAT_MESSAGES} messages in ${(seedMs / 1000).toFixed(1)} s (${(seedMs / exchanges).toFixed(0)} ms per sync send)`,
  );
  await svc.dispose();

  await signIn(page);
  const opening = Date.now();
  await page.goto(`/chats/${encodeURIComponent(chatId)}`);
  await expect(users(page).last()).toContainText(`Seed ${exchanges} /fail`);
  await expect(users(page).last()).toBeInViewport();
  console.log(`opened at the latest message in ${Date.now() - opening} ms`);
  // Virtualized: only a window of the messages is in the DOM.
  expect(await page.getByTestId("message").count()).toBeLessThan(60);

  const timeline = page.getByTestId("timeline");
  const toTop = Date.now();
  // Each scroll to the top loads an older page (the reading position is kept), until the beginning shows.
  const start = page.getByTestId("timeline-start");
  for (let i = 0; i < 200; i++) {
    await timeline.evaluate((el) => el.scrollTo({ top: 0 }));
    await page.waitForTimeout(100);
    if ((await start.count()) && (await timeline.evaluate((el) => el.scrollTop === 0))) break;
  }
  await expect(start).toBeInViewport();
  await expect(users(page).first()).toContainText("Seed 1 /fail");
  console.log(`scrolled to the top (all pages loaded) in ${Date.now() - toTop} ms`);
  expect(await page.getByTestId("message").count()).toBeLessThan(60);
  await page.screenshot({ path: `${SCREENS_DIR}/timeline-long-top.png` });

  await page.getByTestId("jump-to-latest").click();
  await expect(users(page).last()).toContainText(`Seed ${exchanges} /fail`);
  await expect(assistants(page).last()).toBeInViewport();
  await expect(page.getByTestId("jump-to-latest")).toHaveCount(0);
});
