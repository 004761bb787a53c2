import { expect, test, type Page } from "@playwright/test";
import { SCREENS_DIR, signIn } from "./fixtures";
import {
  freshDataDir,
  killAll,
  lifecyclePort,
  startServer,
  svc,
  untilReady,
  type ServerProcess,
} from "./server-process";

/**
 * The app runtime in the dashboard (issue 41, docs/app-runtime.md): a server of its own with the default settings
 * (APP_RUNTIME unset, so `auto`: apps run where the bubblewrap sandbox works, as in CI), the scripted agent's `/node-app` (a zero-dependency Node server app). The Preview tab shows it
 * Running with the app's own page, its log under Logs; a hand edit that throws makes it Crashed with the error in Logs,
 * Restart runs it again, Fix with agent sends the log; an install shows Installing, then "Install failed" with npm's
 * output; Stop stops it (the frame gives way to Start). Screenshots of each state, light, dark and 390 px wide.
 */
const port = lifecyclePort(9);
test.use({ baseURL: `http://127.0.0.1:${port}` });
test.describe.configure({ mode: "serial", timeout: 240_000 });

let server: ServerProcess;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = startServer(port, freshDataDir(), { APP_CACHE_DIR: freshDataDir() }, "npx next start");
  await untilReady(server);
});
test.afterAll(async () => {
  await killAll();
});

const appState = (page: Page) => page.getByTestId("app-state");

