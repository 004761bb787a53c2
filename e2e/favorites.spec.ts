import { SCREENS_DIR, expect, svc, test } from "./fixtures";

type ChatAnswer = { chat: { id: string; title: string | null } };

test("Favorite in the chat header and on a chats-list row: the sidebar's Favorites group follows", async ({
  signedIn: page,
  request,
}) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", { message: "A heron field guide /fast" });
  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);
  const header = page.locator("header").filter({ has: page.getByTestId("chat-title") });
  const toggle = header.getByRole("button", { name: "Favorite" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  // This chat's link (by its address: an earlier attempt's chat may have the same title).
  const link = page.getByRole("list", { name: "Favorites" }).locator(`a[href="/chats/${chat.id}"]`);
  await expect(link).toBeVisible();
  // The toggle is optimistic: the service holds the mark once the PUT has been answered.
  await expect
    .poll(async () => (await svc<{ favorite: boolean }>(request, "GET", `/v1/chats/${chat.id}`)).favorite)
    .toBe(true);

  await page.emulateMedia({ colorScheme: "light" });
  await page.screenshot({ path: `${SCREENS_DIR}/favorites-sidebar-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SCREENS_DIR}/favorites-sidebar-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });

  // The row of the chats list shows the same state and unmarks it.
  await page.goto("/chats");
  const row = page.locator("li").filter({ has: page.locator(`[data-chat-id="${chat.id}"]`) });
  const rowToggle = row.getByRole("button", { name: "Favorite" });
  await expect(rowToggle).toHaveAttribute("aria-pressed", "true");
  await rowToggle.click();
  await expect(rowToggle).toHaveAttribute("aria-pressed", "false");
  await expect(link).toHaveCount(0);
  await expect
    .poll(async () => (await svc<{ favorite: boolean }>(request, "GET", `/v1/chats/${chat.id}`)).favorite)
    .toBe(false);
});

test("A refused favorite goes back: the toggle and the sidebar show what the service holds", async ({
  signedIn: page,
  request,
}) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", { message: "A kestrel almanac /fast" });
  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);
  const toggle = page
    .locator("header")
    .filter({ has: page.getByTestId("chat-title") })
    .getByRole("button", { name: "Favorite" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  // The chat is deleted behind the page's back: the service answers 404 and the optimistic mark is rolled back.
  await svc(request, "DELETE", `/v2/chats/${chat.id}`);
  await toggle.click();
  await expect(page.getByText("Could not change the favorite")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("list", { name: "Favorites" }).getByRole("link", { name: chat.title! })).toHaveCount(0);
});
