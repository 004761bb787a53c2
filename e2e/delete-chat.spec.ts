import { E2E_BASE_URL, E2E_SERVICE_API_KEY, SCREENS_DIR, expect, svc, test } from "./fixtures";

test("delete a chat from its Details tab: typed title, gone from the lists and the service", async ({
  signedIn: page,
  request,
}) => {
  const { chat } = await svc<{ chat: { id: string; title: string | null } }>(request, "POST", "/v2/chats", {
    message: "A tide table for harbour pilots /fast",
  });
  const { chat: other } = await svc<{ chat: { id: string } }>(request, "POST", "/v2/chats", {
    message: "A kite festival schedule /fast",
  });
  const title = chat.title!;
  expect(title).toBeTruthy();

  await page.goto(`/chats/${encodeURIComponent(chat.id)}?tab=details`);
  const section = page.getByTestId("delete-chat-section");
  await section.getByTestId("delete-chat-button").click();
  const dialog = page.getByTestId("delete-chat-dialog");
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Delete chat" });
  await expect(confirm).toBeDisabled();
  // A wrong name keeps it disabled, and Enter does nothing then.
  const input = dialog.getByLabel(/to confirm/);
  await expect(input).toBeFocused();
  await input.fill(`${title} x`);
  await expect(confirm).toBeDisabled();
  await input.press("Enter");
  await expect(dialog).toBeVisible();
  // Cancel changes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await svc(request, "GET", `/v2/chats/${encodeURIComponent(chat.id)}`);

  await section.getByTestId("delete-chat-button").click();
  await expect(dialog.getByLabel(/to confirm/)).toHaveValue("");
  await dialog.getByLabel(/to confirm/).fill(title);
  await page.screenshot({ path: `${SCREENS_DIR}/delete-chat-dialog.png` });
  await dialog.getByRole("button", { name: "Delete chat" }).click();

  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByText(`Deleted ${title}`)).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Main" });
  await expect(sidebar.getByRole("link", { name: title })).toHaveCount(0);
  await expect(page.locator(`[data-chat-id="${chat.id}"]`)).toHaveCount(0);

  // The service no longer has it; the other chat is untouched.
  const gone = await request.get(`${E2E_BASE_URL}/svc/v2/chats/${encodeURIComponent(chat.id)}`, {
    headers: { authorization: `Bearer ${E2E_SERVICE_API_KEY}` },
  });
  expect(gone.status()).toBe(404);
  await svc(request, "GET", `/v2/chats/${encodeURIComponent(other.id)}`);

  // Back to its address: the page says it is not there.
  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);
  await expect(page.getByText("This chat could not be opened")).toBeVisible();
});
