import type { Page } from "@playwright/test";
import { SCREENS_DIR, expect, test } from "./fixtures";
import { newChat, row, serverFiles } from "./hand-edit-helpers";

/**
 * The files panel's tree as an editor of the chat's files, against the embedded service: new file, rename/move and
 * delete (toolbar button, context menu, F2, Delete), each one PATCH request, the service's refusal shown by the input;
 * and the guard before leaving unsaved edits (another file, another tab, closing the panel, a link, unloading).
 */
test.describe.configure({ mode: "serial" });

/** The v1 type of the chat's newest message (a hand edit's record says what kind of edit it was). */
async function newestTypeV1(page: Page, chatId: string): Promise<string> {
  const res = await page.request.get(`/api/service/v1/chats/${chatId}/messages`, { maxRetries: 2 });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { type: string }[] }).data[0]!.type;
}

async function shoot(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: "light" });
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
}

test("new file, rename, move and delete from the tree: one request each, the new path selected", async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  const chatId = await newChat(page, "A counter app /fast");
  const patches: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "PATCH" && req.url().endsWith(`/v2/chats/${chatId}/files`)) patches.push(req.postData()!);
  });
  const before = await serverFiles(page, chatId);
  const dialog = page.getByTestId("file-action-dialog");
  const input = dialog.getByTestId("file-action-input");

  // New file: the toolbar's button. A path the service refuses: its 422 issue is shown by the input, nothing changes.
  await page.getByRole("button", { name: "New file", exact: true }).click();
  await expect(dialog).toBeVisible();
  await input.fill("notes\\todo.md");
  await input.press("Enter");
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toContainText("relative path");
  expect(await serverFiles(page, chatId)).toEqual(before);
  await input.fill("notes/todo.md");
  await input.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(row(page, "notes/todo.md")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\?file=notes%2Ftodo\.md$/);
  expect((await serverFiles(page, chatId)).get("notes/todo.md")).toBe("");

  // An existing path is refused before anything is sent.
  await page.getByRole("button", { name: "New file", exact: true }).click();
  await input.fill("app.js");
  await input.press("Enter");
  await expect(dialog).toContainText("There is already a file at app.js");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Rename with F2 on the focused row.
  await row(page, "notes/todo.md").click();
  await page.keyboard.press("F2");
  await expect(input).toHaveValue("notes/todo.md");
  await input.fill("notes/done.md");
  await input.press("Enter");
  await expect(row(page, "notes/done.md")).toHaveAttribute("aria-selected", "true");
  await expect(row(page, "notes/todo.md")).toHaveCount(0);
  expect(await newestTypeV1(page, chatId)).toBe("renamed-file");

  // Move from the context menu.
  await row(page, "styles.css").click({ button: "right" });
  const menu = page.getByTestId("file-context-menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem")).toHaveText(["New file…", "Rename or move…F2", "Delete…Del"]);
  await shoot(page, "tree-context-menu");
  await menu.getByRole("menuitem", { name: /Rename or move/ }).click();
  await input.fill("css/styles.css");
  await input.press("Enter");
  await expect(row(page, "css/styles.css")).toHaveAttribute("aria-selected", "true");
  expect(await newestTypeV1(page, chatId)).toBe("moved-file");
  const moved = await serverFiles(page, chatId);
  expect(moved.get("css/styles.css")).toBe(before.get("styles.css"));
  expect(moved.has("styles.css")).toBe(false);

  // Delete with the Delete key, after a confirmation.
  await row(page, "app.js").click();
  await page.keyboard.press("Delete");
  await expect(dialog).toContainText("Delete app.js?");
  await dialog.getByTestId("file-action-submit").click();
  await expect(row(page, "app.js")).toHaveCount(0);
  await expect(page.getByTestId("file-viewer")).toHaveCount(0);
  expect((await serverFiles(page, chatId)).has("app.js")).toBe(false);
  expect(await newestTypeV1(page, chatId)).toBe("deleted-file");

  // One request per action (the refused one included), each a PATCH of the chat's files.
  expect(patches).toHaveLength(5);
  // The timeline shows each as a compact row; a renamed file links to its diff, a deleted one is struck through.
  const rows = page.getByTestId("hand-edit-row");
  await expect(rows).toHaveCount(4, { timeout: 15_000 });
  await expect(rows.nth(1)).toContainText("You edited done.md");
  await expect(rows.nth(1)).toContainText("notes/todo.md → notes/done.md");
  await expect(rows.nth(2).getByTestId("hand-edit-file")).toHaveText("styles.css → css/styles.css");
  await expect(rows.nth(3)).toContainText("You edited app.js");
  await expect(rows.nth(3).getByTestId("hand-edit-file")).toHaveCount(0);
  // Only the rows: the messages recording them are not shown.
  await expect(page.locator('[data-testid="message"]')).toHaveCount(2);
  expect(problems).toEqual([]);
});

test("unsaved edits are marked and guarded: another file, another tab, closing the panel, a link, unloading", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const chatId = await newChat(page, "A notes app /fast");
  // Opened afresh: this test is about the editor, not about the files list following the first answer.
  await page.goto(`/chats/${encodeURIComponent(chatId)}`);
  await row(page, "styles.css").click();
  await page.getByTestId("file-viewer").getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByTestId("code-editor-content")).toBeFocused();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n/* unsaved */\n");
  await expect(page.getByTestId("unsaved-marker")).toBeVisible();
  await expect(row(page, "styles.css")).toHaveAttribute("data-unsaved", "true");
  await expect(row(page, "styles.css").getByTestId("tree-unsaved-marker")).toBeVisible();
  await expect(page.getByTestId("files-tab-unsaved")).toBeVisible();
  await shoot(page, "edit-unsaved");

  const asked: string[] = [];
  const dismissNext = () => page.once("dialog", (d) => void (asked.push(d.type()), d.dismiss()));
  const stillEditing = async () => {
    await expect(page.getByTestId("code-editor")).toBeVisible();
    await expect(page.getByTestId("code-editor-content")).toContainText("/* unsaved */");
  };

  dismissNext();
  await row(page, "app.js").click();
  await stillEditing();
  await expect(page).toHaveURL(/\?file=styles\.css$/);

  dismissNext();
  await page.getByTestId("preview-tab").click();
  await stillEditing();

  dismissNext();
  await page.getByTestId("files-panel-close").click();
  await stillEditing();

  dismissNext();
  await page.locator('a[href="/chats"]:visible').first().click();
  await stillEditing();
  expect(new URL(page.url()).pathname).toBe(`/chats/${encodeURIComponent(chatId)}`);

  dismissNext();
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked.length).toBe(5);
  expect(asked).toEqual(["confirm", "confirm", "confirm", "confirm", "beforeunload"]);
  expect(page.isClosed()).toBe(false);
  await stillEditing();

  // Agreeing to leave drops the draft: the other file opens, nothing is marked, nothing was saved.
  page.once("dialog", (d) => void d.accept());
  await row(page, "app.js").click();
  await expect(page.getByTestId("code-editor")).toHaveCount(0);
  await expect(page.getByTestId("file-viewer")).toHaveAttribute("data-path", "app.js");
  await expect(page.locator('[data-testid="file-row"][data-unsaved]')).toHaveCount(0);
  await expect(page.getByTestId("files-tab-unsaved")).toHaveCount(0);
  expect((await serverFiles(page, chatId)).get("styles.css")).not.toContain("/* unsaved */");
});
