import type { Page, Request } from "@playwright/test";
import { SCREENS_DIR, allowPolling, expect, speaksDocument, test } from "./fixtures";

/**
 * Approvals: the agent waits, the user answers in the approval dialog, once. Chats are made with the
 * scripted agent's directives: `/integration A,B` blocks on integrations, `/script path` on permissions.
 */

// Its tests reached 51–57 s of the default 60 s on CI's loaded cores (the reference and document projects).
test.describe.configure({ mode: "serial", timeout: 120_000 });

const RESOLVE = /\/api\/service\/v2\/chats\/[^/]+\/messages\/resolve(\/stream|\/async)?$/;
const assistants = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');

/** Creates a chat from the chats page and waits until its answer is blocked (the banner shows). */
async function blockedChat(page: Page, prompt: string, task: "integration" | "permissions"): Promise<string> {
  await page.goto("/chats");
  await page.getByTestId("new-chat-form").getByTestId("composer").fill(prompt);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/]+$/);
  await expect(page.getByTestId("approval-banner")).toHaveAttribute("data-task", task, { timeout: 30_000 });
  return page.url();
}

/** Records the resolve requests the page sends (method, path and JSON body). */
function recordResolves(page: Page): Array<{ url: string; body: unknown }> {
  const seen: Array<{ url: string; body: unknown }> = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && RESOLVE.test(new URL(request.url()).pathname)) {
      seen.push({ url: request.url(), body: request.postDataJSON() });
    }
  });
  return seen;
}

async function chooseMode(page: Page, mode: "Stream" | "Async" | "Sync") {
  if (mode === "Async") allowPolling(); // async answers are polled by design
  await page.getByTestId("response-mode").getByText(mode, { exact: true }).click();
}