/** Light, dark, and 390 px wide (dark off again, the viewport back). */
async function shots(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS_DIR}/app-${name}.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  // The theme follows the system's at once; its colours' transitions take a moment.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.waitForTimeout(300); // colour transitions (a long timeline repaints after the class changed)
  await page.screenshot({ path: `${SCREENS_DIR}/app-${name}-dark.png`, animations: "disabled" });
  await page.emulateMedia({ colorScheme: "light" });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS_DIR}/app-${name}-390.png` });
  await page.setViewportSize(size);
}

const throwing = `console.error("about to fail");\nthrow new Error("the server broke on purpose");\n`;

test("a /node-app chat runs: Running and its page, a crash in Logs, Restart, Fix with agent", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("new-chat-form").getByTestId("composer").fill("/node-app A reading list");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/);
  const chatId = /\/chats\/([^/?]+)$/.exec(page.url())![1]!;
  const assistants = page.locator('[data-testid="message"][data-role="assistant"]');
  await expect(assistants).toHaveCount(1, { timeout: 60_000 });
  await expect(assistants.last()).not.toHaveAttribute("data-streaming", "true", { timeout: 60_000 });
  await page.getByTestId("preview-tab").click();

  await expect(appState(page)).toHaveAttribute("data-state", "running", { timeout: 60_000 });
  await expect(appState(page)).toHaveText("Running");
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await expect(frame.locator("h1")).toContainText("reading list", { ignoreCase: true, timeout: 30_000 });
  await page.getByTestId("preview-view-logs").click();
  await expect(page.getByTestId("app-log")).toContainText("Listening on port 3000");
  await shots(page, "running");

  // A hand edit of its server that throws: a `start` server starts again with it, and crashes.
  const files = await svc<{ files: Array<{ path: string; content: string }> }>(
    server,
    "GET",
    `/v2/chats/${chatId}/files`,
  );
  const original = files.body.files.find((f) => f.path === "server.js")!.content;
  const edit = await svc(server, "PATCH", `/v2/chats/${chatId}/files`, {
    files: [{ path: "server.js", content: throwing + original }],
  });
  expect(edit.status).toBe(200);
  await expect(appState(page)).toHaveAttribute("data-state", "crashed", { timeout: 60_000 });
  await expect(page.getByTestId("app-message")).toContainText("exited with code 1");
  await expect(page.getByTestId("app-log")).toContainText("the server broke on purpose");
  await expect(page.getByTestId("app-fix")).toBeVisible();
  // The frame reloaded: its page is gone, the state page says why.
  await expect(frame.getByTestId("app-status")).toHaveAttribute("data-state", "crashed");
  await shots(page, "crashed");
  // Problems lists the crash too, with the log's end; Logs stays where it was for the rest.
  await page.getByTestId("preview-view-problems").click();
  await expect(page.getByTestId("app-problem")).toContainText("The app crashed");
  await expect(page.getByTestId("app-problem")).toContainText("the server broke on purpose");
  await expect(page.getByTestId("problems-fix")).toBeVisible();
  await shots(page, "crashed-problems");
  await page.getByTestId("preview-view-logs").click();

  // Restart: the same files run again (and crash again); the frame reloads on the state page.
  const restarted = page.waitForResponse((r) => r.url().endsWith(`/v2/chats/${chatId}/app/restart`));
  await page.getByTestId("app-restart").click();
  expect((await restarted).status()).toBe(200);
  await expect(appState(page)).toHaveAttribute("data-state", "crashed", { timeout: 60_000 });

  // Fix with agent: a message with the log's end goes to the chat.
  await page.getByTestId("app-fix").click();
  const users = page.locator('[data-testid="message"][data-role="user"]');
  await expect(users).toHaveCount(2, { timeout: 30_000 });
  await expect(users.last()).toContainText("the server broke on purpose");
  await expect(users.last()).toContainText("crashed");
});

test("an install shows Installing, then Install failed with npm's output; Stop, and Start again", async ({ page }) => {
  // A registry nobody answers inside the sandbox (its own loopback): npm tries a few seconds, then fails.
  const npmrc =
    "registry=http://127.0.0.1:9/\nfetch-retries=1\nfetch-retry-mintimeout=5000\nfetch-retry-maxtimeout=5000\n";
  const created = await svc<{ chat: { id: string } }>(server, "POST", "/v2/chats/from-files", {
    files: [
      {
        name: "package.json",
        content: JSON.stringify({
          name: "slow",
          scripts: { dev: "node server.js" },
          dependencies: { "is-number": "7.0.0" },
        }),
      },
      { name: ".npmrc", content: npmrc },
      {
        name: "server.js",
        content: 'require("node:http").createServer((q, s) => s.end("ok")).listen(process.env.PORT);',
      },
    ],
  });
  expect(created.status).toBe(200);
  const chatId = created.body.chat.id;
  await signIn(page);
  await page.goto(`/chats/${chatId}`);
  await page.getByTestId("preview-tab").click();
  await expect(appState(page)).toHaveAttribute("data-state", "installing", { timeout: 60_000 });
  await expect(appState(page)).toHaveText("Installing");
  await page.getByTestId("preview-view-logs").click();
  await expect(page.getByTestId("app-log")).toContainText("npm install");
  await shots(page, "installing");

  await expect(appState(page)).toHaveAttribute("data-state", "crashed", { timeout: 90_000 });
  await expect(appState(page)).toHaveText("Install failed");
  await expect(page.getByTestId("app-log")).toContainText("ECONNREFUSED");
  await expect(page.getByTestId("app-fix")).toBeVisible();
  await shots(page, "install-failed");
  await page.getByTestId("preview-view-problems").click();
  await expect(page.getByTestId("app-problem")).toHaveAttribute("data-step", "install");
  await page.getByTestId("preview-view-logs").click();

  await page.getByTestId("app-stop").click();
  await expect(appState(page)).toHaveAttribute("data-state", "stopped");
  await expect(page.getByTestId("app-stopped")).toBeVisible();
  await expect(page.getByTestId("preview-frame")).toHaveCount(0);
  await shots(page, "stopped");
  await page.getByTestId("app-start").click();
  await expect(appState(page)).toHaveAttribute("data-state", "installing");
  await expect(page.getByTestId("preview-frame")).toBeVisible();
  await svc(server, "POST", `/v2/chats/${chatId}/app/stop`);
});
