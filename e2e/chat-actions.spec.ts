import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { SCREENS_DIR, expect, svc, test } from "./fixtures";

type ChatAnswer = { chat: { id: string; title: string | null } };
type FilesAnswer = { files: { path: string; content: string; encoding: "utf8" | "base64" }[] };

test("Download all saves the service's .zip: every file, byte for byte", async ({ signedIn: page, request }) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", {
    message: "A lighthouse gallery /image /fast",
  });
  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);
  const button = page.getByTestId("download-zip");
  await expect(button).toBeVisible({ timeout: 15_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toBe(`${chat.title!.replace(/\s+/g, "-")}.zip`);
  await expect(button).toHaveAttribute("data-source", "service");

  const entries = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const { files } = await svc<FilesAnswer>(request, "GET", `/v2/chats/${chat.id}/files`);
  expect(Object.keys(entries).sort()).toEqual(files.map((f) => f.path).sort());
  for (const f of files)
    expect(
      Buffer.from(entries[f.path]!).equals(Buffer.from(f.content, f.encoding === "base64" ? "base64" : "utf8")),
    ).toBe(true);
});

test("Duplicate in Details opens a copy with the same messages and files", async ({ signedIn: page, request }) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", { message: "A tide almanac /fast" });
  await page.goto(`/chats/${encodeURIComponent(chat.id)}?tab=details`);
  const section = page.getByTestId("duplicate-chat-section");
  await expect(section).toBeVisible();
  await section.getByTestId("duplicate-title").fill("Almanac, take two");
  await section.getByTestId("duplicate-privacy").selectOption("team");
  await section.getByTestId("duplicate-chat-button").click();

  await expect(page.getByTestId("chat-title")).toHaveText("Almanac, take two");
  const copyId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  expect(copyId).not.toBe(chat.id);
  await expect(page.locator('[data-testid="message"]')).toHaveCount(2);
  await expect(
    page.getByRole("list", { name: "Recent chats" }).getByRole("link", { name: "Almanac, take two" }),
  ).toBeVisible();

  const original = await svc<FilesAnswer>(request, "GET", `/v2/chats/${chat.id}/files`);
  const copy = await svc<FilesAnswer>(request, "GET", `/v2/chats/${copyId}/files`);
  expect(copy.files).toEqual(original.files);
  const stored = await svc<{ privacy: string }>(request, "GET", `/v2/chats/${copyId}`);
  expect(stored.privacy).toBe("team");
});

test("Restore these files: a confirmation lists the changes, then the files are as that answer left them", async ({
  signedIn: page,
  request,
}) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", { message: "A tide almanac /fast" });
  const before = await svc<FilesAnswer>(request, "GET", `/v2/chats/${chat.id}/files`);
  await svc(request, "POST", `/v2/chats/${chat.id}/messages`, { message: "Add a moon phase table /fast" });
  const after = await svc<FilesAnswer>(request, "GET", `/v2/chats/${chat.id}/files`);
  expect(after.files).not.toEqual(before.files);

  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);
  const assistants = page.locator('[data-testid="message"][data-role="assistant"]');
  await expect(assistants).toHaveCount(2);
  // Only the earlier answer can be restored: the newest one's files are the current ones.
  await expect(assistants.nth(1).getByTestId("restore-files")).toHaveCount(0);
  await assistants.first().getByTestId("restore-files").click();
  const dialog = page.getByTestId("restore-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("restore-changes").locator("li").first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/restore-confirm.png` });
  await dialog.getByTestId("restore-confirm").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Files restored", { exact: true })).toBeVisible();
  await expect(assistants).toHaveCount(3);

  const restored = await svc<FilesAnswer>(request, "GET", `/v2/chats/${chat.id}/files`);
  const byPath = (f: FilesAnswer) => Object.fromEntries(f.files.map((x) => [x.path, x.content]));
  expect(byPath(restored)).toEqual(byPath(before));
});
