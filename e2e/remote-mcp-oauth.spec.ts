import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { E2E_BASE_URL, E2E_PASSWORD, E2E_SERVICE_API_KEY, E2E_USERNAME, SCREENS_DIR, expect, test } from "./fixtures";
import { BrowserProvider, MCP_URL, loopback } from "./remote-mcp-client";

/**
 * The remote MCP endpoint's OAuth flow end to end, driven by the MCP SDK's own client: 401 → discovery →
 * dynamic registration → the dashboard's authorize page in the browser (sign-in, consent, Approve) → the code at a
 * loopback redirect URI (RFC 8252) → token → tools → refresh (the e2e server's access tokens live 5 s,
 * EMBEDDED_MCP_TOKEN_TTL_S) → revoke in Settings → 401.
 */

/** WCAG 2.1 A/AA violations on the page, or only `rules` (as e2e/a11y.spec.ts checks every other page). */
async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const result = await (
    rules ? axe.withRules(rules) : axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
  ).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

const mcpStatus = async (token: string) =>
  (
    await fetch(MCP_URL, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    })
  ).status;

test("a request without a token gets 401 with the resource metadata pointer; the API key is not a token", async () => {
  const res = await fetch(MCP_URL, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(res.status).toBe(401);
  expect(res.headers.get("www-authenticate")).toBe(
    `Bearer resource_metadata="${E2E_BASE_URL}/svc/.well-known/oauth-protected-resource"`,
  );
  expect(await mcpStatus(E2E_SERVICE_API_KEY)).toBe(401);
  // Where the SDK looks: the origin's path-inserted forms.
  const as = await fetch(`${E2E_BASE_URL}/.well-known/oauth-authorization-server/svc`);
  expect(await as.json()).toMatchObject({
    issuer: `${E2E_BASE_URL}/svc`,
    authorization_endpoint: `${E2E_BASE_URL}/oauth/authorize`,
  });
  const prm = await fetch(`${E2E_BASE_URL}/.well-known/oauth-protected-resource/svc/mcp`);
  expect(await prm.json()).toMatchObject({ resource: MCP_URL, authorization_servers: [`${E2E_BASE_URL}/svc`] });
});

test("revoking through the dashboard needs the session and the dashboard's own origin", async ({ page, request }) => {
  expect((await request.delete(`${E2E_BASE_URL}/api/mcp-clients/mcpc_x`)).status()).toBe(401);
  await page.goto("/sign-in");
  await page.getByLabel("Username").fill(E2E_USERNAME);
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/chats$/);
  const crossOrigin = await page.request.delete(`${E2E_BASE_URL}/api/mcp-clients/mcpc_x`, {
    headers: { origin: "https://evil.example" },
  });
  expect(crossOrigin.status()).toBe(403);
  const unknown = await page.request.delete(`${E2E_BASE_URL}/api/mcp-clients/mcpc_x`, {
    headers: { origin: E2E_BASE_URL },
  });
  expect(unknown.status()).toBe(404);
});

