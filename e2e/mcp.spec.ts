import type { APIRequestContext, Page } from "@playwright/test";
import {
  E2E_BASE_URL,
  E2E_PASSWORD,
  E2E_DOC_BASE_URL,
  E2E_REF_BASE_URL,
  E2E_SERVICE_API_KEY,
  E2E_USERNAME,
  SCREENS_DIR,
  baseURL,
  speaksDocument,
  expect,
  svc,
  test,
} from "./fixtures";
import { startMcpServer, type McpServerPeer } from "./peers/mcp-server";
import { startOAuthProvider, type OAuthProviderPeer } from "./peers/oauth-provider";

/**
 * MCP servers end to end, against real peers on loopback ports: an OAuth 2.1 provider (oidc-provider, PKCE
 * required, consent answered by the peer) and an MCP server (@modelcontextprotocol/sdk) that needs its tokens.
 * The embedded service's authorization URLs expire after EMBEDDED_OAUTH_STATE_TTL_MS (10 s in playwright.config.ts).
 */

/** Both projects' servers (the default one and the reference one) run their embedded service at /svc. */
const CALLBACKS = [E2E_BASE_URL, E2E_REF_BASE_URL, E2E_DOC_BASE_URL].flatMap((origin) => [
  `${origin}/svc/v2/mcp-servers/oauth/callback`,
  `${origin}/svc/v1/mcp-servers/oauth/callback`,
]);
const returnUrl = () => `${baseURL()}/mcp-servers/oauth/return`;

let provider: OAuthProviderPeer;
let mcp: McpServerPeer;
/** A second pair whose access tokens live 2 s, for the refresh test. */
let shortProvider: OAuthProviderPeer;
let shortMcp: McpServerPeer;

test.beforeAll(async () => {
  provider = await startOAuthProvider({ redirectUris: CALLBACKS });
  mcp = await startMcpServer({ issuer: provider.issuer, jwksUrl: provider.jwksUrl });
  shortProvider = await startOAuthProvider({ redirectUris: CALLBACKS, accessTokenTtlSeconds: 2 });
  shortMcp = await startMcpServer({ issuer: shortProvider.issuer, jwksUrl: shortProvider.jwksUrl });
});

test.afterAll(async () => {
  await Promise.allSettled([mcp?.close(), provider?.close(), shortMcp?.close(), shortProvider?.close()]);
});

test.afterEach(() => {
  provider?.setDecision("approve");
});

interface Server {
  id: string;
  name: string;
  auth: { connected: boolean; expiresAt?: string };
}

function registration(name: string, p: OAuthProviderPeer, m: McpServerPeer) {
  return {
    name,
    url: m.url,
    enabled: true,
    auth: "oauth",
    scope: "user",
    oauthConfig: {
      authorizationUrl: p.authorizationUrl,
      tokenUrl: p.tokenUrl,
      clientId: p.clientId,
      clientSecret: p.clientSecret,
      scopes: ["mcp:tools"],
      usePKCE: true,
      resource: m.url,
    },
  };
}

const unique = (base: string) => `${base} ${Date.now().toString(36)}`;

function row(page: Page, id: string) {
  return page.locator(`[data-testid="mcp-server-row"][data-id="${id}"]`);
}

/** Connect from the MCP servers page: provider round trip → the landing page with success. */
async function connectFromList(page: Page, id: string) {
  await page.goto("/mcp-servers");
  await row(page, id).getByTestId("connect-button").click();
  await expect(page).toHaveURL(/\/mcp-servers\/oauth\/return\?/);
  await expect(page.getByTestId("oauth-result")).toHaveAttribute("data-status", "success");
  await expect(page.getByTestId("oauth-result-server")).toHaveAttribute("data-state", "connected");
}

async function screens(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
}

/** A chat whose prompt has /mcp with the server attached (sync create), and its tool-call parts. */
async function chatWithMcp(request: APIRequestContext, serverId: string, prompt: string) {
  const created = await svc<{ chat: { id: string } }>(request, "POST", "/v2/chats", {
    message: prompt,
    mcpServerIds: [serverId],
  });
  const { messages } = await svc<{ messages: { role: string; parts?: Record<string, unknown>[] }[] }>(
    request,
    "GET",
    `/v2/chats/${encodeURIComponent(created.chat.id)}/messages`,
  );
  const parts = messages.filter((m) => m.role === "assistant").flatMap((m) => m.parts ?? []);
  return { chatId: created.chat.id, toolCalls: parts.filter((p) => p.type === "tool-call") };
}