test("integration approve: the ticked names are sent as requested; the resume streams in", async ({
  signedIn: page,
}) => {
  const resolves = recordResolves(page);
  await blockedChat(page, "A shop /integration Stripe,Neon,mcp:Linear", "integration");
  // The request is shown inline in the timeline too.
  const request = assistants(page).first().locator('[data-testid="part"][data-kind="agent-action"]').last();
  // Our `data.status` (an extension) says so inline; the document's request has none, so there only the banner does.
  if (test.info().project.name !== "reference") await expect(request).toContainText("waiting for your answer");
  await expect(request).toContainText("Stripe");
  await expect(page.getByTestId("approval-banner")).toContainText("Stripe, Neon and MCP: Linear");

  await chooseMode(page, "Stream");
  await page.getByTestId("approval-open").click();
  const dialog = page.getByRole("dialog", { name: "Install integrations" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("data-task", "integration");
  await dialog.getByLabel("Stripe installed").check();
  await dialog.getByLabel("Linear installed").check();
  await page.screenshot({ path: `${SCREENS_DIR}/approval-integrations-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForTimeout(400); // let the buttons' colour transitions finish
  await page.screenshot({ path: `${SCREENS_DIR}/approval-integrations-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
  await dialog.getByTestId("approve-button").click();

  await expect(dialog).toBeHidden();
  await expect(assistants(page)).toHaveCount(2);
  await expect(assistants(page).last()).toContainText("Stripe and Linear are connected", { timeout: 30_000 });
  // The outcome on the request is our `data.status` extension; a document-shaped deployment has none.
  if (test.info().project.name !== "reference") await expect(request).toContainText("connected: Stripe, Linear");
  await expect(page.getByTestId("approval-banner")).toHaveCount(0);
  expect(resolves).toHaveLength(1);
  expect(resolves[0]!.url).toMatch(/\/resolve\/stream$/);
  expect(resolves[0]!.body).toEqual({
    task: { type: "confirmed-steps", connectedIntegrationNames: ["Stripe", "Linear"] },
  });
});

test("a new chat whose answer blocks at once shows the banner and its dialog", async ({ signedIn: page }) => {
  // A fast agent's whole answer (the chat, the parts, the blocked finish, the stream's end) reaches the page in one
  // piece, before the first part is painted: the chat opened with the request part and no banner (2 tries in 3).
  await page.route(/\/api\/service\/v2\/chats\/stream$/, async (route) => {
    const whole = await route.fetch();
    await route.fulfill({ response: whole, body: await whole.body() });
  });
  await page.goto("/chats");
  await page.getByTestId("new-chat-form").getByTestId("composer").fill("A shop /integration Supabase");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/]+$/);
  const banner = page.getByTestId("approval-banner");
  await expect(banner).toHaveAttribute("data-task", "integration");
  await expect(banner).toContainText("Supabase");
  await banner.getByRole("button", { name: "Review request" }).click();
  await expect(page.getByRole("dialog", { name: "Install integrations" })).toBeVisible();
});

test("integration reject: after a confirm step an empty list is sent; the agent continues without", async ({
  signedIn: page,
}) => {
  const resolves = recordResolves(page);
  await blockedChat(page, "A blog /integration Neon", "integration");
  await chooseMode(page, "Sync");
  await page.getByTestId("approval-open").click();
  const dialog = page.getByTestId("approval-dialog");
  await dialog.getByTestId("reject-button").click();
  expect(resolves).toHaveLength(0); // not yet: it asks once more
  await expect(dialog.getByRole("group", { name: "Reject the request" })).toContainText("continues without Neon");
  await dialog.getByTestId("confirm-reject-button").click();
  await expect(assistants(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(assistants(page).last()).toContainText("was rejected, so I continue without", { timeout: 30_000 });
  if (test.info().project.name !== "reference") {
    await expect(
      assistants(page).first().locator('[data-testid="part"][data-kind="agent-action"]').last(),
    ).toContainText("rejected by you");
  }
  expect(resolves.map((r) => r.body)).toEqual([{ task: { type: "confirmed-steps", connectedIntegrationNames: [] } }]);
  expect(resolves[0]!.url).toMatch(/\/messages\/resolve$/);
  await chooseMode(page, "Stream");
});

test("permission approve: the pending items go back unchanged and the dangerous bash part runs", async ({
  signedIn: page,
}) => {
  const resolves = recordResolves(page);
  const url = await blockedChat(page, "A shop /script scripts/seed.ts", "permissions");
  const chatId = url.split("/").pop()!;
  const listed = await page.request.get(`/api/service/v2/chats/${chatId}/messages`);
  const blocked = (await listed.json()).messages[0];
  const pending = blocked.parts.at(-1).suggestedPermissions;
  expect(pending).toHaveLength(1);

  await chooseMode(page, "Async");
  await page.getByTestId("approval-open").click();
  const dialog = page.getByRole("dialog", { name: "Approve a permission" });
  // The document's tool calls have no display name: a reference deployment shows the tool's name.
  await expect(dialog).toContainText(speaksDocument() ? /Run script|run_script/ : "Run script");
  await expect(dialog).toContainText('"command": "npx tsx scripts/seed.ts"');
  await expect(dialog.getByTestId("permission-user-message")).toContainText("Allow the agent to run");
  await expect(dialog.getByTestId("danger-warning")).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/approval-permissions-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForTimeout(400); // let the buttons' colour transitions finish
  await page.screenshot({ path: `${SCREENS_DIR}/approval-permissions-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });

  // Deny explains; Esc closes; the banner reopens it.
  await dialog.getByTestId("reject-button").click();
  await expect(dialog.getByTestId("deny-explanation")).toContainText("Sending another message rejects it");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(resolves).toHaveLength(0);
  await page.getByTestId("approval-open").click();
  await dialog.getByTestId("approve-button").click();

  const bash = assistants(page).last().locator('[data-testid="part"][data-kind="bash"]');
  await expect(bash).toContainText("dangerous, needed approval", { timeout: 30_000 });
  await expect(bash).toContainText("npx tsx scripts/seed.ts");
  await expect(assistants(page).last()).toContainText("Ran", { timeout: 30_000 });
  expect(resolves).toHaveLength(1);
  expect(resolves[0]!.url).toMatch(/\/resolve\/async$/);
  expect(resolves[0]!.body).toEqual({ task: { type: "confirmed-permissions", permissions: pending } });
  await page.screenshot({ path: `${SCREENS_DIR}/approval-permissions-ran.png` });
  await chooseMode(page, "Stream");
});

test("permission mismatch: a tampered answer gets the service's 409 and the message; nothing ran", async ({
  signedIn: page,
}) => {
  await blockedChat(page, "A shop /script scripts/reset.sh", "permissions");
  await page.route(RESOLVE, async (route) => {
    const body = route.request().postDataJSON();
    body.task.permissions[0].input.command = "rm -rf /";
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByTestId("approval-open").click();
  await page.getByTestId("approval-dialog").getByTestId("approve-button").click();
  const conflict = page.getByTestId("approval-conflict");
  await expect(conflict).toContainText("This request is no longer pending");
  await expect(conflict).toContainText("409");
  await expect(page.getByTestId("approval-dialog")).toBeHidden();
  await page.unroute(RESOLVE);
  // Nothing changed: still one assistant message, still waiting (the banner is back after the refresh).
  await expect(assistants(page)).toHaveCount(1);
  await expect(page.getByTestId("approval-banner")).toBeVisible();
  await expect(
    page.locator('[data-testid="part"][data-kind="bash"]').filter({ hasText: "dangerous, needed approval" }),
  ).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/approval-conflict.png` });
});

test("stale resolve from a second tab: 409 shown there, the chat refreshed", async ({ signedIn: page, context }) => {
  const url = await blockedChat(page, "A store /integration Stripe", "integration");
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId("approval-banner")).toBeVisible({ timeout: 30_000 });
  await other.getByTestId("approval-open").click();
  await other.getByTestId("approval-dialog").getByLabel("Stripe installed").check();

  // The first tab answers.
  await page.getByTestId("approval-open").click();
  await page.getByTestId("approval-dialog").getByLabel("Stripe installed").check();
  await page.getByTestId("approval-dialog").getByTestId("approve-button").click();
  await expect(assistants(page).last()).toContainText("Stripe is connected", { timeout: 30_000 });

  // The second tab's answer is stale.
  const refused = other.waitForResponse((r) => RESOLVE.test(new URL(r.url()).pathname));
  await other.getByTestId("approval-dialog").getByTestId("approve-button").click();
  expect((await refused).status()).toBe(409);
  await expect(other.getByTestId("approval-conflict")).toContainText("This request is no longer pending");
  await expect(other.getByTestId("approval-banner")).toHaveCount(0);
  await expect(assistants(other)).toHaveCount(2, { timeout: 15_000 });
  await expect(assistants(other).last()).toContainText("Stripe is connected");
  await other.close();
});

test("double click on a slow network sends one resolve", async ({ signedIn: page }) => {
  await blockedChat(page, "A shop /script scripts/seed.py", "permissions");
  let sent = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && RESOLVE.test(new URL(request.url()).pathname)) sent++;
  });
  // A slow network: the request is held until the test has clicked again on the disabled button, then goes out.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(RESOLVE, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId("approval-open").click();
  const approve = page.getByTestId("approval-dialog").getByTestId("approve-button");
  await approve.dblclick();
  // The first click sent the request, which is still held: the dialog is open and its answers are disabled.
  await expect(approve).toBeDisabled();
  await approve.dispatchEvent("click");
  await expect.poll(() => sent).toBe(1);
  release();
  await expect(assistants(page).last().locator('[data-testid="part"][data-kind="bash"]')).toContainText(
    "python3 scripts/seed.py",
    { timeout: 30_000 },
  );
  await page.unroute(RESOLVE);
  expect(sent).toBe(1);
  await expect(assistants(page)).toHaveCount(2);
});
