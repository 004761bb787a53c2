import type { Page } from "@playwright/test";
import { SCREENS_DIR, expect, signIn, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

const PROMPT = "A pomodoro timer with a start button and a dark theme";
const FOLLOW_UP = "Add a reset button";

let chatUrl = "";
let chatTitle = "";

/** Records, in the page, how many parts the generating message showed at each render. */
async function recordStreamingPartCounts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __partCounts: number[] };
    w.__partCounts = [];
    new MutationObserver(() => {
      const live = document.querySelector('[data-testid="message"][data-streaming="true"]');
      if (!live) return;
      const n = live.querySelectorAll('[data-testid="part"]').length;
      if (w.__partCounts.at(-1) !== n) w.__partCounts.push(n);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const assistantMessages = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');

test("creates a chat by streaming and shows the parts as they arrive", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && /hydrat|Minified React error/i.test(msg.text())) problems.push(msg.text());
  });
  await recordStreamingPartCounts(page);
  await signIn(page);
  // `/slow` paces the answer so it is still streaming when the chat page opens, even on a busy machine.
  await page.getByTestId("new-chat-form").getByTestId("composer").fill(`/slow ${PROMPT}`);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/chats\/[^/]+$/);
  chatUrl = page.url();
  await expect(page.locator('[data-testid="message"][data-role="user"]').first()).toContainText(PROMPT);

  const assistant = assistantMessages(page).first();
  await expect(assistant.locator('[data-testid="part"][data-kind="text"]')).toBeVisible({ timeout: 30_000 });
  await expect(assistant.locator('[data-testid="part"][data-kind="file-edit"]').first()).toBeVisible();
  await expect(assistant).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  await expect(assistant).toHaveAttribute("data-message-id", /.+/);
  await expect(assistant.getByTestId("usage")).toBeVisible();

  // The parts appeared one after another while the message was generating, not all at the end.
  const counts = await page.evaluate(() => (window as unknown as { __partCounts: number[] }).__partCounts);
  expect(new Set(counts).size).toBeGreaterThan(1);

  const title = page.getByTestId("chat-title");
  await expect(title).not.toHaveText("Untitled chat");
  chatTitle = (await title.textContent())!.trim();
  expect(chatTitle.length).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENS_DIR}/chat-streamed.png` });
  // The same answer from its first part (the timeline follows the bottom while streaming). The timeline is scrolled
  // itself: a row can be drawn anew once the stored message replaces the streamed one, and a handle taken on the old
  // row would then be detached.
  // Once the stored messages have replaced the streamed ones (the user message then has its id): the timeline's rows
  // change keys then, and a scroll made just before that is read by the virtualizer as still being at the end.
  await expect(page.locator('[data-testid="message"][data-role="user"]').first()).toHaveAttribute(
    "data-message-id",
    /.+/,
  );
  await page.getByTestId("timeline").evaluate((el) => (el.scrollTop = 0));
  await expect(page.getByTestId("message").first()).toBeInViewport();
  await page.screenshot({ path: `${SCREENS_DIR}/chat-streamed-parts.png` });
  expect(problems).toEqual([]);
});

test("the chat and its parts persist across a reload", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the previous test");
  await signIn(page);
  await page.goto(chatUrl);
  await expect(page.getByTestId("chat-title")).toHaveText(chatTitle);
  await expect(page.locator('[data-testid="message"][data-role="user"]').first()).toContainText(PROMPT);
  const assistant = assistantMessages(page).first();
  for (const kind of ["thinking", "search", "file-read", "agent-action", "file-edit", "tool-call", "bash", "text"]) {
    await expect(assistant.locator(`[data-testid="part"][data-kind="${kind}"]`).first()).toBeVisible();
  }
  await page.reload();
  await expect(assistantMessages(page).first().locator('[data-testid="part"][data-kind="text"]')).toBeVisible();
  await expect(page.getByTestId("chat-title")).toHaveText(chatTitle);
});

test("the chats list shows the chat with its generated title", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the previous test");
  await signIn(page);
  const chatId = decodeURIComponent(new URL(chatUrl).pathname.split("/").pop()!);
  const row = page.locator(`[data-testid="chat-row"][data-chat-id="${chatId}"]`);
  await expect(row).toContainText(chatTitle);
  await expect(row.locator("time")).toHaveAttribute("title", /UTC$/);
  await page.screenshot({ path: `${SCREENS_DIR}/chats-list.png` });
  await row.click();
  await expect(page).toHaveURL(chatUrl);
});

test("a follow-up from the composer streams a second assistant message", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the previous test");
  await signIn(page);
  await page.goto(chatUrl);
  await expect(assistantMessages(page)).toHaveCount(1);
  const composer = page.getByTestId("composer");
  await composer.fill(FOLLOW_UP);
  await page.getByTestId("send-button").click();
  await expect(composer).toHaveValue("");
  await expect(page.locator('[data-testid="message"][data-role="user"]').nth(1)).toContainText(FOLLOW_UP);
  await expect(assistantMessages(page)).toHaveCount(2, { timeout: 30_000 });
  const second = assistantMessages(page).nth(1);
  await expect(second.locator('[data-testid="part"][data-kind="text"]')).toBeVisible({ timeout: 30_000 });
  await expect(second).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  const ids = await assistantMessages(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-message-id")));
  expect(new Set(ids).size).toBe(2);
  await page.screenshot({ path: `${SCREENS_DIR}/chat-follow-up.png`, fullPage: false });

  await page.reload();
  await expect(assistantMessages(page)).toHaveCount(2);
});

test("dark mode renders the chat page", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the previous test");
  await page.emulateMedia({ colorScheme: "dark" });
  await signIn(page);
  await page.goto(chatUrl);
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(assistantMessages(page).first().locator('[data-testid="part"][data-kind="bash"]')).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/chat-dark.png` });
  await page.getByRole("button", { name: "Show chat details" }).click();
  const details = page.getByRole("tabpanel", { name: "Details" });
  await expect(details).toContainText("Usage");
  await expect(details).toContainText("tokens");
  await page.screenshot({ path: `${SCREENS_DIR}/chat-details-dark.png` });
});

