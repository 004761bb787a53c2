import type { Page } from "@playwright/test";
import { SCREENS_DIR, expect, signIn, svc, test } from "./fixtures";

/**
 * The preview as a debugging surface: the embedded preview's reporter posts what goes wrong, the Preview tab lists it
 * (Problems, Console, the tab's badge), and "Fix with agent" sends it to the agent as a follow-up.
 */
test.describe.configure({ mode: "serial" });

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

  // file:line opens the chat's file; back on the Preview tab the page reports again.
  await where.click();
  await expect(page).toHaveURL(/\?file=app\.js$/);
  await expect(page.getByTestId("code-view")).toHaveAttribute("data-path", "app.js");
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
  await expect(page.getByTestId("preview-problem-count")).toHaveText("1");
});
