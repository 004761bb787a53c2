import type { Page } from "@playwright/test";
import { SCREENS_DIR, expect, svc, test } from "./fixtures";

/**
 * Screens of the dashboard driven through the reference upstream (the `reference` project only): the chat page
 * after a streamed answer, the webhooks page and the MCP servers page, light, into test-results/screens/reference-*.png.
 * The checks are soft: the screenshot is taken whatever the page shows, so a failure can be looked at.
 */

async function shoot(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: "light" });
  await page.waitForTimeout(300); // colour transitions
  await page.screenshot({ path: `${SCREENS_DIR}/reference-${name}.png`, fullPage: true });
}

test("chat page after a streamed answer", async ({ signedIn: page }) => {
  test.setTimeout(150_000);
  await page.getByTestId("new-chat-form").getByTestId("composer").fill("A recipe card with ingredients and steps");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/]+$/);
  const assistant = page.locator('[data-testid="message"][data-role="assistant"]').first();
  await expect.soft(assistant.locator('[data-testid="part"][data-kind="text"]')).toBeVisible({ timeout: 30_000 });
  await expect.soft(assistant).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  await shoot(page, "chat");
  if ((await assistant.getAttribute("data-streaming")) === "true") return; // the first answer never finished: no follow-up

  // A follow-up: the send stream (message snapshots and plain deltas, no chat events).
  await page.getByTestId("composer").fill("Add a print button");
  await page.getByTestId("send-button").click();
  const second = page.locator('[data-testid="message"][data-role="assistant"]').nth(1);
  await expect.soft(second.locator('[data-testid="part"][data-kind="text"]')).toBeVisible({ timeout: 30_000 });
  await expect.soft(second).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  await shoot(page, "chat-follow-up");
});

test("webhooks page", async ({ signedIn: page, request }) => {
  await svc(request, "POST", "/v2/hooks", {
    name: "Reference audit",
    url: "https://hooks.example.test/atelier",
    events: ["chat.created", "message.finished"],
  });
  await page.goto("/webhooks");
  await expect.soft(page.getByTestId("webhook-row").filter({ hasText: "Reference audit" })).toBeVisible();
  await shoot(page, "webhooks");
});

test("MCP servers page", async ({ signedIn: page, request }) => {
  await svc(request, "POST", "/v2/mcp-servers", {
    name: "Reference docs",
    url: "https://mcp.example.test/mcp",
    enabled: true,
    auth: "none",
  });
  await page.goto("/mcp-servers");
  await expect.soft(page.getByTestId("mcp-server-row").filter({ hasText: "Reference docs" })).toBeVisible();
  await shoot(page, "mcp-servers");
});
