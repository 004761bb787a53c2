import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, svc, test } from "./fixtures";
import { startMcpServer, type McpServerPeer } from "./peers/mcp-server";
import { startOAuthProvider, type OAuthProviderPeer } from "./peers/oauth-provider";

/**
 * The MCP explorer on a server's page, against real MCP servers (@modelcontextprotocol/sdk peers on loopback ports):
 * a tool run from the form generated from its JSON Schema, its result (text, structured content as a tree, an
 * error result in red), the call history with re-run, and the Log tab explaining a failed OAuth refresh in words.
 * Screenshots (light and dark) go to SHOTS when it is set.
 */

const TOKEN = "e2e-explorer-token-3c9d";
const SHOTS = process.env.MCPX_SHOTS_DIR;
let peer: McpServerPeer;
let provider: OAuthProviderPeer;
let oauthPeer: McpServerPeer;

test.beforeAll(async () => {
  peer = await startMcpServer({ bearerToken: TOKEN, explorer: true });
  provider = await startOAuthProvider({ redirectUris: ["http://127.0.0.1/unused"] });
  oauthPeer = await startMcpServer({ issuer: provider.issuer, jwksUrl: provider.jwksUrl, explorer: true });
});
test.afterAll(async () => {
  await Promise.allSettled([peer?.close(), oauthPeer?.close(), provider?.close()]);
});

const unique = (base: string) => `${base} ${Date.now().toString(36)}`;

/** The explorer section, whole (a tall viewport: the page scrolls inside its own column), in light and dark. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1366, height: 2000 });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()); // no focus ring from the last click
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.locator('section[aria-labelledby="mcp-explorer-section"]').screenshot({
      path: `${SHOTS}/${name}-${scheme}.png`,
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (size) await page.setViewportSize(size);
}

test("run a tool from its generated form, see the result, re-run it from the history", async ({
  signedIn: page,
  request,
}) => {
  test.setTimeout(180_000); // many steps, each a real round trip to the MCP server
  const server = await svc<{ id: string }>(request, "POST", "/v2/mcp-servers", {
    name: unique("Issue tracker"),
    url: peer.url,
    auth: { type: "bearer", token: TOKEN },
  });
  await page.goto(`/mcp-servers/${server.id}`);
  const explorer = page.getByTestId("mcp-explorer");
  const tools = explorer.getByRole("list", { name: "Tools" });
  await expect(tools.getByRole("button", { name: /create_issue/ })).toContainText("Files an issue in the tracker.");
  await tools.getByRole("button", { name: /create_issue/ }).click();

  // Fields labelled by their properties; the schema is checked before anything is sent.
  const before = peer.stats().calls.create_issue ?? 0;
  await explorer.getByTestId("mcp-tool-run").click();
  await expect(explorer.getByText("is required").first()).toBeVisible();
  expect(peer.stats().calls.create_issue ?? 0).toBe(before);

  await explorer.getByLabel("title").fill("Login button does nothing");
  await explorer.getByLabel("priority").selectOption("high");
  await explorer.getByLabel("urgent").check();
  await explorer.getByTestId("mcp-tool-run").click();
  const result = explorer.getByTestId("mcp-tool-result");
  await expect(result).toContainText("Created issue #42: Login button does nothing");
  await expect(result).toHaveAttribute("data-error", "false");
  const tree = result.getByRole("list", { name: "Structured content" });
  await expect(tree).toContainText("priority");
  await expect(tree).toContainText('"high"');
  await expect(tree).toContainText("urgent");
  expect(peer.stats().calls.create_issue).toBe(before + 1);
  await shoot(page, "tools-result");

  // Raw JSON mode: an error result is shown in red.
  await tools.getByRole("button", { name: /^fail/ }).click();
  await explorer.getByRole("radio", { name: "Raw JSON" }).click();
  await explorer.getByLabel("Arguments (JSON object)").fill('{"reason": "on purpose"}');
  await explorer.getByTestId("mcp-tool-run").click();
  await expect(result).toHaveAttribute("data-error", "true");
  await expect(result).toContainText("The tool answered with an error");
  await expect(result).toContainText("Failed: on purpose");

  // The history (this browser) re-runs a call with its arguments.
  const history = explorer.getByTestId("mcp-tool-history-entry");
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText("fail");
  await history
    .nth(1)
    .getByRole("button", { name: /Run create_issue again/ })
    .click();
  await expect(result).toContainText("Created issue #42: Login button does nothing");
  await expect.poll(() => peer.stats().calls.create_issue).toBe(before + 2);
  await expect(history).toHaveCount(3);
  await page.reload();
  await expect(page.getByTestId("mcp-tool-history-entry")).toHaveCount(3);

  // Resources, prompts and the log of this server.
  await page.getByRole("tab", { name: "Resources" }).click();
  await page.getByRole("button", { name: /Read me/ }).click();
  await expect(page.getByRole("list", { name: "Contents of notes://readme" })).toContainText("# Notes");
  await page.getByRole("tab", { name: "Prompts" }).click();
  await page.getByRole("button", { name: /review_code/ }).click();
  await page.getByLabel("code").fill("let x = 1");
  await page.getByRole("button", { name: "Get prompt" }).click();
  await expect(page.getByRole("region", { name: "Prompt messages" })).toContainText("Review this code:");
  await page.getByRole("tab", { name: "Log" }).click();
  await expect(page.getByRole("list", { name: "Connection log" })).toContainText("tools/call create_issue");
  await expect(page.getByRole("list", { name: "Connection log" })).not.toContainText(TOKEN);
});

test("the Log tab explains a failed connection in words", async ({ signedIn: page, request }) => {
  // An OAuth server whose token endpoint refuses the client: the authorization's code exchange fails.
  const server = await svc<{ id: string }>(request, "POST", "/v2/mcp-servers", {
    name: unique("Refused client"),
    url: oauthPeer.url,
    auth: "oauth",
    oauthConfig: {
      authorizationUrl: provider.authorizationUrl,
      tokenUrl: provider.tokenUrl,
      clientId: provider.clientId,
      clientSecret: "not-the-client-secret",
      scopes: ["mcp:tools"],
      usePKCE: true,
      resource: oauthPeer.url,
    },
  });
  // The provider redirects to a callback the service does not own; a real state and code are made by hand below.
  const auth = await svc<{ url: string; state: string }>(
    request,
    "POST",
    `/v2/mcp-servers/${server.id}/oauth/authorize`,
    { returnUrl: "http://127.0.0.1/return" },
  );
  const callback = await request.get(`/svc/v2/mcp-servers/oauth/callback?state=${auth.state}&code=made-up-code`, {
    maxRedirects: 0,
  });
  expect(callback.status()).toBe(303);

  await page.goto(`/mcp-servers/${server.id}`);
  await page.getByRole("tab", { name: "Log" }).click();
  const failure = page.getByTestId("mcp-log-failure");
  await expect(failure).toContainText("The last connection failed at the token-exchange step");
  await expect(failure).toContainText("The server's token endpoint answered 401 invalid_client");
  await expect(failure).toContainText("check the client ID and secret");
  await expect(page.getByRole("list", { name: "Connection log" })).not.toContainText("not-the-client-secret");
  await shoot(page, "log-failed");
});
