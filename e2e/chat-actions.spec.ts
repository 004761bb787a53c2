import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { expect, svc, test } from "./fixtures";

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
