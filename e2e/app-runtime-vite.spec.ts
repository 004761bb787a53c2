import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT, SCREENS_DIR, signIn } from "./fixtures";
import { startGitServer, type GitServerPeer } from "./peers/git-server";
import { freshDataDir, killAll, startServer, untilReady, type ServerProcess } from "./server-process";

/**
 * A Vite app from a Git repository (issue 41, docs/app-runtime.md): a person imports the repository of a Vite 7 app
 * (`e2e/peers/vite-app/`: package.json with vite as a devDependency, its lockfile, a page and two modules) from the Git
 * peer, opens Preview, sees Installing then Running and the app's page in the frame; then, in a second window of the
 * dashboard, edits a module by hand in the file editor, and the page in the first window's frame shows the change by
 * Vite's hot reload, over the preview origin's WebSocket, without a page load (a mark set on the frame's window
 * survives). Screenshots of the Preview tab: Installing, and Running in light, dark and a page opened 390 px wide.
 *
 * The install fetches from registry.npmjs.org: run with APP_RUNTIME_REGISTRY_TESTS=1 (and APP_INSTALL_PRIVATE_HOSTS
 * where the registry's name resolves to a reserved address), which `npm test` sets when `npm ping` reaches it
 * (scripts/registry.sh); the server inherits both. Skipped without it, failed under CI.
 */
const registry = process.env.APP_RUNTIME_REGISTRY_TESTS === "1";
/** A server of its own (the lifecycle project's ports are E2E_PORT+10 … +19), its previews 30 above (startServer). */
const port = E2E_PORT + 60;
test.use({ baseURL: `http://127.0.0.1:${port}` });
// One cold install from the registry (15–35 s alone), on a machine running three Playwright runs side by side.
test.describe.configure({ mode: "serial", timeout: 300_000 });

const APP_DIR = path.join(import.meta.dirname, "peers", "vite-app");
/** The repository's files: the folder as it is (path → content). */
function appFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(APP_DIR, { recursive: true, encoding: "utf8" })) {
    const file = path.join(APP_DIR, name);
    if (statSync(file).isFile()) files[name.split(path.sep).join("/")] = readFileSync(file, "utf8");
  }
  return files;
}

let server: ServerProcess;
let peer: GitServerPeer;
test.beforeAll(async () => {
  if (!registry) return;
  test.setTimeout(180_000);
  peer = await startGitServer();
  peer.makeRepo("harbour-vite.git", appFiles());
  server = startServer(port, freshDataDir(), { APP_RUNTIME: "on", APP_CACHE_DIR: freshDataDir() }, "npx next start");
  await untilReady(server);
});
test.afterAll(async () => {
  await killAll();
  await peer?.close();
});

const appState = (page: Page) => page.getByTestId("app-state");
const frame = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');

