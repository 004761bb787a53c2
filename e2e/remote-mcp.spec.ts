import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { E2E_BASE_URL, E2E_SERVICE_API_KEY, expect, signIn, test } from "./fixtures";

/** The embedded service's own MCP endpoint under `next start`, used by a real MCP client; the chat it makes opens in the dashboard. */
test("an MCP client creates a chat through {mcp_url}; its url opens the chat in the dashboard", async ({ page }) => {
  const client = new Client({ name: "e2e-mcp-client", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${E2E_BASE_URL}/svc/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${E2E_SERVICE_API_KEY}` } },
    }),
  );
  try {
    const result = await client.callTool({
      name: "create_chat",
      arguments: { message: "A moon phase calendar /fast" },
    });
    expect(result.isError).toBeFalsy();
    const { chat } = result.structuredContent as { chat: { id: string; title: string; url: string } };
    expect(chat.url).toBe(`${E2E_BASE_URL}/chats/${encodeURIComponent(chat.id)}`);

    await signIn(page);
    await page.goto(chat.url);
    await expect(page.getByTestId("chat-title")).toHaveText(chat.title);
    await expect(page.locator('[data-testid="part"][data-kind="text"]').first()).toBeVisible();
  } finally {
    await client.close();
  }

  // Without the key: refused.
  const anonymous = new Client({ name: "e2e-anonymous", version: "1.0.0" });
  await expect(
    anonymous.connect(new StreamableHTTPClientTransport(new URL(`${E2E_BASE_URL}/svc/mcp`))),
  ).rejects.toThrow(/API key/);
});
