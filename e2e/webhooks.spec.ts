import type { Page } from "@playwright/test";
import { SCREENS_DIR, baseURL, expect, isReference, test } from "./fixtures";

// Serial, and each test walks a long way with light and dark screenshots: on CI's loaded cores the second project's
// run took 35–62 s against 17 s alone, past the default 60 s once.
test.describe.configure({ mode: "serial", timeout: 120_000 });

/**
 * Against a document-shaped deployment (the `reference` project) webhook creation reveals no signing secret:
 * the dashboard says so and stores deliveries unverified.
 */
const NO_SECRET = /does not reveal|not reveal(ed)? a signing secret|without a signing secret|unverified/i;

/** Light and dark screenshots of the current page. */
async function screens(page: Page, name: string) {
  // Colours transition for 150 ms after the scheme changes.
  await page.emulateMedia({ colorScheme: "light" });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
}

let inboxUrl = "";

test("deliver to this dashboard: chat events arrive verified in the inbox", async ({ signedIn: page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  // The reference project's server already holds the webhooks of its earlier specs (reference-screens): no empty state.
  if (!isReference()) {
    await expect(page.getByText("No webhooks yet")).toBeVisible();
    await screens(page, "webhooks-empty");
  }

  await page.getByTestId("deliver-to-dashboard").click();
  await expect(page).toHaveURL(/\/inbox\/inbox_[^/]+$/);
  inboxUrl = page.url();
  await expect(page.getByText("Waiting for the first delivery")).toBeVisible();
  if (isReference()) await expect(page.getByText(NO_SECRET).first()).toBeVisible();
  else await expect(page.getByText(/Signing secret attached/)).toBeVisible();
  await screens(page, "inbox-empty");

  // A chat, created from the chats page.
  await page.goto("/chats");
  await page.getByTestId("new-chat-form").getByTestId("composer").fill("A tiny guestbook page");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/]+$/);
  const chatId = decodeURIComponent(page.url().split("/").at(-1)!);
  const assistant = page.locator('[data-testid="message"][data-role="assistant"]').first();
  await expect(assistant.locator('[data-testid="part"][data-kind="text"]')).toBeVisible({ timeout: 30_000 });

  // The inbox, live: no reload needed once open.
  await page.goto(inboxUrl);
  const deliveries = page.getByTestId("inbox-delivery");
  for (const type of ["chat.created", "message.created", "message.finished"]) {
    await expect(page.locator(`[data-testid="inbox-delivery"][data-type="${type}"]`).first()).toBeVisible({
      timeout: 30_000,
    });
  }
  const count = await deliveries.count();
  for (let i = 0; i < count; i++) {
    await expect(deliveries.nth(i)).toHaveAttribute("data-verified", isReference() ? "false" : "true");
  }
  await expect(deliveries.first()).toHaveAttribute("data-type", "message.finished");
  const created = page.locator('[data-testid="inbox-delivery"][data-type="chat.created"]');
  await expect(created.getByTestId("inbox-chat-link")).toHaveAttribute("href", `/chats/${chatId}`);
  await created.getByText("Payload").click();
  await expect(created.locator("pre")).toContainText(`"type": "chat.created"`);
  await screens(page, "inbox-deliveries");

  // Pushed, not polled: the page follows the server's event stream and asks for deliveries when told
  // (polling every 1.5 s would ask 2–3 times in 4 s; the 15 s backstop at most once).
  await expect(page.getByTestId("inbox-live")).toHaveAttribute("data-mode", "push");
  const asked: string[] = [];
  page.on("request", (r) => {
    if (/\/api\/inbox-admin\/[^/]+\/deliveries/.test(r.url())) asked.push(r.url());
  });
  await page.waitForTimeout(4_000);
  expect(asked.length).toBeLessThanOrEqual(1);

  // More events while the page is open appear without a reload.
  const before = await deliveries.count();
  await page.evaluate(async (id) => {
    await fetch(`/api/service/v2/chats/${id}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "Add a footer" }),
    });
  }, chatId);
  await expect.poll(() => deliveries.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 3);
  expect(asked.some((url) => /[?&]after=\d+/.test(url))).toBe(true);

  // The inboxes page lists it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByTestId("inbox-row")).toHaveCount(1);
  await screens(page, "inboxes");

  // The webhook's page lists its deliveries with their attempts.
  await page.goto("/webhooks");
  // Only rows of this spec are counted: the reference project's server also holds reference-screens' webhook.
  const row = page.getByTestId("webhook-row").filter({ hasText: "this dashboard" });
  await expect(row).toHaveCount(1);
  await row.getByTestId("webhook-name").click();
  await expect(page).toHaveURL(/\/webhooks\/hook_/);
  await expect(page.getByTestId("webhook-url")).toContainText(`${baseURL()}/api/inbox/`);
  await expect(page.locator('[data-testid="webhook-delivery"][data-status="succeeded"]').first()).toBeVisible();
  await expect(page.getByTestId("attempt").first()).toContainText("200 ok");
  await screens(page, "webhook-detail");
  expect(problems).toEqual([]);
});

test("create, edit and delete a webhook; the secret is shown once", async ({ signedIn: page }) => {
  await page.goto("/webhooks");
  await page.getByTestId("new-webhook").click();
  const dialog = page.getByTestId("create-webhook-dialog");
  await expect(dialog).toBeVisible();
  // Validation first.
  await dialog.getByRole("button", { name: "Create webhook" }).click();
  await expect(dialog.getByTestId("field-error-webhook-name")).toBeVisible();
  await expect(dialog.getByTestId("field-error-events")).toBeVisible();
  await screens(page, "webhook-create-errors");

  await dialog.getByLabel("Name").fill("Audit log");
  // Nothing listens on the discard port: attempts are recorded as failures.
  await dialog.getByLabel("URL", { exact: true }).fill("http://127.0.0.1:9/hook");
  await dialog.getByRole("checkbox", { name: /chat\.created/ }).check();
  await dialog.getByRole("checkbox", { name: /chat\.deleted/ }).check();
  await dialog.getByRole("button", { name: "Create webhook" }).click();

  const secret = page.getByTestId("webhook-secret");
  let secretText: string | null = null;
  if (isReference()) {
    // The document's Webhook has no secret: nothing to show once, and nothing leaks into the page.
    await expect(page.locator('[data-testid="webhook-row"]', { hasText: "Audit log" })).toBeVisible();
    await expect(secret).toHaveCount(0);
    expect(await page.content()).not.toMatch(/whsec_/);
  } else {
    await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]+$/);
    secretText = (await secret.textContent())!;
    await expect(page.getByTestId("webhook-secret-dialog")).toContainText("You won't see this secret again");
    await screens(page, "webhook-secret");
    await page.keyboard.press("Escape");
    await expect(secret).toBeVisible();
    await page.getByRole("button", { name: "I have stored the secret" }).click();
    await expect(secret).toBeHidden();
  }

  const row = page.locator('[data-testid="webhook-row"]', { hasText: "Audit log" });
  await expect(row).toContainText("chat.deleted");
  await page.reload();
  await expect(row).toBeVisible();
  if (secretText) expect(await page.content()).not.toContain(secretText);
  await screens(page, "webhooks-list");

  await row.getByRole("button", { name: "Edit Audit log" }).click();
  const edit = page.getByTestId("edit-webhook-dialog");
  await edit.getByLabel("Name").fill("Audit trail");
  await edit.getByRole("checkbox", { name: /message\.finished/ }).check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  const renamed = page.locator('[data-testid="webhook-row"]', { hasText: "Audit trail" });
  await expect(renamed).toContainText("message.finished");

  await renamed.getByRole("button", { name: "Delete Audit trail" }).click();
  const confirm = page.getByTestId("delete-webhook-dialog");
  await expect(confirm.getByRole("button", { name: "Delete webhook" })).toBeDisabled();
  await confirm.getByLabel(/to confirm/).fill("Audit trail");
  await screens(page, "webhook-delete");
  await confirm.getByRole("button", { name: "Delete webhook" }).click();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByTestId("webhook-row").filter({ hasText: "this dashboard" })).toHaveCount(1);
});
