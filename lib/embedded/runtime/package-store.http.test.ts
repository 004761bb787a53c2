import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PreviewListener } from "../preview/listener";
import { createSandbox } from "../sandbox";
import { bwrapUnavailable } from "../sandbox/test-support";
import type { EmbeddedService } from "../service";
import { call, waitFor } from "../test-support";
import { askPreview, previewChat, startPreviewService, type PreviewTarget } from "./test-support";

/**
 * The package store shared between chats (issue 41, docs/app-runtime.md "The shared package store"), over real HTTP
 * with real installs by npm in the bubblewrap sandbox: a registry peer on 127.0.0.1 (reached through the install
 * network's proxy) serves one package whose tarball is built here, so no internet is needed.
 */
const work = mkdtempSync(path.join(tmpdir(), "atelier-store-test-"));
chmodSync(work, 0o711); // the sandbox's user passes through to the cache
const cacheDir = path.join(work, "cache");
const storeDir = path.join(cacheDir, "store");

// The package: built with tar, named in the lockfile by its sha512.
const pkgDir = path.join(work, "pkg", "package");
mkdirSync(pkgDir, { recursive: true });
writeFileSync(path.join(pkgDir, "package.json"), JSON.stringify({ name: "tiny-greet", version: "1.0.0" }));
writeFileSync(path.join(pkgDir, "index.js"), 'module.exports = () => "hello from tiny-greet";\n');
execFileSync("tar", ["-czf", path.join(work, "tiny-greet-1.0.0.tgz"), "-C", path.join(work, "pkg"), "package"]);
const tarball = readFileSync(path.join(work, "tiny-greet-1.0.0.tgz"));
const sha512 = (data: Buffer | string) => createHash("sha512").update(data);
const integrity = `sha512-${sha512(tarball).digest("base64")}`;
const digest = sha512(tarball).digest("hex");
const inStore = (hex: string) => path.join(storeDir, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
const chatCache = (chatId: string) =>
  path.join(cacheDir, createHash("sha256").update(chatId).digest("hex").slice(0, 32), "npm");
const content = (npmCache: string, hex: string) =>
  path.join(npmCache, "_cacache", "content-v2", "sha512", hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));

const requests: string[] = [];
let registry: http.Server;
let registryUrl = "";
let svc: EmbeddedService;
let listener: PreviewListener;

