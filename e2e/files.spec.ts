import type { Page } from "@playwright/test";
import { SCREENS_DIR, expect, signIn, test } from "./fixtures";

/**
 * The chat page's files panel against the embedded service: browse and view highlighted files, lock a file and
 * see the agent leave it alone, diff, preview, host project, deep links.
 */
test.describe.configure({ mode: "serial" });

const PROMPT = "A bakery landing page with a warm palette /image";
let chatUrl = "";
let chatId = "";

const assistants = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
const row = (page: Page, path: string) => page.locator(`[data-testid="file-row"][data-path="${path}"]`);

async function waitForAnswers(page: Page, count: number) {
  await expect(assistants(page)).toHaveCount(count, { timeout: 30_000 });
  await expect(assistants(page).last()).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  await expect(assistants(page).last().locator('[data-testid="part"][data-kind="text"]').last()).toBeVisible();
}

async function serverFiles(page: Page): Promise<Record<string, string>> {
  // maxRetries: a kept-alive connection the server closed while the answer ran is retried (ECONNRESET), not failed.
  const res = await page.request.get(`/api/service/v2/chats/${chatId}/files`, { maxRetries: 2 });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { files: { path: string; content: string }[] };
  return Object.fromEntries(body.files.map((f) => [f.path, f.content]));
}

async function serverLock(page: Page, path: string): Promise<boolean | undefined> {
  const chat = (await (await page.request.get(`/api/service/v1/chats/${chatId}`, { maxRetries: 2 })).json()) as {
    latestVersion?: { files: { name: string; locked: boolean }[] };
  };
  return chat.latestVersion?.files.find((f) => f.name === path)?.locked;
}

test("opens the files of a generated chat and shows highlighted code, images and changes", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  await signIn(page);
  await page.getByTestId("new-chat-form").getByTestId("composer").fill(PROMPT);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/);
  chatUrl = page.url();
  chatId = decodeURIComponent(new URL(chatUrl).pathname.split("/").pop()!);
  await waitForAnswers(page, 1);

  await expect(page.getByTestId("files-tab")).toHaveAttribute("data-state", "active");
  await expect(row(page, "index.html")).toBeVisible({ timeout: 15_000 });
  // Created by the latest message: marked.
  await expect(row(page, "index.html")).toHaveAttribute("data-changed", "created");
  await row(page, "index.html").click();
  await expect(page).toHaveURL(/\?file=index\.html$/);
  const code = page.getByTestId("code-view");
  await expect(code).toHaveAttribute("data-path", "index.html");
  await expect(code).toHaveAttribute("data-lang", "html");
  await expect(code).toHaveAttribute("data-highlighted", "done", { timeout: 15_000 });
  // Coloured tokens (theme colours as CSS variables) and line numbers.
  await expect(code.locator('span[style*="--shiki-light"]').first()).toBeVisible();
  await expect(code.locator("[data-line='1']")).toContainText("1");
  await page.screenshot({ path: `${SCREENS_DIR}/files-code.png` });

  // The agent's image: shown as an image.
  await row(page, "public/og.png").click();
  await expect(page.getByTestId("image-view")).toBeVisible();
  const natural = await page.getByTestId("image-view").evaluate((img: HTMLImageElement) => img.naturalWidth);
  expect(natural).toBeGreaterThan(0);

  // The filter narrows the tree; the "locked" filter shows nothing yet.
  await page.getByTestId("file-filter").fill("styles");
  await expect(page.getByTestId("file-row").filter({ has: page.locator(":scope[data-kind='file']") })).toHaveCount(1);
  await page.getByTestId("file-filter").fill("");
  await page.getByTestId("locked-filter").click();
  await expect(page.getByTestId("file-row")).toHaveCount(0);
  await page.getByTestId("locked-filter").click();
  expect(problems).toEqual([]);
});

