import { describe, expect, test } from "vitest";
import { ChatWithUsage } from "@/lib/api";
import { call, expectSchema, openPreview, serviceForFile } from "../test-support";
import { REPORTER_SOURCE, withReporter } from "./reporter";

/** The preview's reporter script and the `/broken` directive, over HTTP. */
const svc = serviceForFile();

/** A file of the chat's preview, with the token header (as the official client's fetchPreview asks). */
const previewOf = async (chatId: string) => (path: string) => openPreview(svc, chatId, path);

async function newChat(message: string): Promise<string> {
  const res = await call(svc, "POST", "/v2/chats", { body: { message } });
  return expectSchema(ChatWithUsage, res.body).chat.id;
}

describe("the reporter in served pages", () => {
  test("is first in the page's head, nonce'd in the page's CSP, new for every response, under 3 KB", async () => {
    const open = await previewOf(await newChat("A notes board"));
    const first = await open("index.html");
    const html = await first.text();
    const nonce = /<head>(?:\s*)<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(nonce, html.slice(0, 300)).toBeTruthy();
    const csp = first.headers.get("content-security-policy")!;
    expect(csp).toMatch(/^sandbox allow-scripts/);
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).not.toContain("'unsafe-inline'");
    expect(html).toContain(REPORTER_SOURCE);
    expect(Buffer.byteLength(REPORTER_SOURCE)).toBeLessThan(3 * 1024);
    // It posts to the parent and never reads it.
    expect(REPORTER_SOURCE).toContain("postMessage");
    expect(REPORTER_SOURCE).not.toMatch(/parent\.(document|location|frames)/);
    const second = await open("index.html");
    expect(second.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
    // Other files are served as stored, with no script-src of their own.
    const js = await open("app.js");
    expect(await js.text()).not.toContain(REPORTER_SOURCE);
    expect(js.headers.get("content-security-policy")).not.toContain("script-src");
  });

  test("moves no line of the page; the page's inline scripts get the nonce, its handler attributes their hashes", () => {
    const page = `<!doctype html>\n<html>\n<head><title>x</title></head>\n<body onload="go()">\n<script>go()</script>\n<script src="a.js"></script>\n</body></html>`;
    const { html, scriptSrc } = withReporter(page);
    expect(html.split("\n").length).toBe(page.split("\n").length);
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1];
    expect(html).toContain(`<script nonce="${nonce}">go()</script>`);
    // Its own scripts load in CORS mode (their errors are not muted); others' are left as they are.
    expect(html).toContain(`<script crossorigin src="a.js"></script>`);
    expect(withReporter('<script src="https://cdn.example/x.js"></script>').html).toContain(
      '<script src="https://cdn.example/x.js">',
    );
    expect(scriptSrc).toContain("'unsafe-hashes'");
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    // A page without a head: the reporter still comes first.
    expect(withReporter("<p>hi</p>").html).toMatch(/^<script nonce="[^"]+">.*<\/script><p>hi<\/p>$/s);
  });
});

test("a missing file answers 404 to the page's own HEAD (the reporter asks its status so, at the page's own origin)", async () => {
  const missing = await openPreview(svc, await newChat("A notes board"), "missing.png", "HEAD");
  expect(missing.status).toBe(404);
  expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
  // That the reporter asks only its own origin's URLs again, and takes pick mode from its parent only, is run in
  // reporter-script.test.ts.
});

describe("/broken", () => {
  test("the app throws 'broken on purpose' and logs one console.error on load; a prompt asking to fix it writes it whole", async () => {
    const chatId = await newChat("/broken A tip calculator");
    const open = await previewOf(chatId);
    const appJs = () => open("app.js").then((r) => r.text());
    const broken = await appJs();
    expect(broken).toMatch(/throw new Error\("[^"]*broken on purpose[^"]*"\)/);
    expect(broken.match(/console\.error\(/g)).toHaveLength(1);
    // Quoting the error (as "Fix with agent" does) must not carry the directive back in.
    expect(broken).not.toMatch(/\s\/broken\b/);

    // Another prompt that does not ask for a fix keeps it broken.
    await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "Add a footer" } });
    expect(await appJs()).toContain("broken on purpose");

    const res = await call(svc, "POST", `/v2/chats/${chatId}/messages`, {
      body: { message: "Fix these problems in the preview: Uncaught Error at app.js:80" },
    });
    expect(res.status).toBe(200);
    const fixed = await appJs();
    expect(fixed).not.toContain("broken on purpose");
    expect(fixed).not.toContain("console.error(");
    expect(fixed).toContain('var STORAGE_KEY = "atelier:');
  });
});
