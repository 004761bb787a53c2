import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SCREENS_DIR, baseURL, expect, signIn, svc, test } from "./fixtures";

/**
 * Previews on their own origin (PREVIEW_PORT, a host per chat under `localhost`): the Preview tab frames the chat's
 * app through the handoff, at the origin's root, so its root-relative assets load with the handoff's cookie; the
 * reporter's messages reach the dashboard; a page on any other origin cannot frame the preview.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const SHOTS = "/work/notes/shots/porigin";

/** A chat from files whose page loads its script and stylesheet by root-relative paths. */
async function rootRelativeChat(request: Parameters<typeof svc>[0], label: string): Promise<string> {
  const page = `<!doctype html><html><head><link rel="stylesheet" href="/site/style.css" /></head>
<body><h1>${label}</h1><p id="status">waiting for /app.js</p><script src="/app.js"></script></body></html>`;
  const script = `document.getElementById("status").textContent = "root-relative /app.js ran";
console.log("hello from /app.js at " + location.origin);`;
  const chat = await svc<{ id: string }>(request, "POST", "/v1/chats", {
    type: "files",
    files: [
      { name: "index.html", content: page },
      { name: "app.js", content: script },
      { name: "site/style.css", content: "h1 { color: rgb(0, 128, 0); }" },
    ],
  });
  return chat.id;
}

test("a root-relative script and stylesheet load in the frame, with the handoff's cookie; the reporter is heard", async ({
  page,
  request,
}) => {
  const chatId = await rootRelativeChat(request, "Root paths");
  await signIn(page);
  await page.goto(`/chats/${chatId}?tab=preview`);
  const frameEl = page.getByTestId("preview-frame");
  await expect(frameEl).toHaveAttribute("src", /^http:\/\/p[a-z2-7]{26}\.localhost:\d+\/__atelier\/handoff\?token=/);
  expect(await frameEl.getAttribute("sandbox")).toContain("allow-same-origin");
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await expect(frame.locator("#status")).toHaveText("root-relative /app.js ran", { timeout: 20_000 });
  await expect(frame.locator("h1")).toHaveCSS("color", "rgb(0, 128, 0)");
  // The frame is at the root of the chat's own origin, redirected there by the handoff.
  const framed = page.frames().find((f) => f !== page.mainFrame())!;
  expect(framed.url()).toMatch(/^http:\/\/p[a-z2-7]{26}\.localhost:\d+\/$/);
  // The reporter's messages come from the framed origin, and the dashboard takes them.
  await page.getByRole("button", { name: "Console" }).click();
  await expect(
    page.getByRole("region", { name: "Console" }).getByTestId("console-line").filter({ hasText: "hello from /app.js" }),
  ).toHaveCount(1);
  await expect(page.getByTestId("preview-select-element")).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/preview-root-relative.png` });
  await page.screenshot({ path: `${SCREENS_DIR}/preview-root-relative.png` });

  // "Open in a new tab" opens the same page through the handoff, at the root.
  const href = await page.getByTestId("preview-open").getAttribute("href");
  expect(href).toBe(await frameEl.getAttribute("src"));
  const tab = await page.context().newPage();
  await tab.goto(href!);
  await expect(tab).toHaveURL(/^http:\/\/p[a-z2-7]{26}\.localhost:\d+\/$/);
  await expect(tab.locator("#status")).toHaveText("root-relative /app.js ran");
  await tab.screenshot({ path: `${SHOTS}/preview-new-tab.png` });
  await tab.close();
});

test("two chats in two tabs keep their own previews (a host, and a cookie, per chat)", async ({ page, request }) => {
  const [a, b] = [await rootRelativeChat(request, "Chat A"), await rootRelativeChat(request, "Chat B")];
  const handoffOf = async (chatId: string) => {
    const preview = await svc<{ url: string; token: string }>(request, "GET", `/v2/chats/${chatId}/preview`);
    return `${preview.url}__atelier/handoff?${new URLSearchParams({ token: preview.token, path: "/" })}`;
  };
  await page.goto(await handoffOf(a));
  const other = await page.context().newPage();
  await other.goto(await handoffOf(b));
  await expect(other.locator("h1")).toHaveText("Chat B");
  await page.reload();
  await expect(page.locator("h1")).toHaveText("Chat A");
  await expect(page.locator("#status")).toHaveText("root-relative /app.js ran");
  await other.close();
});

test("a page on another origin cannot frame the preview", async ({ page, request }) => {
  const chatId = await rootRelativeChat(request, "Not for framing");
  const preview = await svc<{ url: string; token: string }>(request, "GET", `/v2/chats/${chatId}/preview`);
  const handoff = `${preview.url}__atelier/handoff?${new URLSearchParams({ token: preview.token, path: "/" })}`;
  const refusals: string[] = [];
  page.on("console", (msg) => {
    if (/frame-ancestors/.test(msg.text())) refusals.push(msg.text());
  });
  // A stranger's page on another local origin (a server of this test), framing the preview as the dashboard would.
  const stranger = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<h1>Stranger</h1><iframe src="${handoff}"></iframe>`);
  });
  await new Promise<void>((resolve) => stranger.listen(0, "127.0.0.1", resolve));
  const strangerUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}/`;
  await page.goto(strangerUrl);
  await expect.poll(() => refusals.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.frameLocator("iframe").locator("#status")).toHaveCount(0);
  // The dashboard's own origin may (the project server's).
  expect(refusals.join("\n")).toContain(new URL(baseURL()).origin);
  await page.screenshot({ path: `${SHOTS}/preview-framed-by-stranger.png` });
  stranger.close();
});
