import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_BASE_URL, E2E_SERVICE_API_KEY, SCREENS_DIR, expect, signIn, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

/** A chat made directly on the embedded service (setup, not the browser); its generated title is "Quokka habitat planner". */
async function createChat(request: APIRequestContext, message: string): Promise<string> {
  const res = await request.post(`${E2E_BASE_URL}/svc/v2/chats`, {
    headers: { authorization: `Bearer ${E2E_SERVICE_API_KEY}` },
    data: { message },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { chat: { id: string } }).chat.id;
}

const switcher = (page: Page) => page.getByTestId("quick-switcher");

let chatId = "";

test("Ctrl+K opens the switcher anywhere; typing finds a chat and Enter opens it", async ({ page, request }) => {
  chatId = await createChat(request, "Build a quokka habitat planner with a map");
  await signIn(page);
  await page.goto("/webhooks");
  await page.keyboard.press("Control+K");
  await expect(switcher(page)).toBeVisible();
  const input = page.getByTestId("quick-switcher-input");
  await expect(input).toBeFocused();
  await input.fill("quokka hab");
  const option = switcher(page).getByRole("option", { name: /Quokka habitat planner/ });
  await expect(option).toHaveAttribute("aria-selected", "true");
  await page.screenshot({ path: `${SCREENS_DIR}/quick-switcher.png` });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/chats/${encodeURIComponent(chatId)}$`));
  await expect(switcher(page)).toHaveCount(0);
  await expect(page.getByTestId("chat-title")).toHaveText("Quokka habitat planner");
});

test("`/` opens the switcher where a page has no search field; Esc closes it and focus returns", async ({ page }) => {
  await signIn(page);
  await page.goto("/mcp-servers");
  const button = page.getByTestId("quick-switcher-button");
  await button.focus();
  await page.keyboard.press("/");
  await expect(switcher(page)).toBeVisible();
  await expect(page.getByTestId("quick-switcher-input")).toBeFocused();
  await expect(page.getByTestId("quick-switcher-input")).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(switcher(page)).toHaveCount(0);
  await expect(button).toBeFocused();
  // The sidebar button opens it too; Ctrl+K again closes it.
  await button.click();
  await expect(switcher(page)).toBeVisible();
  await page.keyboard.press("Control+K");
  await expect(switcher(page)).toHaveCount(0);
});

test("`/` focuses the files filter when the files panel shows; typing `/` in the composer stays text", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/chats/${encodeURIComponent(chatId)}?tab=files`);
  const filter = page.getByTestId("file-filter");
  await expect(filter).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("/");
  await expect(filter).toBeFocused();
  await expect(switcher(page)).toHaveCount(0);

  const composer = page.getByTestId("composer");
  await composer.click();
  await page.keyboard.type("/slow");
  await expect(composer).toHaveValue("/slow");
  await expect(switcher(page)).toHaveCount(0);
});

test("“New chat” goes to the new-chat prompt and focuses it", async ({ page }) => {
  await signIn(page);
  await page.goto(`/chats/${encodeURIComponent(chatId)}`);
  await page.keyboard.press("Control+K");
  await page.getByTestId("quick-switcher-input").fill("new");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByTestId("new-chat-form").getByTestId("composer")).toBeFocused();
});

test("on a narrow screen the top bar's search button opens it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.getByTestId("quick-switcher-icon-button").click();
  await page.getByTestId("quick-switcher-input").fill("quokka");
  await expect(switcher(page).getByRole("option", { name: /Quokka habitat planner/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/quick-switcher-narrow.png` });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/chats/${encodeURIComponent(chatId)}$`));
});
