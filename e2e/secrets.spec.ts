import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { APIResponse, Response } from "@playwright/test";
import { E2E_BASE_URL, E2E_SERVICE_API_KEY, expect, signIn, test } from "./fixtures";

const KEY = E2E_SERVICE_API_KEY;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function headersText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
}

async function expectNoKey(res: Response | APIResponse, what: string) {
  expect(headersText(res.headers()), `${what} headers`).not.toContain(KEY);
  const body = await res.text().catch(() => "");
  expect(body, `${what} body`).not.toContain(KEY);
}

test("the server-held key is in no file under .next/static", () => {
  const files = filesUnder(path.join(process.cwd(), ".next", "static"));
  expect(files.length).toBeGreaterThan(0);
  const leaking = files.filter((f) => readFileSync(f).includes(KEY));
  expect(leaking).toEqual([]);
});

test("the server-held key is in no page HTML and no proxy response", async ({ page }) => {
  const responses: Response[] = [];
  page.on("response", (res) => {
    if (res.url().startsWith(E2E_BASE_URL)) responses.push(res);
  });
  await signIn(page);

  // Create a chat by streaming through the UI: every page, chunk and proxy response of the flow is checked.
  await page.getByTestId("new-chat-form").getByTestId("composer").fill("A tiny landing page");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/]+$/);
  const chatId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  const assistant = page.locator('[data-testid="message"][data-role="assistant"]').first();
  await expect(assistant.locator('[data-testid="part"][data-kind="text"]')).toBeVisible({ timeout: 30_000 });
  await expect(assistant).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  await page.reload();
  await expect(page.getByTestId("chat-title")).toBeVisible();

  for (const res of responses) {
    if (res.status() >= 300 && res.status() < 400) continue;
    await expectNoKey(res, res.url());
  }
  expect(responses.some((r) => r.url().includes("/api/service/"))).toBe(true);

  // Page HTML as served.
  for (const url of [
    "/sign-in",
    "/chats",
    `/chats/${encodeURIComponent(chatId)}`,
    "/settings",
    "/mcp-servers",
    "/webhooks",
  ]) {
    const res = await page.request.get(url);
    expect(res.status()).toBe(200);
    await expectNoKey(res, `page ${url}`);
  }

  // Every proxied read, a streamed send, and error answers.
  const messages = await page.request.get(`/api/service/v2/chats/${encodeURIComponent(chatId)}/messages`);
  const reads = [
    "/api/service/v2/chats",
    `/api/service/v2/chats/${encodeURIComponent(chatId)}`,
    `/api/service/v2/chats/${encodeURIComponent(chatId)}/messages`,
    `/api/service/v2/chats/${encodeURIComponent(chatId)}/files`,
    `/api/service/v2/chats/${encodeURIComponent(chatId)}/preview`,
    "/api/service/v2/chats/does-not-exist",
    "/api/service/v2/not-a-route",
  ];
  const { messages: list } = (await messages.json()) as { messages: { id: string }[] };
  reads.push(`/api/service/v2/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(list[0]!.id)}`);
  for (const url of reads) await expectNoKey(await page.request.get(url), url);

  const origin = { origin: E2E_BASE_URL };
  const stream = await page.request.post(`/api/service/v2/chats/${encodeURIComponent(chatId)}/messages/stream`, {
    headers: origin,
    data: { message: "Make the heading larger" },
  });
  expect(stream.status()).toBe(200);
  expect(stream.headers()["content-type"]).toContain("text/event-stream");
  await expectNoKey(stream, "stream");
  await expectNoKey(await page.request.post("/api/service/v2/chats", { headers: origin, data: {} }), "422 answer");
});
