import type { Page } from "@playwright/test";
import { SCREENS_DIR, expect, signIn, svc, test } from "./fixtures";

/**
 * The preview as a debugging surface: the embedded preview's reporter posts what goes wrong, the Preview tab lists it
 * (Problems, Console, the tab's badge), and "Fix with agent" sends it to the agent as a follow-up.
 */
// Each test waits for answers and preview reloads: on a busy machine that takes longer than the default minute.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const assistants = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');

async function waitForAnswers(page: Page, count: number) {
  await expect(assistants(page)).toHaveCount(count, { timeout: 30_000 });
  await expect(assistants(page).last()).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  await expect(assistants(page).last().locator('[data-testid="part"][data-kind="text"]').last()).toBeVisible();
}

test("a /broken chat shows its error in Problems with file and line; Fix with agent fixes it", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("new-chat-form").getByTestId("composer").fill("/broken A tip calculator");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/);
  await waitForAnswers(page, 1);
  await page.getByTestId("preview-tab").click();

  const problems = page.getByRole("region", { name: "Problems" });
  const problem = problems.getByTestId("preview-problem");
  await expect(problem).toHaveCount(1, { timeout: 15_000 });
  await expect(problem).toContainText("broken on purpose");
  const where = problem.getByRole("button", { name: /^app\.js:\d+:\d+$/ });
  await expect(where).toBeVisible();
  await expect(page.getByTestId("preview-problem-count")).toHaveText("1");
  await expect(page.getByTestId("preview-problem-count")).toHaveAttribute("aria-label", "1 problem");
  await page.screenshot({ path: `${SCREENS_DIR}/preview-problems.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SCREENS_DIR}/preview-problems-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });

  // The console view: the app's console.error, with levels and a filter.
  await page.getByRole("button", { name: "Console" }).click();
  const lines = page.getByRole("region", { name: "Console" }).getByTestId("console-line");
  await expect(lines.filter({ hasText: "throws on purpose" })).toHaveCount(1);
  await page.getByLabel("Console level").selectOption("warn");
  await expect(lines).toHaveCount(0);
  await page.getByLabel("Console level").selectOption("all");
  await page.getByLabel("Filter the console").fill("on purpose");
  await expect(lines).toHaveCount(1);
  await page.screenshot({ path: `${SCREENS_DIR}/preview-console.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SCREENS_DIR}/preview-console-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByRole("button", { name: /^Problems/ }).click();

  // file:line opens the chat's file at that line (scrolled to and marked); back on the Preview tab the page reports again.
  const line = /:(\d+):/.exec((await where.textContent()) ?? "")![1]!;
  await where.click();
  await expect(page).toHaveURL(new RegExp(`\\?file=app\\.js&line=${line}$`));
  const code = page.getByTestId("code-view");
  await expect(code).toHaveAttribute("data-path", "app.js");
  await expect(code).toHaveAttribute("data-marked-line", line);
  const marked = code.locator(`[data-line="${line}"]`);
  await expect(marked).toHaveAttribute("aria-current", "location");
  await expect(marked).toContainText("broken on purpose");
  await expect(marked).toBeInViewport();
  await expect(code.locator("[aria-current]")).toHaveCount(1);
  await page.screenshot({ path: `${SCREENS_DIR}/preview-file-line.png` });
  await page.getByTestId("preview-tab").click();
  await expect(problem).toHaveCount(1, { timeout: 15_000 });

  // Reload clears, then the page reports again.
  await page.getByTestId("preview-reload").click();
  await expect(problem).toHaveCount(1, { timeout: 15_000 });

  // Fix with agent: an ordinary follow-up quoting the problem; the fixed preview reports nothing.
  await page.getByRole("button", { name: "Fix with agent" }).click();
  const prompt = page.locator('[data-testid="message"][data-role="user"]').last();
  await expect(prompt).toContainText("Please fix these problems the preview reports", { timeout: 15_000 });
  await expect(prompt).toContainText("broken on purpose");
  await expect(prompt).toContainText(/app\.js:\d+/);
  await waitForAnswers(page, 2);
  await expect(page.getByTestId("preview-problem-count")).toHaveCount(0, { timeout: 15_000 });
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator("h1").first()).toBeVisible();
  await expect(problems).toContainText("No problems reported", { timeout: 15_000 });
  await expect(problem).toHaveCount(0);
});

test("a failed image load is listed with its URL", async ({ page }) => {
  const chat = await svc<{ id: string }>(page.request, "POST", "/v1/chats", {
    type: "files",
    files: [
      {
        name: "index.html",
        content: '<!doctype html><html><head></head><body><h1>Pic</h1><img src="missing.png" alt=""></body></html>',
      },
    ],
    initialContext: "A page with a missing picture",
  });
  await signIn(page);
  await page.goto(`/chats/${encodeURIComponent(chat.id)}?tab=preview`);
  const problem = page.getByRole("region", { name: "Problems" }).getByTestId("preview-problem");
  await expect(problem).toHaveCount(1, { timeout: 15_000 });
  await expect(problem).toContainText("Failed to load img");
  await expect(problem).toContainText("/missing.png");
  // Its status, read again by the reporter (the sandboxed page's timing entry says 0).
  await expect(problem).toContainText("(HTTP 404)");
  await expect(page.getByTestId("preview-problem-count")).toHaveText("1");
});

