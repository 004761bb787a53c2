import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, Preview } from "@/lib/api";
import { PreviewLinks } from "./links";
import type { EmbeddedService } from "../service";
import { BASE, TEST_KEY, call, expectSchema, startService } from "../test-support";

/** GET /v2/chats/{chatId}/preview and the preview files it points at (wire-decisions.md 7). */
let svc: EmbeddedService;
let chatId: string;
let url: string;
beforeAll(async () => {
  svc = await startService();
  const res = await call(svc, "POST", "/v2/chats", {
    body: { message: `Build a <script>alert("x")</script> & "quote" board` },
  });
  chatId = expectSchema(ChatWithUsage, res.body).chat.id;
  const preview = expectSchema(Preview, (await call(svc, "GET", `/v2/chats/${chatId}/preview`)).body);
  url = preview!.url;
});
afterAll(() => svc.close());

/** Fetches a preview URL without any Authorization header (as an iframe would). */
const open = (href: string, method = "GET") => svc.handle(new Request(href, { method }));

describe("GET /v2/chats/{chatId}/preview", () => {
  test("is null while the chat has no completed version", async () => {
    // /fail stops before the agent writes anything (its version is failed).
    const res = await call(svc, "POST", "/v2/chats", { body: { message: "/fail nothing" } });
    const fresh = expectSchema(ChatWithUsage, res.body).chat.id;
    const preview = await call(svc, "GET", `/v2/chats/${fresh}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body).toBeNull();
    expectSchema(Preview, preview.body);
  });

  test("gives {url, expiresAt} under the service's base once files exist", async () => {
    const preview = expectSchema(Preview, (await call(svc, "GET", `/v2/chats/${chatId}/preview`)).body)!;
    expect(preview.url).toBe(url);
    expect(preview.url.startsWith(`${BASE}/preview/${chatId}/`)).toBe(true);
    expect(preview.url.endsWith("/index.html")).toBe(true);
    const ttl = Date.parse(preview.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(60 * 60 * 1000 - 1000);
    expect(ttl).toBeLessThanOrEqual(2 * 60 * 60 * 1000);
  });
});

describe("serving the preview", () => {
  test("serves index.html as text/html without a bearer header, sandboxed", async () => {
    const res = await open(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toMatch(/^sandbox allow-scripts/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await res.text();
    expect(html).toContain('<link rel="stylesheet" href="styles.css" />');
    // The prompt shapes the page but is escaped.
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quote&quot; board");
  });

  test("serves the other files with their content types; the directory serves index.html", async () => {
    const base = url.replace(/index\.html$/, "");
    expect((await open(`${base}styles.css`)).headers.get("content-type")).toBe("text/css; charset=utf-8");
    const js = await open(`${base}app.js`);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await js.text()).not.toMatch(/<\/script>/i);
    const dir = await open(base);
    expect(dir.status).toBe(200);
    expect(dir.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const head = await open(url, "HEAD");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect((await open(`${base}missing.png`)).status).toBe(404);
  });

  test("rejects traversal, encoded or not", async () => {
    const base = url.replace(/index\.html$/, "");
    for (const bad of ["..%2f..%2fsecrets.json", "%2e%2e%2fsecrets.json", "a%5c..%5cb", "..%252f", "%00index.html"]) {
      const res = await open(`${base}${bad}`);
      expect([400, 404], bad).toContain(res.status);
      expect(res.headers.get("content-type"), bad).toMatch(/^text\/plain/);
    }
    expect((await open(`${base}..%2f..%2fsecrets.json`)).status).toBe(400);
    // Double encoding, encoded backslashes and control characters are refused outright.
    for (const bad of ["%252e%252e%252fsecrets.json", "..%252f", "%255c", "a%5cb", "%2e%2e%5cx", "x%0ay"]) {
      expect((await open(`${base}${bad}`)).status, bad).toBe(400);
    }
    // Dot segments are resolved by the URL parser before routing: they leave the token's scope and miss.
    for (const bad of ["../../v2/chats", "%2e%2e/%2e%2e/v2/chats", "./../x"]) {
      const res = await open(`${base}${bad}`);
      expect(res.status, bad).not.toBe(200);
    }
  });

  test("a wrong, foreign or expired token opens nothing", async () => {
    const other = expectSchema(
      ChatWithUsage,
      (await call(svc, "POST", "/v2/chats", { body: { message: "other" } })).body,
    ).chat.id;
    const token = url.split("/").at(-2)!;
    expect((await open(url.replace(token, `${token.slice(0, -2)}xx`))).status).toBe(404);
    expect((await open(url.replace(chatId, other))).status).toBe(404);
    const old = new PreviewLinks(TEST_KEY, BASE).create(chatId, new Date(Date.now() - 3 * 60 * 60 * 1000));
    expect((await open(old.url)).status).toBe(403);
    const foreignKey = new PreviewLinks("another key", BASE).create(chatId);
    expect((await open(foreignKey.url)).status).toBe(404);
  });

  test("only GET and HEAD", async () => {
    expect((await open(url, "POST")).status).toBe(405);
  });
});