test("the theme toggle switches between light and dark", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await signIn(page);
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/dark/);
  const toggle = page.getByRole("button", { name: /theme/ }).first();
  await toggle.click(); // system → light
  await toggle.click(); // light → dark
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await toggle.click(); // dark → system (light here)
  await expect(html).not.toHaveClass(/dark/);
});

test("the chat page works on a narrow screen", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the previous test");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(chatUrl);
  await expect(page.getByTestId("chat-title")).toBeVisible();
  await expect(page.getByTestId("composer")).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/chat-mobile.png` });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("link", { name: "Chats", exact: true })).toBeInViewport({ ratio: 1 });
  await page.waitForTimeout(300); // the drawer's slide-in
  await page.screenshot({ path: `${SCREENS_DIR}/chat-mobile-menu.png` });
});

test("shows the streaming indicator while a slow answer is generating", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("new-chat-form").getByTestId("composer").fill("/slow /pace 200 A recipe card");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/]+$/);
  const assistant = assistantMessages(page).first();
  await expect(assistant).toHaveAttribute("data-streaming", "true", { timeout: 15_000 });
  await expect(assistant.locator('[data-testid="part"]').nth(2)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("composer")).toHaveAttribute("aria-disabled", "true");
  await page.screenshot({ path: `${SCREENS_DIR}/chat-streaming.png` });
  await expect(assistant).not.toHaveAttribute("data-streaming", "true", { timeout: 45_000 });
  await expect(page.getByTestId("composer")).not.toHaveAttribute("aria-disabled", "true");
});

test("an error event after the stream began is shown inline with its code", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("new-chat-form").getByTestId("composer").fill("/fail A broken app");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/]+$/);
  const error = page.getByTestId("stream-error");
  await expect(error).toBeVisible({ timeout: 30_000 });
  await expect(error).toContainText("scripted_failure");
  await page.screenshot({ path: `${SCREENS_DIR}/chat-error.png` });
  await page.reload();
  await expect(assistantMessages(page).first().getByTitle("finishReason: error")).toBeVisible();
});