test("an element picked in the preview becomes a chip and reaches the prompt; Esc cancels", async ({ page }) => {
  const chat = await svc<{ id: string }>(page.request, "POST", "/v1/chats", {
    type: "files",
    files: [
      {
        name: "index.html",
        content:
          '<!doctype html><html><head></head><body><main><h1>Tips</h1><form><input name="bill">' +
          '<button type="button" class="primary big" onclick="this.textContent=\'clicked\'">Add tip</button>' +
          "</form></main></body></html>",
      },
    ],
    initialContext: "A tip calculator",
  });
  await signIn(page);
  await page.goto(`/chats/${encodeURIComponent(chat.id)}?tab=preview`);
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  const button = frame.getByRole("button", { name: "Add tip" });
  await expect(button).toBeVisible();
  const select = page.getByTestId("preview-select-element");
  await expect(select).toBeEnabled({ timeout: 15_000 });

  // Esc in the dashboard cancels; so does Esc inside the frame.
  await select.click();
  await expect(select).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");
  await expect(select).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("preview-panel")).toBeVisible();
  await select.click();
  await expect(select).toHaveAttribute("aria-pressed", "true");
  await frame.locator("input").press("Escape");
  await expect(select).toHaveAttribute("aria-pressed", "false");

  // Hover outlines the element; the click picks it instead of reaching the app.
  await select.click();
  await expect(async () => {
    await page.mouse.move(0, 0);
    await button.hover();
    await expect(button).toHaveCSS("outline-style", "solid", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.screenshot({ path: `${SCREENS_DIR}/preview-pick-hover.png` });
  await button.click();
  await expect(select).toHaveAttribute("aria-pressed", "false");
  await expect(button).toHaveText("Add tip");
  await expect(button).not.toHaveCSS("outline-style", "solid");
  const chip = page.getByTestId("picked-element-chip");
  await expect(chip).toContainText("button.primary 'Add tip'");
  // The chip, and the outline of a next pick (the pointer comes back onto the button).
  await select.click();
  await expect(select).toHaveAttribute("aria-pressed", "true");
  // The frame hears of the pick mode by a message: the pointer may arrive first, so it enters the button again.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await button.hover();
    await expect(button).toHaveCSS("outline-style", "solid", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.screenshot({ path: `${SCREENS_DIR}/preview-picked.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SCREENS_DIR}/preview-picked-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
  await page.keyboard.press("Escape");
  await expect(select).toHaveAttribute("aria-pressed", "false");
  await expect(button).not.toHaveCSS("outline-style", "solid");

  // × removes it; a new pick brings it back, and the next prompt carries it (then the chip is gone).
  await chip.getByRole("button", { name: "Remove the picked element" }).click();
  await expect(chip).toHaveCount(0);
  await select.click();
  await button.click();
  await expect(chip).toBeVisible();
  await page.getByTestId("composer").last().fill("Make it green");
  await page.keyboard.press("Enter");
  const prompt = page.locator('[data-testid="message"][data-role="user"]').last();
  await expect(prompt).toContainText("Make it green", { timeout: 15_000 });
  await expect(prompt).toContainText("The element I mean, picked in the preview");
  await expect(prompt).toContainText("button.primary.big");
  await expect(prompt).toContainText('"Add tip"');
  await expect(prompt).toContainText("in index.html");
  await expect(chip).toHaveCount(0);
});

test("auto-fix sends at most 2 fixes in a row, then stops and says so", async ({ page }) => {
  // Four answers one after the other, each followed by the preview's reload.
  test.setTimeout(240_000);
  // A /broken app whose app.js is locked: no fix can reach it, so every answer's preview throws again.
  const created = await svc<{ chat: { id: string } }>(page.request, "POST", "/v2/chats", {
    message: "/broken A tip calculator",
  });
  const chatId = created.chat.id;
  const v1 = await svc<{ latestVersion: { id: string } }>(page.request, "GET", `/v1/chats/${chatId}`);
  const files = await svc<{ files: { path: string; content: string }[] }>(
    page.request,
    "GET",
    `/v2/chats/${chatId}/files`,
  );
  const appJs = files.files.find((f) => f.path === "app.js")!;
  await svc(page.request, "PATCH", `/v1/chats/${chatId}/versions/${v1.latestVersion.id}`, {
    files: [{ name: "app.js", content: appJs.content, locked: true }],
  });

  await signIn(page);
  await page.goto("/settings");
  const setting = page.getByTestId("auto-fix-setting");
  await expect(setting).not.toBeChecked();
  await setting.check();
  await page.goto(`/chats/${encodeURIComponent(chatId)}?tab=preview`);
  await expect(page.getByTestId("preview-problem-count")).toHaveText("1", { timeout: 30_000 });
  await expect(page.getByRole("link", { name: "Auto-fix on" })).toBeVisible();

  // The person types once; two automatic fixes follow, then auto-fix stops.
  await page.getByTestId("composer").last().fill("Add a footer");
  await page.keyboard.press("Enter");
  const fixes = page
    .locator('[data-testid="message"][data-role="user"]')
    .filter({ hasText: "Please fix these problems the preview reports" });
  await expect(page.getByTestId("auto-fix-stopped")).toContainText("Auto-fix stopped", { timeout: 120_000 });
  await expect(fixes).toHaveCount(2);
  await expect(fixes.last()).toContainText("broken on purpose");
  // Nothing more is sent by itself, even once the window of the last answer has passed.
  await expect(assistants(page).last()).not.toHaveAttribute("data-streaming", "true");
  await page.waitForTimeout(6_000);
  await expect(fixes).toHaveCount(2);
  await page.screenshot({ path: `${SCREENS_DIR}/preview-auto-fix-stopped.png` });
  // The person sends a message: auto-fix may act again (the note goes).
  await page.getByTestId("composer").last().fill("Add a header");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("auto-fix-stopped")).toHaveCount(0);
});
