import { SCREENS_DIR, expect, svc, test } from "./fixtures";

type AsyncRef = { chatId: string; messageId: string };
type StoredMessage = { finishReason: string | null; parts: { type: string }[] };

const assistant = (page: import("@playwright/test").Page) =>
  page.locator('[data-testid="message"][data-role="assistant"]');

test("Stop ends a generating answer opened from elsewhere: it keeps what it had and the composer sends again", async ({
  signedIn: page,
  request,
}) => {
  const { chatId, messageId } = await svc<AsyncRef>(request, "POST", "/v2/chats/async", {
    message: "A harbour tide table /pace 250",
  });
  await page.goto(`/chats/${encodeURIComponent(chatId)}`);
  const stop = page.getByTestId("stop-button");
  await expect(stop).toBeEnabled();
  await expect(page.getByTestId("send-button")).toHaveCount(0);
  await expect(assistant(page).locator('[data-testid="part"]').first()).toBeVisible({ timeout: 30_000 });

  await stop.click();
  await expect(page.getByText("Stopped", { exact: true })).toBeVisible();
  await expect(assistant(page)).not.toHaveAttribute("data-streaming", "true");
  await expect(page.getByTestId("send-button")).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/chat-stopped.png` });

  const stored = await svc<StoredMessage>(request, "GET", `/v2/chats/${chatId}/messages/${messageId}`);
  expect(stored.finishReason).toBe("stop");
  await expect(assistant(page).locator('[data-testid="part"]')).toHaveCount(stored.parts.length);
  // The same prompt answered in full has more parts: the stopped one never got to its end.
  const full = await svc<{ chat: { id: string } }>(request, "POST", "/v2/chats", {
    message: "A harbour tide table /fast",
  });
  const answers = await svc<{ messages: StoredMessage[] }>(request, "GET", `/v2/chats/${full.chat.id}/messages`);
  expect(stored.parts.length).toBeLessThan(answers.messages[0]!.parts.length);

  const composer = page.getByTestId("composer");
  await composer.fill("Add a footer /fast");
  await composer.press("Enter");
  await expect(assistant(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(assistant(page).nth(1)).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
});

test("Esc in the composer stops a streamed follow-up", async ({ signedIn: page, request }) => {
  const { chat } = await svc<{ chat: { id: string } }>(request, "POST", "/v2/chats", {
    message: "A ferry timetable /fast",
  });
  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);
  await expect(assistant(page)).toHaveCount(1);
  const composer = page.getByTestId("composer");
  await composer.fill("Add the winter schedule /pace 250");
  await composer.press("Enter");
  await expect(assistant(page)).toHaveCount(2, { timeout: 30_000 });
  const second = assistant(page).nth(1);
  await expect(second).toHaveAttribute("data-streaming", "true");
  await expect(page.getByTestId("stop-button")).toBeEnabled();
  await composer.press("Escape");
  await expect(second).not.toHaveAttribute("data-streaming", "true", { timeout: 10_000 });
  await expect(page.getByText("Stopped", { exact: true })).toBeVisible();
  const id = await second.getAttribute("data-message-id");
  const stored = await svc<StoredMessage>(request, "GET", `/v2/chats/${chat.id}/messages/${id}`);
  expect(stored.finishReason).toBe("stop");
});
