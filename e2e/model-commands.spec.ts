import AxeBuilder from "@axe-core/playwright";
import { E2E_MODEL_NAME, E2E_MODEL_PEER_PORT, SCREENS_DIR, expect, test } from "./fixtures";
import { startOpenAiPeer, type OpenAiPeer } from "./peers/openai-peer";

/**
 * An approved command in the dashboard (project `model`: server C has AGENT_ALLOW_COMMANDS=1): the model writes a
 * file and asks to run `node --version && ls`; the approval dialog says where it runs (the sandbox, no network, the
 * limits); approved, the command runs in the bubblewrap sandbox on the chat's copy and its output shows in the
 * chat's bash part; the model goes on from it. Settings shows the sandbox and its limits.
 */
test.describe.configure({ mode: "serial" });

const COMMAND = "node --version && ls && id -un";

let peer: OpenAiPeer;
test.beforeAll(async () => {
  peer = await startOpenAiPeer({ models: [E2E_MODEL_NAME], port: E2E_MODEL_PEER_PORT });
  peer.titles(["Node check"]);
  peer.when("Which Node runs here", [
    { toolCalls: [{ name: "write_file", arguments: { path: "index.html", content: "<h1>Node check</h1>\n" } }] },
    { text: "Let me check.", toolCalls: [{ name: "run_command", arguments: { command: COMMAND } }] },
  ]);
  peer.when("I approved running", [{ text: "The sandbox runs Node; the page is there." }]);
});
test.afterAll(() => peer?.close());

test("Settings says approved commands run in the bubblewrap sandbox, with its network and limits", async ({
  signedIn: page,
}) => {
  await page.goto("/settings");
  const commands = page.getByTestId("settings-commands");
  await expect(commands).toContainText("bubblewrap sandbox");
  await expect(commands).toContainText("Network: no network");
  await expect(commands.getByTestId("settings-command-limits")).toContainText("60 s");
  await expect(commands.getByTestId("settings-command-limits")).toContainText("AGENT_COMMAND_MEMORY_MB");
  await expect(page.getByTestId("settings-commands-warning")).toHaveCount(0);
  // The row passes axe's WCAG 2.1 A/AA rules, as every page does (e2e/a11y.spec.ts).
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="settings-commands"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await commands.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS_DIR}/model-command-settings-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForTimeout(400); // let the colour transitions finish
  await page.screenshot({ path: `${SCREENS_DIR}/model-command-settings-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await commands.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS_DIR}/model-command-settings-390.png` });
});

test("a command approved in the dashboard runs in the sandbox and its output shows in the chat", async ({
  signedIn: page,
}) => {
  const form = page.getByTestId("new-chat-form");
  await form.getByTestId("composer").fill("Which Node runs here?");
  await form.getByTestId("composer").press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/);

  await page.getByTestId("approval-open").click({ timeout: 30_000 });
  const dialog = page.getByRole("dialog", { name: "Approve a permission" });
  await expect(dialog).toContainText(COMMAND);
  const message = dialog.getByTestId("permission-user-message");
  await expect(message).toContainText("It runs in a sandbox on a temporary copy of the project's files");
  await expect(message).toContainText("Network: no network");
  await expect(message).toContainText("Limits: 60 s in all");
  await page.screenshot({ path: `${SCREENS_DIR}/model-command-approval.png` });
  await dialog.getByTestId("approve-button").click();

  const assistant = page.locator('[data-testid="message"][data-role="assistant"]').last();
  const bash = assistant.locator('[data-testid="part"][data-kind="bash"]');
  await expect(bash.getByTestId("bash-command")).toContainText(COMMAND, { timeout: 30_000 });
  // The server's Node, its copy of the chat's files, its own user.
  await expect(bash.getByTestId("bash-output")).toContainText(/v\d+\.\d+\.\d+\s+index\.html\s+user/, {
    timeout: 30_000,
  });
  await expect(bash).toContainText("exit 0");
  await expect(assistant.locator('[data-testid="part"][data-kind="text"]').last()).toContainText(
    "The sandbox runs Node",
    { timeout: 30_000 },
  );
  await page.screenshot({ path: `${SCREENS_DIR}/model-command-ran.png` });

  // The model read the command's output and where it ran.
  const note = String(peer.requests.at(-1)!.body.messages.at(-1)!.content);
  expect(note).toMatch(
    /It ran in a sandbox on a temporary copy of the project's files \(no network\) and exited with code 0/,
  );
  expect(note).toMatch(/v\d+\.\d+\.\d+\nindex\.html\nuser/);
});
