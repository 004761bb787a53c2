import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { SCREENS_DIR, expect, svc, test } from "./fixtures";

const row = (page: Page, p: string) => page.locator(`[data-testid="file-row"][data-path="${p}"]`);

/** A project folder as a user has it: sources, dependencies, VCS data and a binary image. */
function projectFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "atelier-import-"));
  const site = path.join(dir, "harbour-site");
  for (const d of ["css", "node_modules/left-pad", ".git"]) mkdirSync(path.join(site, d), { recursive: true });
  writeFileSync(path.join(site, "index.html"), "<!doctype html>\n<title>Harbour</title>\n<h1>Harbour tours</h1>\n");
  writeFileSync(path.join(site, "css/main.css"), "body { color: navy; }\n");
  writeFileSync(path.join(site, "node_modules/left-pad/index.js"), "module.exports = 1;\n");
  writeFileSync(path.join(site, ".git/HEAD"), "ref: refs/heads/main\n");
  writeFileSync(
    path.join(site, "logo.png"),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  );
  return site;
}

test("import a folder: dependencies and binaries are skipped, the chat opens with the files, a prompt builds on them", async ({
  signedIn: page,
  request,
}) => {
  const folder = projectFolder();
  try {
    await page.getByTestId("import-files").click();
    const dialog = page.getByTestId("import-files-dialog");
    await expect(dialog.getByTestId("import-submit")).toBeDisabled();
    await dialog.getByTestId("import-folder-input").setInputFiles(folder);

    const summary = dialog.getByTestId("import-summary");
    await expect(summary).toContainText("2 files to import");
    await expect(summary).toContainText("3 skipped");
    await expect(dialog.getByRole("list", { name: "Files to import" }).getByRole("listitem")).toHaveText([
      "css/main.css",
      "index.html",
    ]);
    await dialog.getByText("Skipped (3)").click();
    const skipped = dialog.getByTestId("import-skipped");
    await expect(skipped).toContainText("logo.png: not a text file");
    await expect(skipped).toContainText("node_modules/left-pad/index.js: dependencies or tool data");
    await dialog.getByLabel(/What is this code/).fill("Harbour tours marketing site");
    await page.screenshot({ path: `${SCREENS_DIR}/import-files-dialog.png` });
    await dialog.getByRole("button", { name: "Import 2 files" }).click();

    await expect(page).toHaveURL(/\/chats\/chat_[^/?]+/);
    const chatId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);
    await expect(page.getByTestId("chat-title")).toContainText("Harbour tours");
    await expect(row(page, "index.html")).toBeVisible();
    await expect(row(page, "css/main.css")).toBeAttached();
    await expect(row(page, "logo.png")).toHaveCount(0);
    await row(page, "index.html").click();
    await expect(page.getByTestId("code-view")).toContainText("Harbour tours");

    // The service holds exactly those files, and the chat has no message yet.
    const files = await svc<{ files: { path: string; content: string }[] }>(
      request,
      "GET",
      `/v2/chats/${chatId}/files`,
    );
    expect(files.files.map((f) => f.path).sort()).toEqual(["css/main.css", "index.html"]);
    expect(files.files.find((f) => f.path === "css/main.css")?.content).toBe("body { color: navy; }\n");

    // A prompt naming one of them: the agent answers in the same chat and updates that file.
    await page.getByTestId("composer").fill("Update css/main.css with a footer style");
    await page.getByTestId("send-button").click();
    const assistant = page.locator('[data-testid="message"][data-role="assistant"]');
    await expect(assistant).toHaveCount(1, { timeout: 30_000 });
    await expect(assistant).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
    const after = await svc<{ files: { path: string; content: string }[] }>(
      request,
      "GET",
      `/v2/chats/${chatId}/files`,
    );
    const css = after.files.find((f) => f.path === "css/main.css")?.content ?? "";
    expect(css.startsWith("body { color: navy; }")).toBe(true);
    expect(css).toContain("/* Updated for: Update css/main.css with a footer style */");
    // The agent built on the imported site: no app of its own written over it or beside it.
    expect(after.files.map((f) => f.path).sort()).toEqual(["css/main.css", "index.html"]);
    expect(after.files.find((f) => f.path === "index.html")?.content).toBe(
      files.files.find((f) => f.path === "index.html")?.content,
    );
    await expect(assistant).toContainText("I updated your imported project");
    await page.screenshot({ path: `${SCREENS_DIR}/import-files-chat.png` });
  } finally {
    rmSync(path.dirname(folder), { recursive: true, force: true });
  }
});

test("a pick the service would refuse is refused before sending: over 1,000 files", async ({ signedIn: page }) => {
  await page.getByTestId("import-files").click();
  const dialog = page.getByTestId("import-files-dialog");
  const many = Array.from({ length: 1001 }, (_, i) => ({
    name: `f${i}.txt`,
    mimeType: "text/plain",
    buffer: Buffer.from(`${i}\n`),
  }));
  await dialog.getByTestId("import-files-input").setInputFiles(many);
  await expect(dialog.getByTestId("import-blocked")).toContainText("1001 files: a chat holds at most 1000");
  await expect(dialog.getByTestId("import-submit")).toBeDisabled();
});

test("files dropped on the dialog are read like picked ones", async ({ signedIn: page }) => {
  await page.getByTestId("import-files").click();
  const dialog = page.getByTestId("import-files-dialog");
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(["<h1>Dropped</h1>\n"], "index.html", { type: "text/html" }));
    dt.items.add(new File(["body {}\n"], "site.css", { type: "text/css" }));
    dt.items.add(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])], "logo.png", { type: "image/png" }));
    return dt;
  });
  await dialog.getByTestId("import-drop-zone").dispatchEvent("dragover", { dataTransfer });
  await dialog.getByTestId("import-drop-zone").dispatchEvent("drop", { dataTransfer });
  await expect(dialog.getByTestId("import-summary")).toContainText("2 files to import");
  await expect(dialog.getByRole("list", { name: "Files to import" }).getByRole("listitem")).toHaveText([
    "index.html",
    "site.css",
  ]);
  await expect(dialog.getByRole("button", { name: "Import 2 files" })).toBeEnabled();
  // The page is still the dashboard: the browser did not open a dropped file.
  await expect(page).toHaveURL(/\/chats$/);
});

test("a folder dropped on the dialog is walked: its files, without dependencies", async ({ signedIn: page }) => {
  const folder = projectFolder();
  try {
    await page.getByTestId("import-files").click();
    const zone = page.getByTestId("import-files-dialog").getByTestId("import-drop-zone");
    const box = (await zone.boundingBox())!;
    // A real OS-level drag of a directory (Chromium's DevTools protocol), so the folder arrives as a directory entry.
    const cdp = await page.context().newCDPSession(page);
    const at = { x: box.x + box.width - 30, y: box.y + box.height / 2 };
    const data = { items: [], files: [folder], dragOperationsMask: 1 };
    for (const type of ["dragEnter", "dragOver", "drop"] as const)
      await cdp.send("Input.dispatchDragEvent", { type, ...at, data });
    const dialog = page.getByTestId("import-files-dialog");
    await expect(dialog.getByTestId("import-summary")).toContainText("2 files to import");
    await expect(dialog.getByTestId("import-summary")).toContainText("3 skipped");
    await expect(dialog.getByRole("list", { name: "Files to import" }).getByRole("listitem")).toHaveText([
      "css/main.css",
      "index.html",
    ]);
  } finally {
    rmSync(path.dirname(folder), { recursive: true, force: true });
  }
});
