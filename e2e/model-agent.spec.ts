import { E2E_MODEL_NAME, E2E_MODEL_PEER_PORT, SCREENS_DIR, expect, test } from "./fixtures";
import { startOpenAiPeer, type OpenAiPeer } from "./peers/openai-peer";

/**
 * The model-backed agent end to end (project `model`): server C's embedded service has AGENT_BASE_URL set to the
 * scripted OpenAI-compatible peer started here; the dashboard streams the model's answer (thinking, text, the file it
 * writes), and the preview serves the model's index.html.
 */
test.describe.configure({ mode: "serial" });

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harbour lights</title></head>
<body><h1>Harbour lights from the model</h1><p>Three lighthouses, one page.</p></body></html>
`;

let peer: OpenAiPeer;
test.beforeAll(async () => {
  peer = await startOpenAiPeer({ models: [E2E_MODEL_NAME, "peer-small"], port: E2E_MODEL_PEER_PORT });
  peer.titles(["Harbour lights"]);
  peer.when("", [
    {
      reasoning: "One static page: a heading and a short paragraph.",
      text: "I'll write the page.",
      toolCalls: [{ name: "write_file", arguments: { path: "index.html", content: PAGE } }],
      chunkDelayMs: 40,
    },
    { text: "Done: `index.html` shows the harbour lights.", chunkDelayMs: 40 },
  ]);
});
test.afterAll(() => peer?.close());

test("Settings names the model and Test connection lists the API's models", async ({ signedIn: page }) => {
  await page.goto("/settings");
  const agent = page.getByTestId("settings-agent");
  await expect(agent).toContainText(`Model ${E2E_MODEL_NAME} at http://127.0.0.1:${E2E_MODEL_PEER_PORT}/v1`);
  await agent.getByTestId("agent-test").click();
  await expect(agent.getByTestId("agent-test-result")).toContainText(`${E2E_MODEL_NAME}, peer-small`);
});

test("a chat answered by the model: streamed thinking, text and file; the preview shows the model's page", async ({
  signedIn: page,
}) => {
  const form = page.getByTestId("new-chat-form");
  await form.getByTestId("composer").fill("A page about harbour lights");
  await form.getByTestId("composer").press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/);
  const assistant = page.locator('[data-testid="message"][data-role="assistant"]');
  await expect(assistant.locator('[data-testid="part"][data-kind="file-edit"]')).toContainText("index.html", {
    timeout: 30_000,
  });
  await expect(assistant).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  await expect(assistant.locator('[data-testid="part"][data-kind="thinking"]')).toHaveCount(1);
  await expect(assistant.locator('[data-testid="part"][data-kind="text"]').last()).toContainText(
    "shows the harbour lights",
  );
  await expect(page.getByTestId("chat-title")).toHaveText("Harbour lights");
  await expect(assistant).toContainText("svc-pro"); // the usage line: the service's model id
  await page.screenshot({ path: `${SCREENS_DIR}/model-chat.png` });

  // The model saw the prompt, our system prompt and the tools.
  const first = peer.requests[0]!;
  expect(first.body.model).toBe(E2E_MODEL_NAME);
  expect(JSON.stringify(first.body.messages)).toContain("A page about harbour lights");
  expect(first.body.tools?.map((t) => t.function.name)).toContain("write_file");

  await page.getByTestId("preview-tab").click();
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator("h1")).toHaveText(
    "Harbour lights from the model",
    { timeout: 15_000 },
  );
});
