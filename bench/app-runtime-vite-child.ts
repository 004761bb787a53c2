import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { PREVIEW_HANDOFF_PATH } from "../lib/api/preview-origin";
import { listenForPreviews, type PreviewListener } from "../lib/embedded/preview/listener";
import { DEFAULT_INSTALL_HOSTS } from "../lib/embedded/runtime/settings";
import { createEmbeddedService, type EmbeddedService } from "../lib/embedded/service";
import { chromiumPath, launchChromium } from "./browser";

/**
 * The app runtime bench's Vite part (bench/app-runtime.ts runs it when the registry is reached:
 * APP_RUNTIME_REGISTRY_TESTS=1, and APP_INSTALL_PRIVATE_HOSTS where the registry's name resolves to a reserved
 * address). A Vite 7 app with its npm lockfile (made here once with `npm install --package-lock-only`): from opening
 * the preview to its first byte with a cold cache (a new service, an empty APP_CACHE_DIR) and with the package store
 * warm (another chat with the same lockfile on the service whose store the first filled); then, in Chromium through
 * the preview origin, from a hand edit (PATCH …/files) to the page's text changed by Vite's hot module replacement.
 * Prints the samples as JSON.
 */
const [coldRounds, warmRounds, edits] = process.argv.slice(2).map(Number) as [number, number, number];
const KEY = "sk_bench_app_runtime_vite";
const work = mkdtempSync(path.join(tmpdir(), "atelier-bench-vite-"));

const PKG = JSON.stringify({
  name: "bench-vite",
  private: true,
  scripts: { dev: "vite" },
  devDependencies: { vite: "^7" },
});
writeFileSync(path.join(work, "package.json"), PKG);
// `resolved` kept (this machine's npmrc may omit it): npm reads a tarball by its integrity only with it.
execFileSync(
  "npm",
  [
    "install",
    "--package-lock-only",
    "--ignore-scripts",
    "--no-audit",
    "--no-fund",
    "--omit-lockfile-registry-resolved=false",
  ],
  { cwd: work, stdio: "ignore" },
);
const LOCK = readFileSync(path.join(work, "package-lock.json"), "utf8");
const viteVersion = (JSON.parse(LOCK) as { packages: Record<string, { version?: string }> }).packages[
  "node_modules/vite"
]?.version;

const MAIN = (text: string) =>
  `document.querySelector("#t").textContent = ${JSON.stringify(text)};\nif (import.meta.hot) import.meta.hot.accept();\n`;
const FILES = [
  { name: "package.json", content: PKG },
  { name: "package-lock.json", content: LOCK },
  {
    name: "index.html",
    content:
      '<!doctype html><html><body><h1 id="t">loading</h1><script type="module" src="/main.js"></script></body></html>',
  },
  { name: "main.js", content: MAIN("v0") },
];