test("a locked file survives a prompt that asks to rewrite it; unlock", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat of the previous test");
  await signIn(page);
  await page.goto(`${chatUrl}?file=index.html`);
  const before = (await serverFiles(page))["index.html"];
  expect(before).toBeTruthy();

  const toggle = row(page, "index.html").getByTestId("lock-toggle");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => serverLock(page, "index.html")).toBe(true);
  await expect(page.getByTestId("file-viewer").getByTestId("lock-toggle")).toHaveAttribute("aria-pressed", "true");
  // The locked filter now shows it.
  await page.getByTestId("locked-filter").click();
  await expect(page.locator('[data-testid="file-row"][data-kind="file"]')).toHaveCount(1);
  await page.getByTestId("locked-filter").click();
  await page.screenshot({ path: `${SCREENS_DIR}/files-locked.png` });

  await page.getByTestId("composer").fill("Rewrite index.html with a bigger title");
  await page.keyboard.press("Enter");
  await waitForAnswers(page, 2);
  await expect(assistants(page).last()).toContainText("Skipped index.html: it is locked");
  expect((await serverFiles(page))["index.html"]).toBe(before);
  // Not marked as changed by the latest message; the files it did change are.
  await expect(row(page, "index.html")).not.toHaveAttribute("data-changed", /.+/);
  await expect(row(page, "styles.css")).toHaveAttribute("data-changed", "updated");
  await expect(row(page, "index.html").getByTestId("lock-toggle")).toHaveAttribute("aria-pressed", "true");

  // Unlock.
  await row(page, "index.html").getByTestId("lock-toggle").click();
  await expect(row(page, "index.html").getByTestId("lock-toggle")).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => serverLock(page, "index.html")).toBe(false);
});

test("a folder toggle locks every file under it", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat");
  await signIn(page);
  await page.goto(chatUrl);
  const folder = page.locator('[data-testid="file-row"][data-kind="folder"][data-path="public"]');
  await folder.getByTestId("lock-toggle").click();
  await expect(folder.getByTestId("lock-toggle")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => serverLock(page, "public/og.png")).toBe(true);
  await folder.getByTestId("lock-toggle").click();
  await expect.poll(() => serverLock(page, "public/og.png")).toBe(false);
});

test("shows what the latest message changed in a file", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat");
  await signIn(page);
  await page.goto(`${chatUrl}?file=app.js`);
  await page.getByTestId("diff-toggle").click();
  const diff = page.getByTestId("diff-view");
  await expect(diff).toHaveAttribute("data-state", "ok");
  await expect(diff.locator("[data-kind='add']").first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/files-diff.png` });
});

test("links from file parts open the file", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat");
  await signIn(page);
  await page.goto(chatUrl);
  const link = assistants(page)
    .last()
    .locator('[data-testid="part"][data-kind="file-edit"]')
    .getByTestId("file-link")
    .filter({ hasText: "app.js" })
    .first();
  await link.click();
  await expect(page).toHaveURL(/\?file=app\.js$/);
  await expect(page.getByTestId("code-view")).toHaveAttribute("data-path", "app.js");
  await expect(row(page, "app.js")).toHaveAttribute("aria-selected", "true");
});

test("the preview shows the generated page in a sandboxed frame on its own origin", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat");
  await signIn(page);
  await page.goto(chatUrl);
  await page.getByTestId("preview-tab").click();
  await expect(page).toHaveURL(/\?tab=preview$/);
  const frame = page.getByTestId("preview-frame");
  await expect(frame).toBeVisible({ timeout: 15_000 });
  const sandbox = (await frame.getAttribute("sandbox")) ?? "";
  expect(sandbox).toContain("allow-scripts");
  // The embedded service's preview origin is not the dashboard's: the page keeps its own origin there.
  expect(sandbox).toContain("allow-same-origin");
  expect(new URL((await frame.getAttribute("src")) ?? "").origin).not.toBe(new URL(page.url()).origin);
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator("h1").first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId("preview-open")).toHaveAttribute("rel", "noopener noreferrer");
  expect(await page.getByTestId("preview-open").getAttribute("href")).toMatch(
    /^http:\/\/p[a-z2-7]{26}\.localhost:\d+\/__atelier\/handoff\?token=/,
  );
  await page.screenshot({ path: `${SCREENS_DIR}/files-preview.png` });
  await page.getByTestId("device-mobile").click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(375);
  await page.getByTestId("preview-reload").click();
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator("h1").first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/files-preview-mobile.png` });
});

test("creates a host project", async ({ page }) => {
  test.skip(!chatUrl, "needs the chat");
  await signIn(page);
  // `?tab=project` is the older deep link of the same place (the host project lives in Details).
  await page.goto(`${chatUrl}?tab=project`);
  await expect(page.getByTestId("details-tab")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("env-note")).toBeVisible();
  await page.getByTestId("create-host-project").click();
  const id = page.getByTestId("host-project-id");
  await expect(id).toBeVisible();
  const hostProjectId = await id.getAttribute("data-id");
  expect(hostProjectId).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId("host-project-id")).toHaveAttribute("data-id", hostProjectId!);
  await page.screenshot({ path: `${SCREENS_DIR}/files-host-project.png` });
});