test("a Vite app imported from Git runs in Preview, and a hand edit reaches its page by hot reload, without a page load", async ({
  page,
  context,
}) => {
  if (process.env.CI) expect(registry, "CI must run the registry tests: APP_RUNTIME_REGISTRY_TESTS=1").toBe(true);
  test.skip(!registry, "needs the npm registry: APP_RUNTIME_REGISTRY_TESTS=1 (npm test sets it when npm ping answers)");

  await signIn(page);
  await page.getByTestId("import-files").click();
  const dialog = page.getByTestId("import-files-dialog");
  await dialog.getByText("From a Git repository").click();
  await dialog.getByLabel("Repository URL").fill(`${peer.url}/harbour-vite.git`);
  await dialog.getByLabel(/Branch/).fill("main");
  await dialog.getByTestId("import-repo-submit").click();
  await expect(page).toHaveURL(/\/chats\/chat_[^/?]+/, { timeout: 60_000 });
  const chatId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);
  await expect(page.getByTestId("chat-title")).toContainText("harbour-vite (main)");

  // Preview: npm ci from the lockfile (through the sandbox's proxy), then `vite`; the frame shows the state page.
  const openedAt = Date.now();
  await page.getByTestId("preview-tab").click();
  await expect(appState(page)).toHaveAttribute("data-state", "installing", { timeout: 60_000 });
  await expect(appState(page)).toHaveText("Installing");
  await page.getByTestId("preview-view-logs").click();
  await expect(page.getByTestId("app-log")).toContainText("npm ci");
  await page.screenshot({ path: `${SCREENS_DIR}/app-vite-installing.png` });
  await expect(appState(page)).toHaveAttribute("data-state", "running", { timeout: 240_000 });
  console.log(`install and start: ${Date.now() - openedAt} ms from opening Preview to Running`);
  await expect(appState(page)).toHaveText("Running");
  // The state page reloads itself into the app once it answers: Vite's page, its module run.
  await expect(frame(page).locator("#title")).toHaveText("Harbour tours", { timeout: 60_000 });
  await expect(frame(page).locator("#tagline")).toHaveText("Boats leave every hour");
  // Vite's banner as text: its colours' escapes taken out of the log.
  await expect(page.getByTestId("app-log")).toContainText(/VITE v7\.\d+\.\d+\s+ready in/);
  await shots(page, chatId);

  // The page as it is now: a mark on its window, and the moment its tagline changes.
  await frame(page)
    .locator("body")
    .evaluate(() => {
      const w = window as Window & { atelierMark?: string; taglineChangedAt?: number };
      w.atelierMark = "the same page";
      new MutationObserver(() => (w.taglineChangedAt ??= Date.now())).observe(document.querySelector("#tagline")!, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });

  // A second window of the dashboard: the file, Edit, the new tagline, Ctrl+S.
  const editor = await context.newPage();
  await editor.goto(`/chats/${encodeURIComponent(chatId)}?file=${encodeURIComponent("src/tagline.js")}`);
  const viewer = editor.getByTestId("file-viewer");
  await expect(viewer).toContainText("Boats leave every hour", { timeout: 30_000 });
  await viewer.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(editor.getByTestId("code-editor-content")).toBeFocused();
  await editor.keyboard.press("Control+a");
  await editor.keyboard.type('export const tagline = "Boats leave every half hour";\n');
  const savedAt = Date.now();
  await editor.keyboard.press("Control+s");
  await expect(editor.getByTestId("code-editor")).toHaveCount(0, { timeout: 30_000 });

  // The first window's frame: the new tagline, on the same page (the mark is still there).
  await expect(frame(page).locator("#tagline")).toHaveText("Boats leave every half hour", { timeout: 60_000 });
  const after = await frame(page)
    .locator("body")
    .evaluate(() => {
      const w = window as Window & { atelierMark?: string; taglineChangedAt?: number };
      return { mark: w.atelierMark, changedAt: w.taglineChangedAt };
    });
  expect(after.mark, "the page was loaded again instead of hot reloaded").toBe("the same page");
  console.log(`hot reload: ${after.changedAt! - savedAt} ms from Ctrl+S to the tagline changed in the frame`);
  await expect(frame(page).locator("#title")).toHaveText("Harbour tours");
  await editor.close();
});

/** The Preview tab with the app Running (its log open): light, dark, and the chat opened in a page 390 px wide. */
async function shots(page: Page, chatId: string) {
  await page.screenshot({ path: `${SCREENS_DIR}/app-vite-running.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  // The theme follows the system's at once; its colours' transitions take a moment.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.waitForTimeout(300); // colour transitions (a long timeline repaints after the class changed)
  await page.screenshot({ path: `${SCREENS_DIR}/app-vite-running-dark.png`, animations: "disabled" });
  await page.emulateMedia({ colorScheme: "light" });
  const narrow = await page.context().newPage();
  await narrow.setViewportSize({ width: 390, height: 844 });
  await narrow.goto(`/chats/${encodeURIComponent(chatId)}?tab=preview`);
  await expect(appState(narrow)).toHaveAttribute("data-state", "running", { timeout: 30_000 });
  await expect(frame(narrow).locator("#tagline")).toHaveText("Boats leave every hour", { timeout: 30_000 });
  await narrow.screenshot({ path: `${SCREENS_DIR}/app-vite-running-390.png` });
  await narrow.close();
}
