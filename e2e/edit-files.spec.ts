import type { Page } from "@playwright/test";
import { E2E_BASE_URL, SCREENS_DIR, expect, test } from "./fixtures";
import { newChat, row, serverFiles } from "./hand-edit-helpers";

/**
 * Editing a file by hand in the files panel against the embedded service: the CodeMirror editor, Ctrl+S, the
 * timeline's hand edit row and its diff link, and the conflict when the file changed since editing began.
 */
test.describe.configure({ mode: "serial" });

const serverFile = async (page: Page, chatId: string, path: string) => (await serverFiles(page, chatId)).get(path);

test("edit a file, save with Ctrl+S, see the timeline row and the diff", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  const chatId = await newChat(page, "A counter app /fast");
  await row(page, "styles.css").click();
  const viewer = page.getByTestId("file-viewer");
  await viewer.getByRole("button", { name: "Edit", exact: true }).click();
  const editor = page.getByTestId("code-editor");
  await expect(editor).toBeVisible();
  // CodeMirror, with line numbers and the file's language highlighted.
  await expect(editor.locator(".cm-editor")).toBeVisible();
  await expect(editor.locator(".cm-lineNumbers .cm-gutterElement").nth(1)).toHaveText("1");
  const content = page.getByTestId("code-editor-content");
  await expect(content).toBeFocused();
  await expect(page.getByTestId("unsaved-marker")).toHaveCount(0);
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n/* my own colour */\nbody { background: #fdf6e3; }\n");
  await expect(page.getByTestId("unsaved-marker")).toBeVisible();
  await page.emulateMedia({ colorScheme: "light" });
  await page.screenshot({ path: `${SCREENS_DIR}/edit-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SCREENS_DIR}/edit-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });

  await page.keyboard.press("Control+s");
  await expect(editor).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId("unsaved-marker")).toHaveCount(0);
  expect(await serverFile(page, chatId, "styles.css")).toContain("/* my own colour */");

  // The timeline: one compact row for the edit; its file links to the diff.
  const editRow = page.getByTestId("hand-edit-row");
  await expect(editRow).toHaveCount(1, { timeout: 15_000 });
  await expect(editRow).toContainText("You edited styles.css");
  await editRow.getByTestId("hand-edit-file").click();
  await expect(page).toHaveURL(/\?file=styles\.css&view=changes$/);
  const diff = page.getByTestId("file-viewer");
  await expect(diff.getByTestId("diff-toggle")).toHaveAttribute("aria-pressed", "true");
  await expect(diff.locator('[data-kind="add"]').filter({ hasText: "my own colour" })).toBeVisible();

  // Esc or Cancel leaves the editor; nothing changes.
  await viewer.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByTestId("code-editor")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("code-editor")).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("editing is disabled while the agent generates, saying why", async ({ page }) => {
  test.setTimeout(120_000);
  await newChat(page, "A notes app /fast");
  await row(page, "app.js").click();
  await page.getByTestId("composer").fill("Add tags /pace 600");
  await page.keyboard.press("Enter");
  const edit = page.getByTestId("file-viewer").getByRole("button", { name: "Edit", exact: true });
  await expect(edit).toBeDisabled({ timeout: 15_000 });
  await expect(page.getByTestId("edit-disabled-note")).toContainText("the agent is generating");
  await expect(edit).toBeEnabled({ timeout: 90_000 });
  await expect(page.getByTestId("edit-disabled-note")).toHaveCount(0);
});

test("the file changed since editing began: the conflict dialog shows it; keep mine or take theirs", async ({
  page,
}) => {
  const chatId = await newChat(page, "A habit tracker /fast");
  await row(page, "app.js").click();
  const viewer = page.getByTestId("file-viewer");
  await viewer.getByRole("button", { name: "Edit", exact: true }).click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.type("// mine\n");
  // Another tab changes the file meanwhile.
  const theirs = `// theirs\n${await serverFile(page, chatId, "app.js")}`;
  const other = await page.request.patch(`/api/service/v2/chats/${chatId}/files`, {
    data: { files: [{ path: "app.js", content: theirs }] },
    headers: { origin: E2E_BASE_URL },
  });
  expect(other.status()).toBe(200);

  await page.getByTestId("save-file").click();
  const dialog = page.getByTestId("edit-conflict-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("conflict-diff").locator('[data-kind="add"]')).toContainText("// theirs");
  await page.emulateMedia({ colorScheme: "light" });
  await page.screenshot({ path: `${SCREENS_DIR}/edit-conflict-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SCREENS_DIR}/edit-conflict-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
  // Nothing was saved yet.
  expect(await serverFile(page, chatId, "app.js")).toBe(theirs);

  await dialog.getByTestId("keep-mine").click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("code-editor")).toHaveCount(0, { timeout: 15_000 });
  const saved = await serverFile(page, chatId, "app.js");
  expect(saved!.startsWith("// mine\n")).toBe(true);
  expect(saved).not.toContain("// theirs");

  // Take theirs: the person's draft is dropped, the file is theirs.
  await viewer.getByRole("button", { name: "Edit", exact: true }).click();
  await page.keyboard.type("// dropped\n");
  const again = await page.request.patch(`/api/service/v2/chats/${chatId}/files`, {
    data: { files: [{ path: "app.js", content: "// theirs again\n" }] },
    headers: { origin: E2E_BASE_URL },
  });
  expect(again.status()).toBe(200);
  await page.keyboard.press("Control+s");
  await page.getByTestId("edit-conflict-dialog").getByTestId("take-theirs").click();
  await expect(page.getByTestId("code-editor")).toHaveCount(0);
  expect(await serverFile(page, chatId, "app.js")).toBe("// theirs again\n");
  await expect(page.getByTestId("code-view")).toContainText("// theirs again", { timeout: 15_000 });
});
