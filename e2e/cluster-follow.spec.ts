import { expect, test } from "./fixtures";
import { E2E_CLUSTER_A_URL, E2E_CLUSTER_B_URL, E2E_SERVICE_API_KEY } from "./fixtures";

type StoredMessage = { id: string; finishReason: string | null; parts: { type: string }[] };
const auth = { authorization: `Bearer ${E2E_SERVICE_API_KEY}` };

/**
 * Two instances on one PostgreSQL database: instance A generates an answer; the browser, on instance B,
 * opens the chat and follows the answer live (B's resume stream, fed by A's progress notifications) to its end.
 */
test("the browser follows a generation through the instance that is not generating", async ({
  signedIn: page,
  request,
}) => {
  // Paced so that the answer is still being written once the page on B has loaded, under the load of three browser
  // runs side by side (at 200 ms per step it had ended before a loaded machine showed the page).
  test.setTimeout(150_000);
  const started = await request.post(`${E2E_CLUSTER_A_URL}/svc/v2/chats/async`, {
    headers: auth,
    data: { message: "A tide clock /pace 700" },
  });
  expect(started.status()).toBe(202);
  const { chatId, messageId } = (await started.json()) as { chatId: string; messageId: string };

  const polls: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && r.url().includes(`/messages/${messageId}`)) polls.push(r.url());
  });
  const resumed = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(`/chats/${chatId}/resume`));
  await page.goto(`/chats/${encodeURIComponent(chatId)}`);
  await resumed;
  const answer = page.locator(`[data-testid="message"][data-message-id="${messageId}"]`);
  await expect(answer).toHaveAttribute("data-streaming", "true");
  const parts = answer.locator('[data-testid="part"]');
  const seenWhileStreaming = await parts.count();
  await expect(answer).not.toHaveAttribute("data-streaming", "true", { timeout: 100_000 });

  // B reads what A stored: the page shows exactly the stored parts, more than when it began following.
  const stored = (await (
    await request.get(`${E2E_CLUSTER_B_URL}/svc/v2/chats/${chatId}/messages/${messageId}`, { headers: auth })
  ).json()) as StoredMessage;
  expect(stored.finishReason).toBe("stop");
  await expect(parts).toHaveCount(stored.parts.length);
  expect(stored.parts.length).toBeGreaterThan(seenWhileStreaming);
  const kinds = await parts.evaluateAll((els) => els.map((e) => e.getAttribute("data-kind")));
  expect(kinds).toEqual(stored.parts.map((p) => p.type));
  // Followed by the stream, not by polling the message.
  expect(polls.length).toBeLessThanOrEqual(1);
});