beforeAll(async () => {
  if (bwrapUnavailable) return;
  registry = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    if (req.url === "/tiny-greet/-/tiny-greet-1.0.0.tgz") {
      res.setHeader("content-type", "application/octet-stream");
      res.end(tarball);
      return;
    }
    if (req.url === "/tiny-greet") {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          name: "tiny-greet",
          "dist-tags": { latest: "1.0.0" },
          versions: {
            "1.0.0": {
              name: "tiny-greet",
              version: "1.0.0",
              dist: { tarball: `${registryUrl}tiny-greet/-/tiny-greet-1.0.0.tgz`, integrity },
            },
          },
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end("{}");
  });
  // 127.0.0.2: the sandbox's NO_PROXY names 127.0.0.1, which npm would then try without the proxy (and fail).
  await new Promise<void>((resolve) => registry.listen(0, "127.0.0.2", resolve));
  const port = (registry.address() as AddressInfo).port;
  registryUrl = `http://127.0.0.2:${port}/`;
  ({ svc, listener } = await startPreviewService((previewPort) => ({
    appRuntime: {
      settings: {
        cacheDir,
        startTimeoutMs: 30_000,
        installNetwork: { mode: "public", hosts: [], privateHosts: [`127.0.0.2:${port}`] },
      },
      ownPorts: [previewPort],
    },
  })));
});
afterAll(async () => {
  await svc?.close();
  await listener?.close();
  await new Promise((resolve) => registry?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

const appFiles = (greeting = "") => [
  {
    name: "package.json",
    content: JSON.stringify({
      name: "app",
      scripts: { start: "node server.js" },
      dependencies: { "tiny-greet": "1.0.0" },
      description: greeting,
    }),
  },
  {
    name: "package-lock.json",
    content: JSON.stringify({
      name: "app",
      lockfileVersion: 3,
      requires: true,
      packages: {
        "": { name: "app", dependencies: { "tiny-greet": "1.0.0" } },
        "node_modules/tiny-greet": {
          version: "1.0.0",
          resolved: `${registryUrl}tiny-greet/-/tiny-greet-1.0.0.tgz`,
          integrity,
        },
      },
    }),
  },
  { name: ".npmrc", content: `registry=${registryUrl}\n` },
  {
    name: "server.js",
    content:
      'require("node:http").createServer((req, res) => res.end(require("tiny-greet")())).listen(Number(process.env.PORT), process.env.HOST);\n',
  },
];

const newChat = (files: Array<{ name: string; content: string }>) => previewChat(svc, listener.port, files);

const ask = (chat: PreviewTarget) => askPreview(chat, "/");

async function untilServed(chat: PreviewTarget): Promise<string> {
  let last = { status: 0, body: "" };
  return waitFor(async () => {
    last = await ask(chat);
    if (last.status === 502) throw new Error("crashed");
    return last.status === 200 ? last.body : undefined;
  }, 90_000).catch(() => {
    throw new Error(`not served: ${last.status} ${last.body}`);
  });
}

const tarballRequests = () => requests.filter((r) => r.endsWith(".tgz")).length;
const storeFiles = (): string[] =>
  existsSync(storeDir) ? readdirSync(storeDir, { recursive: true, encoding: "utf8" }).map(String) : [];

describe.skipIf(bwrapUnavailable)("the package store shared between chats", () => {
  let chatA: Awaited<ReturnType<typeof newChat>>;

  test("a second chat with the same lockfile installs without downloading its tarball again", async () => {
    chatA = await newChat(appFiles());
    expect(await untilServed(chatA)).toBe("hello from tiny-greet");
    expect(tarballRequests()).toBe(1);
    // Once the install succeeded, the server took the tarball into the store (in the background).
    await waitFor(async () => (existsSync(inStore(digest)) ? true : undefined), 20_000);
    expect(readFileSync(inStore(digest)).equals(tarball)).toBe(true);

    const chatB = await newChat(appFiles());
    expect(await untilServed(chatB)).toBe("hello from tiny-greet");
    expect(tarballRequests()).toBe(1); // B's npm read it from its own cache, where the server copied it
    expect(readFileSync(content(chatCache(chatB.chatId), digest)).equals(tarball)).toBe(true);
  }, 240_000);

  test("only content whose sha512 is its name reaches the store: no forged file, no link, no index entry", async () => {
    // What a chat's sandbox could have left in its own (writable) cache.
    const cacheA = chatCache(chatA.chatId);
    const forged = sha512("what the forger claims").digest("hex");
    mkdirSync(path.dirname(content(cacheA, forged)), { recursive: true });
    writeFileSync(content(cacheA, forged), "poisoned bytes");
    const secret = path.join(work, "server-secret.txt");
    writeFileSync(secret, "a file of the server's");
    const linked = sha512("a file of the server's").digest("hex");
    mkdirSync(path.dirname(content(cacheA, linked)), { recursive: true });
    symlinkSync(secret, content(cacheA, linked));
    const good = sha512("good bytes").digest("hex"); // the sign the server has walked the cache again
    mkdirSync(path.dirname(content(cacheA, good)), { recursive: true });
    writeFileSync(content(cacheA, good), "good bytes");
    expect(readdirSync(path.join(cacheA, "_cacache"))).toContain("index-v5"); // npm's index entries, by URL

    // A change of package.json installs again, and the store takes what the cache holds once that succeeded.
    const res = await call(svc, "PATCH", `/v2/chats/${chatA.chatId}/files`, {
      body: { files: [{ path: "package.json", content: appFiles("again")[0].content }] },
    });
    expect(res.status).toBe(200);
    await waitFor(async () => (existsSync(inStore(good)) ? true : undefined), 90_000);
    expect(existsSync(inStore(forged))).toBe(false);
    expect(existsSync(inStore(linked))).toBe(false);
    // Nothing but tarballs named by their sha512, in <2>/<2>/<rest>.
    for (const file of storeFiles()) expect(file).toMatch(/^[0-9a-f]{2}(\/[0-9a-f]{2}(\/[0-9a-f]{124})?)?$/);
  }, 120_000);

  test("a chat's sandbox, its cache bound writable, cannot write or read the store", async () => {
    const before = storeFiles().sort();
    const sandbox = createSandbox({ limits: { timeMs: 20_000 } });
    const r = await sandbox.run({
      command: [
        `echo x > /cache/../store/planted; echo "relative: $?"`,
        `mkdir -p ${storeDir}/aa && echo x > ${storeDir}/aa/planted; echo "host path: $?"`,
        `cat ${inStore(digest)} > /dev/null; echo "read: $?"`,
        `ls /cache/.. | grep -x store; echo "listed: $?"`,
      ].join("\n"),
      files: [],
      cache: { dir: path.dirname(chatCache(chatA.chatId)), writable: true },
    });
    expect(r.output).toMatch(/relative: [1-9]/);
    expect(r.output).toMatch(/host path: /); // the sandbox's own /tmp, if anything
    expect(r.output).toMatch(/read: [1-9]/);
    expect(r.output).toContain("listed: 1");
    expect(storeFiles().sort()).toEqual(before);
  }, 60_000);
});
