import type { Page } from "@playwright/test";
import { expect, signIn } from "./fixtures";

/** What the hand edit specs share: the chat's rows, a new chat made from the composer, the files the service holds. */
const assistants = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
export const row = (page: Page, path: string) => page.locator(`[data-testid="file-row"][data-path="${path}"]`);

/** Signs in, sends `prompt` from the new chat form and waits for the finished answer; the chat's id. */
export async function newChat(page: Page, prompt: string): Promise<string> {
  await signIn(page);
  await page.getByTestId("new-chat-form").getByTestId("composer").fill(prompt);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/, { timeout: 60_000 });
  await expect(assistants(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(assistants(page).last()).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
}

/** The chat's files as the service holds them (path → content), read through the dashboard's proxy. */
export async function serverFiles(page: Page, chatId: string): Promise<Map<string, string>> {
  const res = await page.request.get(`/api/service/v2/chats/${chatId}/files`, { maxRetries: 2 });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { files: { path: string; content: string }[] };
  return new Map(body.files.map((f) => [f.path, f.content]));
}
