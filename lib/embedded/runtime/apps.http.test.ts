import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, Preview } from "@/lib/api";
import type { PreviewListener } from "../preview/listener";
import { bwrapUnavailable, killAll, processesWith } from "../sandbox/test-support";
import type { EmbeddedService } from "../service";
import { call, expectSchema, waitFor } from "../test-support";
import { RESTART_PATH } from "./status-page";
import {
  askPreview,
  previewChat,
  startPreviewService,
  type PreviewAnswerSeen,
  type PreviewTarget,
} from "./test-support";

/**
 * A chat's app run by the runtime (issue 41), over real HTTP: the service's preview listener on a port of its own, a
 * zero-dependency Node server app in the bubblewrap sandbox (no registry needed), reached through the chat's preview
 * host with its token, as a browser's preview frame reaches it.
 */
const MARK = `atelier-app-${process.pid}-${Date.now()}`;
const outside = mkdtempSync(path.join(tmpdir(), "atelier-app-outside-"));
writeFileSync(path.join(outside, "secret.txt"), "server secret");

const SERVER = `
const http = require("node:http");
const fs = require("node:fs");
const net = require("node:net");
const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (url.pathname === "/crash") {
    console.error("crashing on purpose");
    res.end("bye");
    setTimeout(() => process.exit(3), 20);
    return;
  }
  if (url.pathname === "/echo") {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => res.end(req.method + " " + body + " host=" + req.headers.host + " token=" + (req.headers["x-v0-preview-token"] ?? "none") + " cookie=" + (req.headers.cookie ?? "none")));
    return;
  }
  if (url.pathname === "/read") {
    try { res.end(fs.readFileSync(url.searchParams.get("path"), "utf8")); } catch (e) { res.end("error " + e.code); }
    return;
  }
  if (url.pathname === "/reach") {
    const socket = net.connect(Number(url.searchParams.get("port")), "127.0.0.1");
    socket.on("connect", () => { socket.destroy(); res.end("reached"); });
    socket.on("error", (e) => res.end("error " + e.code));
    return;
  }
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end("<!doctype html><html><head></head><body><h1>" + fs.readFileSync("message.txt", "utf8").trim() + "</h1></body></html>");
});
server.on("upgrade", (req, socket) => {
  socket.write("HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: echo\\r\\nConnection: Upgrade\\r\\n\\r\\n");
  socket.on("data", (chunk) => socket.write("echo:" + chunk));
});
console.log("listening on", process.env.PORT);
server.listen(Number(process.env.PORT), process.env.HOST);
`;

const appFiles = (name: string) => [
  { name: "package.json", content: JSON.stringify({ name: "app", scripts: { start: `node ${name}.js` } }) },
  { name: `${name}.js`, content: SERVER },
  { name: "message.txt", content: "first answer\n" },
];

let svc: EmbeddedService;
let listener: PreviewListener;
const cacheDir = mkdtempSync(path.join(tmpdir(), "atelier-app-cache-"));

