import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { E2E_BASE_URL, expect, test } from "./fixtures";
import { connectWithOAuth } from "./remote-mcp-client";

/**
 * The embedded service's own MCP endpoint under `next start`, used by a real MCP client connected with OAuth (approved
 * in the dashboard: e2e/remote-mcp-oauth.spec.ts); the chat it makes opens in the dashboard.
 */
test("an MCP client creates a chat through {mcp_url}; its url opens the chat in the dashboard", async ({ page }) => {
  const { client, close } = await connectWithOAuth(page, "e2e-mcp-client");
  try {
    const result = await client.callTool({
      name: "create_chat",
      arguments: { message: "A moon phase calendar /fast" },
    });
    expect(result.isError).toBeFalsy();
    const { chat } = result.structuredContent as { chat: { id: string; title: string; url: string } };
    expect(chat.url).toBe(`${E2E_BASE_URL}/chats/${encodeURIComponent(chat.id)}`);

    await page.goto(chat.url);
    await expect(page.getByTestId("chat-title")).toHaveText(chat.title);
    await expect(page.locator('[data-testid="part"][data-kind="text"]').first()).toBeVisible();
  } finally {
    await close();
  }

  // Without a token (and without an OAuth provider): refused.
  const anonymous = new Client({ name: "e2e-anonymous", version: "1.0.0" });
  await expect(
    anonymous.connect(new StreamableHTTPClientTransport(new URL(`${E2E_BASE_URL}/svc/mcp`))),
  ).rejects.toThrow(/access token/);
});