interface Service {
  svc: EmbeddedService;
  listener: PreviewListener;
  api(method: string, at: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

async function service(cacheDir: string): Promise<Service> {
  let svc: EmbeddedService | null = null;
  const listener = await listenForPreviews({ port: 0, host: "127.0.0.1", handle: (req) => svc!.handlePreview(req) });
  svc = await createEmbeddedService({
    apiKey: KEY,
    dataDir: "memory://",
    publicBaseUrl: "http://bench.test/svc",
    agentDelayMs: 0,
    previewOrigin: `http://*.localhost:${listener.port}`,
    appRuntime: {
      settings: {
        cacheDir,
        maxRunning: 2,
        startTimeoutMs: 120_000,
        installNetwork: {
          mode: "public",
          hosts: DEFAULT_INSTALL_HOSTS,
          privateHosts: (process.env.APP_INSTALL_PRIVATE_HOSTS ?? "").split(",").filter(Boolean),
        },
      },
      ownPorts: [listener.port],
    },
  });
  const s = svc;
  return {
    svc: s,
    listener,
    async api(method, at, body) {
      const res = await s.handle(
        new Request(`http://bench.test/svc${at}`, {
          method,
          headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      if (!res.ok) throw new Error(`${method} ${at}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    async close() {
      await s.close();
      await listener.close();
    },
  };
}

function ask(port: number, host: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) =>
    http
      .get({ host: "127.0.0.1", port, path: "/", headers: { host, "x-v0-preview-token": token } }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      })
      .on("error", reject),
  );
}

/** A new chat of the Vite app, timed from its first preview request to the app's page (200 with Vite's client). */
async function openApp(s: Service): Promise<{ ms: number; chatId: string; host: string; token: string }> {
  const created = (await s.api("POST", "/v2/chats/from-files", { files: FILES })) as { chat: { id: string } };
  const chatId = created.chat.id;
  const preview = (await s.api("GET", `/v2/chats/${chatId}/preview`)) as { url: string; token: string };
  const host = new URL(preview.url).host;
  const start = performance.now();
  const deadline = Date.now() + 300_000;
  for (;;) {
    const answer = await ask(s.listener.port, host, preview.token);
    if (answer.status === 200 && answer.body.includes("/@vite/client")) break;
    if (answer.status === 502) throw new Error(`the Vite app crashed: ${answer.body.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error("the Vite app did not answer within 300 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ms: performance.now() - start, chatId, host, token: preview.token };
}

const cold: number[] = [];
for (let round = 0; round < coldRounds; round++) {
  const cacheDir = mkdtempSync(path.join(tmpdir(), "atelier-bench-vite-cold-"));
  const s = await service(cacheDir);
  try {
    cold.push((await openApp(s)).ms);
  } finally {
    await s.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

const cacheDir = mkdtempSync(path.join(tmpdir(), "atelier-bench-vite-warm-"));
const s = await service(cacheDir);
const warm: number[] = [];
const reload: number[] = [];
let reloadedPage = 0;
try {
  await openApp(s); // fills the store (in the background once its install succeeded)
  // The store is filled once the first chat's install has been walked (in the background): wait until it settles.
  const storeCount = () => {
    try {
      return execFileSync("find", [path.join(cacheDir, "store"), "-type", "f"], { encoding: "utf8" }).split("\n")
        .length;
    } catch {
      return 0;
    }
  };
  for (let tries = 0, before = -1; tries < 120; tries++) {
    const now = storeCount();
    if (now > 1 && now === before) break;
    before = now;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  let last: Awaited<ReturnType<typeof openApp>> | null = null;
  for (let round = 0; round < warmRounds; round++) {
    last = await openApp(s);
    warm.push(last.ms);
  }

  // Hot reload in Chromium, through the preview origin (the handoff sets the preview's cookie).
  const browser = await launchChromium(chromiumPath());
  try {
    const page = await browser.newPage();
    const origin = `http://${last!.host}`;
    await page.goto(`${origin}${PREVIEW_HANDOFF_PATH}?token=${encodeURIComponent(last!.token)}&path=/`);
    await page.waitForFunction(() => document.querySelector("#t")?.textContent === "v0", null, { timeout: 60_000 });
    await page.evaluate(() => ((window as unknown as { benchMark: number }).benchMark = 1));
    await new Promise((resolve) => setTimeout(resolve, 1000)); // Vite's WebSocket connected
    for (let n = 1; n <= edits; n++) {
      const start = performance.now();
      await s.api("PATCH", `/v2/chats/${last!.chatId}/files`, { files: [{ path: "main.js", content: MAIN(`v${n}`) }] });
      await page.waitForFunction((text) => document.querySelector("#t")?.textContent === text, `v${n}`, {
        polling: "raf",
        timeout: 30_000,
      });
      reload.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const marked = await page.evaluate(() => (window as unknown as { benchMark?: number }).benchMark === 1);
    reloadedPage = marked ? 0 : 1;
  } finally {
    await browser.close();
  }
} finally {
  await s.close();
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
console.log(
  JSON.stringify({
    vite: viteVersion ?? "?",
    packages: Object.keys((JSON.parse(LOCK) as { packages: object }).packages).length - 1,
    fullReloads: reloadedPage,
    samples: [
      { label: "Vite app, cold cache: open the preview → first byte", samples: cold },
      { label: "Vite app, package store warm (another chat): open the preview → first byte", samples: warm },
      { label: "Vite app in Chromium: hand edit → page text updated (HMR)", samples: reload },
    ],
  }),
);