beforeAll(async () => {
  ({ svc, listener } = await startPreviewService((port) => ({
    appRuntime: { settings: { cacheDir, idleStopMs: 4_000, startTimeoutMs: 20_000 }, ownPorts: [port] },
  })));
});
afterAll(async () => {
  await svc?.close();
  await listener?.close();
  killAll(MARK);
  rmSync(outside, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
});

const newChat = (files: Array<{ name: string; content: string }>) => previewChat(svc, listener.port, files);
const ask = askPreview;

/** Asks until the app answers 200 (its state page answers 503 while it installs and starts). */
async function untilServed(chat: PreviewTarget, at: string, timeoutMs = 20_000) {
  let last: PreviewAnswerSeen | null = null;
  try {
    return await waitFor(async () => {
      last = await ask(chat, at);
      return last.status === 200 ? last : undefined;
    }, timeoutMs);
  } catch (error) {
    throw new Error(`not served: the last answer was ${JSON.stringify(last)}`, { cause: error });
  }
}

/** Asks until the app's state page says it crashed. */
const untilCrashed = (chat: PreviewTarget) =>
  waitFor(async () => {
    const res = await ask(chat, "/");
    return res.headers["x-atelier-app-state"] === "crashed" ? res : undefined;
  }, 30_000);

const hand = (chatId: string, files: Array<{ path: string; content: string | null }>) =>
  call(svc, "PATCH", `/v2/chats/${chatId}/files`, { body: { files } });

describe.skipIf(bwrapUnavailable)("a zero-dependency Node server app", () => {
  let chat: Awaited<ReturnType<typeof newChat>>;
  beforeAll(async () => {
    chat = await newChat(appFiles(MARK));
  });

  test("its preview says it is starting, then is the app's own answer, the reporter put in its page", async () => {
    const first = await ask(chat, "/");
    expect([200, 503]).toContain(first.status);
    if (first.status === 503) {
      expect(first.body).toContain('data-testid="app-status"');
      expect(first.headers["x-atelier-app-state"]).toMatch(/^(installing|starting)$/);
    }
    const res = await untilServed(chat, "/");
    expect(res.body).toContain("<h1>first answer</h1>");
    // The preview's sandboxing and the reporter, as for files.
    expect(String(res.headers["content-security-policy"])).toContain("sandbox allow-scripts");
    expect(res.body).toMatch(/<script nonce=/);
  });

  test("a request's method and body pass through; the preview's own token and cookie never reach the app", async () => {
    const res = await ask(chat, "/echo", {
      method: "POST",
      body: "hello",
      headers: { cookie: `atelier_preview=${chat.token}; theirs=1` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe(`POST hello host=localhost:3000 token=none cookie=theirs=1`);
  });

  test("a hand edit of a file reaches the running app", async () => {
    expect((await hand(chat.chatId, [{ path: "message.txt", content: "second answer\n" }])).status).toBe(200);
    await waitFor(async () => ((await ask(chat, "/")).body.includes("<h1>second answer</h1>") ? true : undefined));
  });

  test("an edit of a `start` server's own code starts it again with it (it has no watcher of its own)", async () => {
    const edited = SERVER.replace(
      '"<!doctype html><html><head></head><body><h1>"',
      '"<!doctype html><html><head></head><body><h1>v2 "',
    );
    expect(edited).not.toBe(SERVER);
    await hand(chat.chatId, [{ path: `${MARK}.js`, content: edited }]);
    await waitFor(async () => ((await ask(chat, "/")).body.includes("<h1>v2 second answer</h1>") ? true : undefined));
  });

  test("a WebSocket-style upgrade passes through both ways (hot reload's connection)", async () => {
    const socket = net.connect(listener.port, "127.0.0.1");
    const received = await new Promise<string>((resolve, reject) => {
      let text = "";
      socket.on("connect", () =>
        socket.write(
          `GET /hmr HTTP/1.1\r\nHost: ${chat.host}\r\nx-v0-preview-token: ${chat.token}\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n`,
        ),
      );
      socket.on("data", (c: Buffer) => {
        text += c.toString();
        if (text.includes("\r\n\r\n") && !text.includes("echo:")) socket.write("ping");
        if (text.includes("echo:ping")) resolve(text);
      });
      socket.on("error", reject);
    });
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 101/);
  });

  test("an upgrade without the chat's token is refused", async () => {
    const socket = net.connect(listener.port, "127.0.0.1");
    const received = await new Promise<string>((resolve) => {
      let text = "";
      socket.on("connect", () =>
        socket.write(`GET /hmr HTTP/1.1\r\nHost: ${chat.host}\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n`),
      );
      socket.on("data", (c: Buffer) => (text += c.toString()));
      socket.on("close", () => resolve(text));
    });
    expect(received).toMatch(/^HTTP\/1\.1 401/);
  });

  test("the app cannot read outside its copy nor reach the server's ports", async () => {
    expect((await ask(chat, `/read?path=${encodeURIComponent(path.join(outside, "secret.txt"))}`)).body).toBe(
      "error ENOENT",
    );
    expect((await ask(chat, "/read?path=message.txt")).body).toBe("second answer\n");
    expect((await ask(chat, `/reach?port=${listener.port}`)).body).toMatch(/^error E/);
  });

  test("a crash shows its state and its log's tail; Restart brings it back", async () => {
    await ask(chat, "/crash");
    const crashed = await untilCrashed(chat);
    expect(crashed.status).toBe(502);
    expect(crashed.body).toContain("exited with code 3");
    expect(crashed.body).toContain("crashing on purpose");
    expect(crashed.body).toContain(RESTART_PATH);

    const restart = await ask(chat, RESTART_PATH);
    expect(restart.status).toBe(303);
    expect(restart.headers.location).toBe("/");
    expect((await untilServed(chat, "/")).body).toContain("<h1>v2 second answer</h1>");
  });

  test("a crashed app whose files change starts again with them", async () => {
    await ask(chat, "/crash");
    await untilCrashed(chat);
    await hand(chat.chatId, [{ path: "message.txt", content: "fixed answer\n" }]);
    expect((await untilServed(chat, "/")).body).toContain("<h1>v2 fixed answer</h1>");
  });

  test("an app nobody views stops (its processes gone), and starts again when viewed", async () => {
    await untilServed(chat, "/");
    expect(processesWith(MARK).length).toBeGreaterThan(0);
    // idleStopMs is 4 s in this service: nobody asks meanwhile.
    await waitFor(async () => (processesWith(MARK).length === 0 ? true : undefined), 20_000);
    expect((await untilServed(chat, "/")).body).toContain("<h1>v2 fixed answer</h1>");
  });
});

describe.skipIf(bwrapUnavailable)("an app with dependencies (a local package: no registry needed)", () => {
  const server = (mark: string) => `
const http = require("node:http");
const greet = require("greet");
let extra = "";
try { extra = " " + require("shout")("and more"); } catch {}
http.createServer((req, res) => res.end(greet("app") + extra)).listen(Number(process.env.PORT), process.env.HOST);
// ${mark}
`;
  const pkg = (deps: Record<string, string>) =>
    JSON.stringify({ name: "deps-app", scripts: { dev: "node server.js" }, dependencies: deps });

  test("is installed with npm (its log says so), then runs; a change of package.json installs again", async () => {
    const chat = await newChat([
      { name: "package.json", content: pkg({ greet: "file:./vendor/greet" }) },
      { name: "server.js", content: server(MARK) },
      {
        name: "vendor/greet/package.json",
        content: JSON.stringify({ name: "greet", version: "1.0.0", main: "index.js" }),
      },
      { name: "vendor/greet/index.js", content: 'module.exports = (name) => "hello " + name;' },
      {
        name: "vendor/shout/package.json",
        content: JSON.stringify({ name: "shout", version: "1.0.0", main: "index.js" }),
      },
      { name: "vendor/shout/index.js", content: "module.exports = (text) => text.toUpperCase();" },
    ]);
    const first = await ask(chat, "/");
    if (first.status === 503) expect(first.headers["x-atelier-app-state"]).toMatch(/^(installing|starting)$/);
    expect((await untilServed(chat, "/", 60_000)).body).toBe("hello app");
    // The install wrote a cache of this chat's own (its files could steer npm), not the folder every chat reads.
    const caches = readdirSync(cacheDir);
    expect(caches.length).toBeGreaterThan(0);
    for (const name of caches) expect(name).toMatch(/^[0-9a-f]{32}$/);

    await hand(chat.chatId, [
      { path: "package.json", content: pkg({ greet: "file:./vendor/greet", shout: "file:./vendor/shout" }) },
    ]);
    await waitFor(async () => ((await ask(chat, "/")).body === "hello app AND MORE" ? true : undefined), 60_000);
  }, 150_000);

  test("a failed install shows its state, the step and npm's output", async () => {
    const chat = await newChat([
      // Not a version, range or tag: npm refuses it before asking any registry.
      { name: "package.json", content: pkg({ bad: "not a version!" }) },
      { name: "server.js", content: server(MARK) },
    ]);
    const res = await untilCrashed(chat);
    expect(res.body).toContain("The install failed");
    expect(res.body).toContain("npm install");
  }, 60_000);
});

describe.skipIf(bwrapUnavailable)("the scripted agent's /node-app", () => {
  test("writes a Node server app whose preview is that server: its page and its API", async () => {
    const res = await call(svc, "POST", "/v2/chats", { body: { message: "A reading list /node-app /fast" } });
    const chatId = expectSchema(ChatWithUsage, res.body).chat.id;
    const preview = expectSchema(Preview, (await call(svc, "GET", `/v2/chats/${chatId}/preview`)).body)!;
    const chat = { port: listener.port, host: new URL(preview.url).host, token: preview.token! };
    const api = await untilServed(chat, "/api/time");
    expect(JSON.parse(api.body)).toMatchObject({ served: "by the app's own Node server" });
    const page = await ask(chat, "/");
    expect(page.status).toBe(200);
    expect(page.body).toContain('<link rel="stylesheet"');
    expect(page.body).toMatch(/<script nonce=/);
  });
});

describe.skipIf(bwrapUnavailable)("chats that are not apps", () => {
  test("a chat without package.json is served as files, as before", async () => {
    const chat = await newChat([{ name: "index.html", content: "<h1>static</h1>" }]);
    const res = await ask(chat, "/");
    expect(res.status).toBe(200);
    expect(res.body).toContain("<h1>static</h1>");
    expect(res.headers["x-atelier-app-state"]).toBeUndefined();
    // And other methods are still refused for files.
    expect((await ask(chat, "/", { method: "POST" })).status).toBe(405);
  });

  test("an app whose start script fails shows it crashed, with its output", async () => {
    const chat = await newChat([
      { name: "package.json", content: JSON.stringify({ scripts: { start: "echo broken-start >&2; exit 7" } }) },
    ]);
    const res = await untilCrashed(chat);
    expect(res.body).toContain("exited with code 7");
    expect(res.body).toContain("broken-start");
  });
});
