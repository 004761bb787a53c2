import type { APIResponse, Page } from "@playwright/test";
import { SCREENS_DIR, baseURL, expect, signIn, svc, test } from "./fixtures";

/**
 * The response headers on a page, an API route, an embedded-service route and a preview, and the main
 * pages working under the Content-Security-Policy: no "Refused to …" console message, no securitypolicyviolation.
 */
test.describe.configure({ mode: "serial" });

function expectCommon(headers: Record<string, string>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
  expect(headers["permissions-policy"]).toMatch(/microphone=\(\)/);
  expect(headers["permissions-policy"]).toMatch(/geolocation=\(\)/);
  // The e2e server runs on plain http: no HSTS.
  expect(headers).not.toHaveProperty("strict-transport-security");
}
const directives = (csp: string) =>
  Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));

let chatId = "";
let previewUrl = "";
let previewToken = "";

test("a page: nonce CSP, never framed", async ({ request }) => {
  const res = await request.get("/sign-in");
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expectCommon(headers);
  const csp = directives(headers["content-security-policy"]!);
  expect(csp["script-src"]).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  expect(csp["script-src"]).not.toContain("'unsafe-eval'");
  expect(csp["object-src"]).toBe("'none'");
  expect(csp["base-uri"]).toBe("'self'");
  expect(csp["form-action"]).toBe("'self'");
  expect(csp["frame-ancestors"]).toBe("'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  // Every inline script of the document carries this response's nonce; a second request gets another one.
  const nonce = /'nonce-([^']+)'/.exec(csp["script-src"]!)![1]!;
  const html = await res.text();
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1]!);
  expect(inline.length).toBeGreaterThan(0);
  for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
  const again = (await request.get("/sign-in")).headers()["content-security-policy"]!;
  expect(again).not.toContain(nonce);
});

test("an API route and an embedded-service route: nothing to load, never framed", async ({ request }) => {
  const check = (res: APIResponse) => {
    expectCommon(res.headers());
    expect(res.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  };
  const api = await request.get("/api/service/v2/chats");
  expect(api.status()).toBe(401);
  check(api);
  check(await request.get("/api/auth/session"));
  const unauthorized = await request.get("/svc/v2/chats");
  expect(unauthorized.status()).toBe(401);
  check(unauthorized);
  const created = await svc<{ chat: { id: string } }>(request, "POST", "/v2/chats", {
    message: "A tea shop landing page",
  });
  chatId = created.chat.id;
  const preview = await svc<{ url: string; token: string }>(request, "GET", `/v2/chats/${chatId}/preview`);
  previewUrl = preview.url;
  previewToken = preview.token;
  expect(new URL(previewUrl).origin).not.toBe(new URL(baseURL()).origin);
});

test("a preview: on its own origin, its sandboxing CSP, framed by the dashboard only", async ({ request }) => {
  // Node does not resolve the per-chat *.localhost host: the listener's address, with the token as a header.
  const address = new URL(previewUrl);
  address.hostname = "127.0.0.1";
  expect((await request.get(address.href)).status()).toBe(401);
  const res = await request.get(address.href, { headers: { "x-v0-preview-token": previewToken } });
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expectCommon(headers);
  const csp = directives(headers["content-security-policy"]!);
  expect(csp).toHaveProperty("sandbox");
  expect(csp.sandbox).toContain("allow-scripts");
  // Its own origin, never the dashboard's: the page keeps it (the cookie and root paths need it).
  expect(csp.sandbox).toContain("allow-same-origin");
  expect(csp["frame-ancestors"]).toBe(new URL(baseURL()).origin);
  // The old path under the dashboard's origin serves nothing.
  expect((await request.get(`/svc/preview/${chatId}/x/index.html`)).status()).toBe(410);
});

/** Collects CSP violations of the page (and its frames' console). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on("console", (msg) => {
    if (/Refused to|Content[- ]Security[- ]Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return async () => [...seen, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

test("the main pages load with no CSP violation", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  // Sign-in (the form, the theme script), then the chats page.
  await signIn(page);
  expect(await violations()).toEqual([]);
  // A chat with a streamed answer (sonner, streaming, markdown).
  await page.getByTestId("new-chat-form").getByTestId("composer").fill("A bakery landing page with a warm palette");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/);
  const assistant = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(assistant).toBeVisible({ timeout: 30_000 });
  await expect(assistant).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  expect(await violations()).toEqual([]);
  const url = page.url();
  // Files: highlighted code (the shiki worker).
  await page.goto(`${url}?file=index.html`);
  await expect(page.getByTestId("code-view")).toHaveAttribute("data-highlighted", "done", { timeout: 20_000 });
  expect(await violations()).toEqual([]);
  // Preview: the framed generated app.
  await page.goto(`${url}?tab=preview`);
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator("h1").first()).toBeVisible({
    timeout: 20_000,
  });
  expect(await violations()).toEqual([]);
  // Settings, in dark mode too (the theme script).
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.screenshot({ path: `${SCREENS_DIR}/settings-under-csp.png` });
  expect(await violations()).toEqual([]);
});
