import { expect, svc, test } from "./fixtures";

type StoredMessage = { id: string; finishReason: string | null; parts: { type: string }[] };

test("a reload during a streamed answer resumes it: no gap, no duplicate parts, no polling", async ({
  signedIn: page,
  request,
}) => {
  const { chat } = await svc<{ chat: { id: string } }>(request, "POST", "/v2/chats", { message: "A sundial /fast" });
  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);
  const assistant = page.locator('[data-testid="message"][data-role="assistant"]');
  await expect(assistant).toHaveCount(1);
  const composer = page.getByTestId("composer");
  // Paced slowly enough that the reload, even on a loaded machine, lands while the answer still streams.
  await composer.fill("Add a moon phase dial /pace 600");
  await composer.press("Enter");
  const second = assistant.nth(1);
  await expect(second.locator('[data-testid="part"]').nth(1)).toBeVisible({ timeout: 30_000 });
  const messageId = await second.getAttribute("data-message-id");

  const polls: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && r.url().includes(`/messages/${messageId}`)) polls.push(r.url());
  });
  const resumed = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(`/chats/${chat.id}/resume`));
  await page.reload();
  await resumed;
  await expect(second).toHaveAttribute("data-streaming", "true");
  await expect(second).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });

  const stored = await svc<StoredMessage>(request, "GET", `/v2/chats/${chat.id}/messages/${messageId}`);
  expect(stored.finishReason).toBe("stop");
  await expect(second.locator('[data-testid="part"]')).toHaveCount(stored.parts.length);
  const kinds = await second
    .locator('[data-testid="part"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-kind")));
  expect(kinds).toEqual(stored.parts.map((p) => p.type));
  // Followed by the stream alone (a poll of the message would show here).
  expect(polls.length).toBeLessThanOrEqual(1);
});
