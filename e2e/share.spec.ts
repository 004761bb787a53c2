import { SCREENS_DIR, expect, svc, test } from "./fixtures";

type ChatAnswer = { chat: { id: string; title: string | null } };

/**
 * Share links (issue 40): the author shares a chat from its header, an anonymous browser opens the link and sees the
 * chat, then a follow-up arrive live, then loses it when the author makes the chat private again.
 */
test("share a chat by link: an anonymous visitor sees it live, until it is private again", async ({
  signedIn: page,
  request,
  browser,
}) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", { message: "A lighthouse log /fast" });
  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);

  await page.getByTestId("share-button").click();
  const dialog = page.getByTestId("share-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("share-privacy-private")).toBeChecked();
  await dialog.getByTestId("share-privacy-unlisted").click();
  await expect(dialog.getByTestId("share-privacy-unlisted")).toBeChecked();
  const link = dialog.getByTestId("share-url");
  await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole("button", { name: "Copy link" })).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/share-dialog.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SCREENS_DIR}/share-dialog-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
  const shareUrl = await link.inputValue();

  // Anyone with the link, without signing in (a context of its own: no session cookie).
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  const res = await anon.goto(shareUrl);
  expect(res?.status()).toBe(200);
  await expect(anon.getByTestId("shared-chat-title")).toHaveText(chat.title!);
  await expect(anon.getByTestId("shared-messages")).toContainText("A lighthouse log /fast");
  await expect(anon.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // The page sets no cookie of the dashboard's (the preview's own origin has its handoff cookie, as for anyone).
  expect(await visitor.cookies(shareUrl)).toEqual([]);
  await anon.screenshot({ path: `${SCREENS_DIR}/share-page.png`, fullPage: true });

  // The author sends a follow-up: it arrives on the open page by itself.
  await svc(request, "POST", `/v2/chats/${chat.id}/messages/async`, { message: "Add a tide table" });
  await expect(anon.getByTestId("shared-messages")).toContainText("Add a tide table", { timeout: 20_000 });
  await expect(anon.locator('[data-role="assistant"]')).toHaveCount(2, { timeout: 30_000 });

  await anon.emulateMedia({ colorScheme: "dark" });
  await anon.screenshot({ path: `${SCREENS_DIR}/share-page-dark.png`, fullPage: true });
  await anon.emulateMedia({ colorScheme: "light" });
  await anon.setViewportSize({ width: 390, height: 844 });
  await anon.screenshot({ path: `${SCREENS_DIR}/share-page-390.png`, fullPage: true });

  // Private again: the open page says so, and the link answers 404.
  await dialog.getByTestId("share-privacy-private").click();
  await expect(dialog.getByTestId("share-url")).toHaveCount(0);
  await expect(anon.getByTestId("share-gone")).toBeVisible({ timeout: 20_000 });
  const again = await anon.goto(shareUrl);
  expect(again?.status()).toBe(404);
  await expect(anon.getByTestId("share-gone")).toBeVisible();
  await visitor.close();
});
