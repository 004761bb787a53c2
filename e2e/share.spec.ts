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

/**
 * The team's default privacy (Settings → General, admins): a chat made afterwards from the new-chat form, its privacy
 * left as the form shows it, has that privacy.
 */
test("an admin sets the team's default privacy in Settings; a new chat made afterwards has it", async ({
  signedIn: page,
  request,
}) => {
  const stored = async () => (await svc<{ privacy: string }>(request, "GET", "/v2/settings/default-privacy")).privacy;
  try {
    await page.goto("/settings");
    const section = page.getByTestId("settings-default-privacy");
    await expect(section.getByTestId("default-privacy-private")).toBeChecked();
    await section.getByTestId("default-privacy-team").click();
    await expect(section.getByTestId("default-privacy-team")).toBeChecked();
    await expect.poll(stored).toBe("team");
    await section.screenshot({ path: `${SCREENS_DIR}/default-privacy.png` });
    await page.emulateMedia({ colorScheme: "dark" });
    await section.screenshot({ path: `${SCREENS_DIR}/default-privacy-dark.png` });
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
    await section.screenshot({ path: `${SCREENS_DIR}/default-privacy-390.png` });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto("/chats");
    const form = page.getByTestId("new-chat-form");
    await expect(form.getByTestId("privacy-select")).toHaveValue("team");
    await form.getByTestId("composer").fill("A harbour tide table /fast");
    await form.getByTestId("composer").press("Enter");
    await expect(page).toHaveURL(/\/chats\/[^/?]+$/);
    const chatId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    expect((await svc<{ privacy: string }>(request, "GET", `/v2/chats/${chatId}`)).privacy).toBe("team");
    await expect(page.getByTestId("share-button")).toHaveAccessibleName("Share: team");
  } finally {
    await svc(request, "PUT", "/v2/settings/default-privacy", { privacy: "private" });
  }
});

test("the sidebar lists every public chat under Public, folds it, and marks shared chats", async ({
  signedIn: page,
  request,
}) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", {
    message: "A moon phase dial /fast",
    privacy: "public",
  });
  const title = chat.title!;
  await page.goto("/chats");
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  const group = sidebar.getByTestId("sidebar-public");
  await expect(group.getByTestId("sidebar-public-list").getByRole("link", { name: title })).toBeVisible();
  // The recent chats mark it as shared.
  await expect(
    sidebar.getByRole("list", { name: "Recent chats" }).getByRole("link", { name: `${title} (public)` }),
  ).toBeVisible();
  await sidebar.screenshot({ path: `${SCREENS_DIR}/sidebar-public.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await sidebar.screenshot({ path: `${SCREENS_DIR}/sidebar-public-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });

  // Folded, and still folded after a reload (remembered in the browser).
  await group.getByTestId("sidebar-public-toggle").click();
  await expect(group.getByTestId("sidebar-public-toggle")).toHaveAttribute("aria-expanded", "false");
  await expect(group.getByTestId("sidebar-public-list")).toBeHidden();
  await page.reload();
  await expect(group.getByTestId("sidebar-public-toggle")).toHaveAttribute("aria-expanded", "false");
  await group.getByTestId("sidebar-public-toggle").click();
  await expect(group.getByTestId("sidebar-public-list")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open menu" }).click();
  // The drawer slides in: shot once it is all in.
  await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
  await expect(group.getByTestId("sidebar-public-list")).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `${SCREENS_DIR}/sidebar-public-390.png` });
});