test("register a server, connect through the provider, land back with success and see it connected", async ({
  signedIn: page,
}) => {
  const name = unique("Tools");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "MCP servers" }).click();
  await expect(page).toHaveURL(/\/mcp-servers$/);
  await expect(page.getByRole("heading", { name: "MCP servers", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Register server" }).click();
  const dialog = page.getByRole("dialog", { name: "Register MCP server" });
  await dialog.getByRole("button", { name: "Register" }).click();
  await expect(dialog.getByTestId("field-error-mcp-name")).toBeVisible(); // validated before anything is sent
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Server URL").fill(mcp.url);
  await dialog.getByLabel("Authorization URL").fill(provider.authorizationUrl);
  await dialog.getByLabel("Token URL").fill(provider.tokenUrl);
  await dialog.getByLabel("Client id", { exact: true }).fill(provider.clientId);
  await dialog.getByLabel("Client secret (optional)").fill(provider.clientSecret);
  await dialog.getByLabel("Scopes").fill("mcp:tools");
  await dialog.getByRole("button", { name: "Use the server URL" }).click();
  await page.screenshot({ path: `${SCREENS_DIR}/mcp-register-dialog.png` });
  await dialog.getByRole("button", { name: "Register" }).click();
  await expect(dialog).toBeHidden();

  const newRow = page.getByTestId("mcp-server-row").filter({ hasText: name });
  await expect(newRow).toHaveAttribute("data-state", "disconnected");
  const id = (await newRow.getAttribute("data-id"))!;
  // The client secret never comes back, not even to the dashboard's own proxy.
  const listed = await page.evaluate(async () => (await fetch("/api/service/v2/mcp-servers")).text());
  expect(listed).not.toContain(provider.clientSecret);

  const codesBefore = provider.tokenRequests().authorizationCode;
  await row(page, id).getByTestId("connect-button").click();
  await expect(page).toHaveURL(/\/mcp-servers\/oauth\/return\?/);
  const landed = new URL(page.url());
  expect(landed.searchParams.get("oauth_success")).toBe("true");
  expect(landed.searchParams.get("mcpServerId")).toBe(id);
  await expect(page.getByTestId("oauth-result")).toHaveAttribute("data-status", "success");
  await expect(page.getByRole("heading", { name: "Server connected" })).toBeVisible();
  await expect(page.getByTestId("oauth-result-server")).toHaveAttribute("data-state", "connected");
  expect(provider.tokenRequests().authorizationCode).toBe(codesBefore + 1);
  await screens(page, "mcp-oauth-return-success");

  await page.getByRole("link", { name: "Back to MCP servers" }).click();
  await expect(page).toHaveURL(/\/mcp-servers$/);
  await expect(row(page, id)).toHaveAttribute("data-state", "connected");
  await expect(row(page, id).getByTestId("mcp-token-expiry")).toContainText("Token expires in");
  await expect(row(page, id).getByTestId("connect-button")).toHaveText(/Reconnect/);
  await screens(page, "mcp-servers");

  // The server's own page (deep link): state and the OAuth settings without the secret.
  await row(page, id).getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/mcp-servers/${id}$`));
  const detail = page.getByTestId("mcp-server-detail");
  await expect(detail).toHaveAttribute("data-state", "connected");
  await expect(detail).toContainText(provider.tokenUrl);
  await expect(detail).toContainText("Stored (never shown)");
  await expect(detail).not.toContainText(provider.clientSecret);
  await screens(page, "mcp-server-detail");

  // Opened cold in a new tab (no session): sign-in keeps the whole URL and comes back to the same result.
  const cold = await page.context().browser()!.newContext();
  try {
    const tab = await cold.newPage();
    await tab.goto(landed.pathname + landed.search);
    await expect(tab).toHaveURL(/\/sign-in\?callbackUrl=/);
    await tab.getByLabel("Username").fill(E2E_USERNAME);
    await tab.getByLabel("Password").fill(E2E_PASSWORD);
    await tab.getByRole("button", { name: "Sign in" }).click();
    await expect(tab).toHaveURL(landed.href);
    await expect(tab.getByTestId("oauth-result")).toHaveAttribute("data-status", "success");
    await expect(tab.getByTestId("oauth-result-server")).toHaveAttribute("data-state", "connected");
  } finally {
    await cold.close();
  }
});

test("denied at the provider: the landing page explains it, the server stays disconnected, “Try again” connects", async ({
  signedIn: page,
  request,
}) => {
  const server = await svc<Server>(request, "POST", "/v2/mcp-servers", registration(unique("Denied"), provider, mcp));
  provider.setDecision("deny");
  await page.goto("/mcp-servers");
  await row(page, server.id).getByTestId("connect-button").click();
  await expect(page).toHaveURL(/\/mcp-servers\/oauth\/return\?/);
  const landed = new URL(page.url());
  expect(landed.searchParams.get("error")).toBe("access_denied");
  expect(landed.searchParams.get("mcpServerId")).toBe(server.id);
  await expect(page.getByTestId("oauth-result")).toHaveAttribute("data-status", "error");
  await expect(page.getByRole("heading", { name: "Access was denied at the provider" })).toBeVisible();
  await expect(page.getByTestId("oauth-error-code")).toHaveText("access_denied");
  await expect(page.getByTestId("oauth-error-description")).toHaveText(landed.searchParams.get("error_description")!);
  // Spec interface.md Part 3: a denied authorization leaves the server as it was (disconnected).
  await expect(page.getByTestId("oauth-result-server")).toHaveAttribute("data-state", "disconnected");
  await screens(page, "mcp-oauth-return-denied");

  provider.setDecision("approve");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("oauth-result")).toHaveAttribute("data-status", "success");
  await expect(page.getByTestId("oauth-result-server")).toHaveAttribute("data-state", "connected");
});

test("an expired authorization URL stores nothing and lands on a readable error", async ({
  signedIn: page,
  request,
}) => {
  test.setTimeout(90_000);
  const server = await svc<Server>(request, "POST", "/v2/mcp-servers", registration(unique("Expired"), provider, mcp));
  const { url, expiresAt } = await svc<{ url: string; expiresAt: string }>(
    request,
    "POST",
    `/v2/mcp-servers/${encodeURIComponent(server.id)}/oauth/authorize`,
    { returnUrl: returnUrl() },
  );
  // The running server's clock cannot be moved: its TTL is short instead, and the test waits until the expiry the
  // service announced has passed (a condition, not a guessed sleep).
  const expiry = Date.parse(expiresAt);
  expect(
    expiry - Date.now(),
    "EMBEDDED_OAUTH_STATE_TTL_MS (playwright.config.ts) should make the URL expire within 10 s",
  ).toBeLessThanOrEqual(10_500);
  await expect.poll(() => Date.now(), { timeout: 15_000, intervals: [250] }).toBeGreaterThan(expiry);

  const codesBefore = provider.tokenRequests().authorizationCode;
  await page.goto(url);
  await expect(page).toHaveURL(/\/mcp-servers\/oauth\/return\?/);
  await expect(page.getByTestId("oauth-result")).toHaveAttribute("data-status", "error");
  await expect(page.getByTestId("oauth-error-code")).toHaveText("invalid_request");
  await expect(page.getByRole("heading", { name: /expired/ })).toBeVisible();
  expect(provider.tokenRequests().authorizationCode).toBe(codesBefore); // the code was never exchanged
  const after = await svc<Server>(request, "GET", `/v2/mcp-servers/${encodeURIComponent(server.id)}`);
  expect(after.auth.connected).toBe(false);
  await page.screenshot({ path: `${SCREENS_DIR}/mcp-oauth-return-expired.png`, fullPage: true });
});

test("the landing page shows a hostile error_description as text and follows no redirect parameter", async ({
  signedIn: page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const hostile = `<script>alert("xss")</script><img src=x onerror="alert('img')">${"A".repeat(3000)}`;
  const query = new URLSearchParams({
    error: "server_error",
    error_description: hostile,
    returnUrl: "https://evil.example/",
    redirect_uri: "javascript:alert(1)",
    next: "//evil.example",
  });
  await page.goto(`/mcp-servers/oauth/return?${query}`);
  await expect(page.getByTestId("oauth-result")).toHaveAttribute("data-status", "error");
  await expect(page.getByTestId("oauth-error-description")).toContainText('<script>alert("xss")</script>');
  await page.getByRole("button", { name: /Show more/ }).click();
  await expect(page.getByTestId("oauth-error-description")).toContainText("A".repeat(3000));
  expect(await page.locator('[data-testid="oauth-result"] script, [data-testid="oauth-result"] img').count()).toBe(0);
  const hrefs = await page
    .locator('[data-testid="oauth-result"] a')
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(["/mcp-servers"]);
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(/\/mcp-servers\/oauth\/return\?/);
  await screens(page, "mcp-oauth-return-hostile");
});

test("a chat with /mcp calls a real tool of the connected server and shows its real output", async ({
  signedIn: page,
  request,
}) => {
  const server = await svc<Server>(
    request,
    "POST",
    "/v2/mcp-servers",
    registration(unique("Chat tools"), provider, mcp),
  );
  await connectFromList(page, server.id);

  const addsBefore = mcp.stats().calls.add ?? 0;
  const { chatId, toolCalls } = await chatWithMcp(request, server.id, "/mcp add 2 3");
  expect(mcp.stats().calls.add ?? 0).toBe(addsBefore + 1); // the peer really answered the call
  const call = toolCalls.find((p) => p.name === "add");
  expect(call, JSON.stringify(toolCalls)).toMatchObject({ status: "ok", input: { a: 2, b: 3 } });
  expect(JSON.stringify(call!.output)).toMatch(/"sum":\s*5/); // the MCP server's structured result

  await page.goto(`/chats/${encodeURIComponent(chatId)}`);
  // Titled by the server ("<name> tools", the spec's toolDisplayName) where the service sends it, else by the tool's
  // name (the document has no toolDisplayName); the tool's name shows either way.
  const part = page
    .locator('[data-testid="part"][data-kind="tool-call"]')
    .filter({ has: page.getByText("add", { exact: true }) });
  await expect(part).toHaveCount(1);
  if (!speaksDocument()) await expect(part).toContainText(server.name);
  await part.getByText("Output", { exact: true }).click();
  await expect(part).toContainText('"sum"');
  await expect(part).toContainText("5");
  await part.getByText("Input", { exact: true }).click();
  await part.scrollIntoViewIfNeeded();
  await part.screenshot({ path: `${SCREENS_DIR}/mcp-chat-tool-call.png` });
});

test("an expired access token is refreshed without the user", async ({ signedIn: page, request }) => {
  const server = await svc<Server>(
    request,
    "POST",
    "/v2/mcp-servers",
    registration(unique("Short-lived"), shortProvider, shortMcp),
  );
  await connectFromList(page, server.id);
  const before = await svc<Server>(request, "GET", `/v2/mcp-servers/${encodeURIComponent(server.id)}`);
  // A first call uses a token the MCP server accepts; then that server refuses every token it has seen, as it would
  // once their 2 s had passed (no sleep): the second call works only with a token refreshed before it. (The service
  // counts tokens as expired 30 s early, so it refreshes these 2 s tokens on every use.)
  const first = await chatWithMcp(request, server.id, "/mcp add 2 3");
  expect(first.toolCalls.find((p) => p.name === "add")).toMatchObject({ status: "ok" });
  shortMcp.expireTokens();
  const refreshesBefore = shortProvider.tokenRequests().refreshToken;
  const { rejected } = shortMcp.stats();
  const addsBefore = shortMcp.stats().calls.add ?? 0;
  const { toolCalls } = await chatWithMcp(request, server.id, "/mcp add 2 3");
  expect(toolCalls.find((p) => p.name === "add")).toMatchObject({ status: "ok" });
  expect(shortMcp.stats().calls.add ?? 0).toBe(addsBefore + 1);
  expect(shortProvider.tokenRequests().refreshToken).toBeGreaterThan(refreshesBefore);
  expect(shortMcp.stats().rejected).toBe(rejected);

  const after = await svc<Server>(request, "GET", `/v2/mcp-servers/${encodeURIComponent(server.id)}`);
  expect(after.auth.connected).toBe(true);
  if (before.auth.expiresAt && after.auth.expiresAt)
    expect(Date.parse(after.auth.expiresAt)).toBeGreaterThan(Date.parse(before.auth.expiresAt));
  await page.goto("/mcp-servers");
  await expect(row(page, server.id)).toHaveAttribute("data-state", "connected");
});

test("deleting a server asks for confirmation first", async ({ signedIn: page, request }) => {
  const server = await svc<Server>(request, "POST", "/v2/mcp-servers", registration(unique("Doomed"), provider, mcp));
  await page.goto("/mcp-servers");
  await row(page, server.id)
    .getByRole("button", { name: `Delete ${server.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Delete MCP server?" });
  await expect(dialog).toContainText(server.name);
  await page.screenshot({ path: `${SCREENS_DIR}/mcp-delete-dialog.png` });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row(page, server.id)).toBeVisible();
  await row(page, server.id)
    .getByRole("button", { name: `Delete ${server.name}` })
    .click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(row(page, server.id)).toHaveCount(0);
  const res = await request.get(`${baseURL()}/svc/v2/mcp-servers/${encodeURIComponent(server.id)}`, {
    headers: { authorization: `Bearer ${E2E_SERVICE_API_KEY}` },
  });
  expect(res.status()).toBe(404);
});