test("the MCP SDK client connects with OAuth: consent in the dashboard, tools, refresh, revoke → 401", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const redirect = await loopback();
  const provider = new BrowserProvider(redirect.url);
  const transport = () => new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider });
  try {
    // 1. No token: the SDK discovers, registers and asks for the browser.
    const first = transport();
    await expect(new Client({ name: "e2e-oauth", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(provider.info?.client_id).toMatch(/^mcpc_/);
    const authUrl = provider.authorizationUrl!;
    expect(authUrl.origin + authUrl.pathname).toBe(`${E2E_BASE_URL}/oauth/authorize`);
    expect(authUrl.searchParams.get("resource")).toBe(MCP_URL);
    expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");

    // 2. The browser: sign-in first (no session), then back to the consent page with the whole query.
    await page.goto(authUrl.href);
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
    await page.getByLabel("Username").fill(E2E_USERNAME);
    await page.getByLabel("Password").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    const consent = page.getByTestId("oauth-consent");
    await expect(consent).toBeVisible();
    expect(new URL(page.url()).searchParams.get("client_id")).toBe(provider.info?.client_id);
    await expect(page.getByTestId("consent-client-name")).toHaveText("E2E MCP client");
    await expect(page.getByTestId("consent-redirect-host")).toHaveText(new URL(redirect.url).host);
    await expect(consent.getByRole("radio", { name: /Embedded service/ })).toBeChecked();
    await page.screenshot({ path: `${SCREENS_DIR}/remote-mcp-oauth-consent.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // Dark mode changes only colours: contrast is checked again there. Reloaded (the page only reads the request):
    // switching the scheme on an open page would let axe catch colours mid-transition.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId("consent-client-name")).toHaveText("E2E MCP client");
    await page.screenshot({ path: `${SCREENS_DIR}/remote-mcp-oauth-consent-dark.png`, fullPage: true });
    expect(await axeViolations(page, ["color-contrast"])).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    const answered = redirect.next();
    await consent.getByRole("button", { name: "Approve" }).click();
    const query = await answered;
    expect(query.get("error")).toBeNull();
    expect(query.get("iss")).toBe(`${E2E_BASE_URL}/svc`);
    const code = query.get("code")!;
    expect(code).toBeTruthy();

    // 3. Token, then tools.
    await first.finishAuth(code);
    const client = new Client({ name: "e2e-oauth", version: "1.0.0" });
    await client.connect(transport());
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("create_chat");
    const created = await client.callTool({ name: "create_chat", arguments: { message: "A tide table /fast" } });
    expect(created.isError).toBeFalsy();
    const { chat } = created.structuredContent as { chat: { id: string; url: string } };
    expect(chat.url).toBe(`${E2E_BASE_URL}/chats/${encodeURIComponent(chat.id)}`);

    // 4. Refresh: once the access token has expired, the SDK refreshes (rotating the refresh token) and goes on.
    const before = provider.saved!;
    await expect.poll(() => mcpStatus(before.access_token), { timeout: 15_000, intervals: [1000] }).toBe(401);
    const got = await client.callTool({ name: "get_chat", arguments: { chatId: chat.id } });
    expect(got.isError).toBeFalsy();
    const after = provider.saved!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(await mcpStatus(after.access_token)).toBe(200);

    // 5. Revoke in Settings → Connected MCP clients.
    await page.goto("/settings");
    const row = page.getByTestId("mcp-client").filter({ hasText: "E2E MCP client" });
    await expect(row).toBeVisible();
    await expect(row).toContainText(new URL(redirect.url).host);
    await page.getByTestId("settings-mcp-clients").scrollIntoViewIfNeeded();
    await page
      .getByTestId("settings-mcp-clients")
      .screenshot({ path: `${SCREENS_DIR}/remote-mcp-connected-clients.png` });
    await row.getByRole("button", { name: "Revoke" }).click();
    const dialog = page.getByTestId("revoke-mcp-client-dialog");
    await expect(dialog).toContainText("E2E MCP client");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expect(row).toHaveCount(0);

    // 6. Revoked: the access token is refused at once, and the refresh token no longer works (the SDK asks again).
    expect(await mcpStatus(after.access_token)).toBe(401);
    await expect(client.callTool({ name: "list_chats", arguments: {} })).rejects.toThrow();
    await client.close();
  } finally {
    redirect.server.close();
  }
});

test("Deny sends access_denied back to the client; an unregistered redirect URI is never redirected to", async ({
  page,
}) => {
  const redirect = await loopback();
  const provider = new BrowserProvider(redirect.url);
  try {
    await expect(
      new Client({ name: "e2e-deny", version: "1.0.0" }).connect(
        new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider }),
      ),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    const authUrl = provider.authorizationUrl!;
    await page.goto("/sign-in");
    await page.getByLabel("Username").fill(E2E_USERNAME);
    await page.getByLabel("Password").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/chats$/);

    const bad = new URL(authUrl);
    bad.searchParams.set("redirect_uri", "https://evil.example/callback");
    await page.goto(bad.href);
    await expect(page.getByTestId("oauth-refused")).toContainText("redirect_uri");
    expect(new URL(page.url()).origin).toBe(E2E_BASE_URL);

    await page.goto(authUrl.href);
    const answered = redirect.next();
    await page.getByTestId("oauth-consent").getByRole("button", { name: "Deny" }).click();
    const query = await answered;
    expect(query.get("error")).toBe("access_denied");
    expect(query.get("code")).toBeNull();
    expect(query.get("state")).toBe(authUrl.searchParams.get("state"));
  } finally {
    redirect.server.close();
  }
});

test("a browser page of another origin can discover, register and be told to authorize (CORS); the API stays closed", async ({
  browser,
}) => {
  // localhost and 127.0.0.1 are different origins to the browser. bypassCSP: the sign-in page's own policy would
  // stop its fetches before CORS is even asked; CORS itself is the browser's, unchanged.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${E2E_BASE_URL.replace("127.0.0.1", "localhost")}/sign-in`);
  const seen = await page.evaluate(
    async ({ base, key }) => {
      const read = async (res: Promise<Response>) => {
        try {
          const r = await res;
          return { status: r.status, auth: r.headers.get("www-authenticate"), body: await r.text() };
        } catch (error) {
          return { error: String(error) };
        }
      };
      const headers = { "content-type": "application/json", "mcp-protocol-version": "2025-06-18" };
      return {
        metadata: await read(fetch(`${base}/.well-known/oauth-protected-resource/svc/mcp`, { headers })),
        register: await read(
          fetch(`${base}/svc/oauth/register`, {
            method: "POST",
            headers,
            body: JSON.stringify({ client_name: "Web page", redirect_uris: ["https://web.example/cb"] }),
          }),
        ),
        mcp: await read(fetch(`${base}/svc/mcp`, { method: "POST", headers, body: "{}" })),
        api: await read(fetch(`${base}/svc/v2/chats`, { headers: { authorization: `Bearer ${key}` } })),
      };
    },
    { base: E2E_BASE_URL, key: "not-the-key" },
  );
  expect(seen.metadata).toMatchObject({ status: 200 });
  expect(JSON.parse((seen.metadata as { body: string }).body)).toMatchObject({ resource: MCP_URL });
  expect(seen.register).toMatchObject({ status: 201 });
  expect(seen.mcp).toMatchObject({ status: 401 });
  expect((seen.mcp as { auth: string }).auth).toContain("resource_metadata=");
  // The v2 API answers no other origin: the browser refuses to hand the answer over.
  expect(seen.api).toMatchObject({ error: expect.stringContaining("Failed to fetch") });
  await context.close();
});
