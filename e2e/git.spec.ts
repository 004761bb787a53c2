import type { Page } from "@playwright/test";
import { SCREENS_DIR, expect, svc, test } from "./fixtures";
import { startGitServer, type GitServerPeer } from "./peers/git-server";

/**
 * Import from a Git repository and push back from Details, against a real Git server (git http-backend) on
 * 127.0.0.1; the e2e server runs with EMBEDDED_FETCH_ALLOW_PRIVATE=1 to reach it.
 */
let peer: GitServerPeer;

/** Both colour schemes of the page as it is: each shot once every colour transition of the switch has finished. */
async function shootBothSchemes(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${scheme}.png`, animations: "disabled" });
  }
  await page.emulateMedia({ colorScheme: "light" });
}
test.beforeAll(async () => {
  peer = await startGitServer();
  peer.makeRepo("harbour.git", {
    "index.html": "<!doctype html>\n<title>Harbour</title>\n<h1>Harbour tours</h1>\n",
    "css/main.css": "body { color: navy; }\n",
  });
});
test.afterAll(() => peer.close());

test("import from a repository, change it, push it back from Details; Details shows what a pull would bring, then pulls it", async ({
  signedIn: page,
  request,
}) => {
  test.setTimeout(180_000); // a clone, an answer, a push and a pull on a shared, loaded machine
  const url = `${peer.url}/harbour.git`;
  await page.getByTestId("import-files").click();
  const dialog = page.getByTestId("import-files-dialog");
  await dialog.getByText("From a Git repository").click();
  await dialog.getByLabel("Repository URL").fill(url);
  await dialog.getByLabel(/Branch/).fill("main");
  await shootBothSchemes(page, "git-import");
  await dialog.getByTestId("import-repo-submit").click();

  await expect(page).toHaveURL(/\/chats\/chat_[^/?]+/);
  const chatId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);
  await expect(page.getByTestId("chat-title")).toContainText("harbour (main)");
  const files = await svc<{ files: { path: string; content: string }[] }>(request, "GET", `/v2/chats/${chatId}/files`);
  expect(files.files.map((f) => f.path).sort()).toEqual(["css/main.css", "index.html"]);

  // The agent changes a file; Details pushes the latest version onto main.
  await svc(request, "POST", `/v2/chats/${chatId}/messages`, { message: "Update index.html with a footer /fast" });
  await page.goto(`/chats/${encodeURIComponent(chatId)}?tab=details`);
  const git = page.getByTestId("git-section");
  await expect(git.getByTestId("git-remote")).toContainText(url, { timeout: 60_000 }); // a loaded machine is slow
  await expect(git.getByTestId("git-remote")).toContainText("main");
  const before = peer.head("harbour.git", "main");
  await git.getByTestId("git-push").click();
  await expect(page.getByTestId("git-sync-row").first()).toContainText("Pushed to main");
  const pushed = peer.head("harbour.git", "main");
  expect(pushed).not.toBe(before);
  const latest = await svc<{ files: { path: string; content: string }[] }>(request, "GET", `/v2/chats/${chatId}/files`);
  expect(peer.filesOf("harbour.git", "main")).toEqual(Object.fromEntries(latest.files.map((f) => [f.path, f.content])));
  await expect(git.getByTestId("git-remote")).toContainText(pushed!.slice(0, 7));

  await expect(git.getByTestId("git-incoming-summary")).toContainText("Up to date");

  // Someone else commits: asked again, Details shows what a pull would bring, file by file, before pulling.
  peer.commit("harbour.git", "main", { "css/main.css": "body { color: teal; }\n", "NOTES.md": "# Notes\n" });
  await git.getByTestId("git-incoming-refresh").click();
  await expect(git.getByTestId("git-incoming-summary")).toContainText("2 files would change", { timeout: 30_000 });
  const incoming = git.getByTestId("git-incoming-file");
  await expect(incoming).toHaveText([/NOTES\.md\s*created/, /css\/main\.css\s*updated/]);
  await incoming.filter({ hasText: "css/main.css" }).getByText("css/main.css").click();
  const diff = incoming.filter({ hasText: "css/main.css" }).getByTestId("diff-view");
  await expect(diff.locator('[data-kind="del"]')).toContainText("color: navy");
  await expect(diff.locator('[data-kind="add"]')).toContainText("color: teal");
  expect(await svc<{ files: { path: string }[] }>(request, "GET", `/v2/chats/${chatId}/files`)).toEqual(latest);
  await git.scrollIntoViewIfNeeded();
  await shootBothSchemes(page, "git-incoming");

  // Pull brings exactly that and the timeline shows it.
  await git.getByTestId("git-pull").click();
  const outcome = git.getByTestId("git-pull-outcome");
  await expect(outcome).toContainText("2 changes");
  await expect(outcome.getByRole("listitem")).toHaveText([/NOTES\.md\s*created/, /css\/main\.css\s*updated/]);
  await expect(page.getByTestId("git-sync-row").filter({ hasText: "Pulled main" })).toBeVisible();
  await git.scrollIntoViewIfNeeded();
  await shootBothSchemes(page, "git-details");
});
