import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { chromiumPath, launchChromium, noChromium, sampleRow, signIn, skipped } from "./browser";
import { median, type BenchModule } from "./harness";
import { distDirOrNull, startBenchServer, type BenchServer } from "./server";

/**
 * A new chat in Chromium against a built server (`next start`, fresh data dir, agent delay 0): from Enter in the
 * new-chat box on /chats to the answer's first part in the DOM, against the API alone in the same run — a `fetch`
 * from the page to the stream endpoint (through the dashboard's proxy, as the page's own request goes) until the first
 * `message.parts.chunk` event arrives. Target: the page takes at most 1.25× the API's time (medians). A third
 * measurement, the floor, sends the same request from the bench's own keydown listener on the same Enter (floorRun).
 * Each run starts from a freshly loaded /chats page; the two measurements alternate which goes first.
 * Needs a production build (NEXT_DIST_DIR, default .next) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
const PORT = Number(process.env.BENCH_PORT || 3119);
const TARGET = 1.25;
const PROMPT = "A tide clock for the harbour";

/** /chats loaded and hydrated (the box takes typing), nothing generating from an earlier run. */
async function freshChatsPage(page: Page, origin: string) {
  await page.goto(`${origin}/chats`);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Describe an app to build").fill(PROMPT);
}

/** From the Enter key: the stream's request sent, its response's first byte, the first part in the DOM (ms). */
interface PageTiming {
  total: number;
  sent: number;
  firstByte: number;
}

/**
 * Enter → first part: the keydown's event time and the moment a MutationObserver sees the first
 * `[data-testid="part"]` (the page is not reloaded by the client-side navigation to the chat, so both clocks are one).
 * Then waits for the answer to finish, so the next run starts on an idle server.
 */
async function pageRun(page: Page, origin: string): Promise<PageTiming> {
  await freshChatsPage(page, origin);
  // In-page code as strings: tsx's helpers (__name) do not exist in the page.
  await page.evaluate(`(() => {
    window.__bench = { enter: null, part: null };
    document.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && window.__bench.enter === null) window.__bench.enter = e.timeStamp;
    }, { capture: true });
    const seen = () => {
      if (window.__bench.part === null && document.querySelector('[data-testid="part"]')) {
        window.__bench.part = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(seen);
    observer.observe(document.body, { childList: true, subtree: true });
  })()`);
  await page.getByLabel("Describe an app to build").press("Enter");
  const { enter, part } = (await page.evaluate(`new Promise((resolve, reject) => {
    const until = performance.now() + 30000;
    const check = () => {
      if (window.__bench.part !== null) resolve(window.__bench);
      else if (performance.now() > until) reject(new Error("no part within 30 s"));
      else setTimeout(check, 20);
    };
    check();
  })`)) as { enter: number; part: number };
  await page.waitForURL(/\/chats\/[^/]+$/);
  await page
    .locator('[data-testid="message"][data-role="assistant"]')
    .last()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  await page.getByTestId("streaming-indicator").first().waitFor({ state: "detached", timeout: 60_000 });
  // (A resource timing entry is added once the response has ended.)
  const { sent, firstByte } = (await page.evaluate(`(() => {
    const e = performance.getEntriesByType("resource").find((e) => e.name.endsWith("/v2/chats/stream"));
    return e ? { sent: e.startTime, firstByte: e.responseStart } : { sent: null, firstByte: null };
  })()`)) as { sent: number | null; firstByte: number | null };
  return {
    total: part - enter,
    sent: sent === null ? NaN : sent - enter,
    firstByte: firstByte === null ? NaN : firstByte - enter,
  };
}

/**
 * In-page code (a string: tsx's helpers do not exist in the page): an async function that POSTs the prompt to the
 * stream endpoint through the dashboard's proxy, reads the answer to its end, and returns the ms from `since`
 * (a performance.now() time) to the first chunk that carries a `message.parts.chunk` event.
 */
const FIRST_PARTS_CHUNK = `(async (since) => {
  const res = await fetch("/api/service/v2/chats/stream", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message: ${JSON.stringify(PROMPT)}, privacy: "private" }),
  });
  if (!res.ok) throw new Error("stream answered " + res.status);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let first = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (first === null) {
      text += decoder.decode(value, { stream: true });
      if (text.includes('"message.parts.chunk"')) first = performance.now() - since;
    }
  }
  if (first === null) throw new Error("the stream carried no parts chunk");
  return first;
})`;

/** The API alone, from the same page: POST …/v2/chats/stream until the first parts chunk; then reads to the end. */
async function apiRun(page: Page, origin: string): Promise<number> {
  await freshChatsPage(page, origin);
  return (await page.evaluate(`${FIRST_PARTS_CHUNK}(performance.now())`)) as number;
}

/**
 * The floor of this measurement: the same request sent by a keydown listener of the bench's own on the same Enter (the
 * dashboard never sees the key), until its first parts chunk arrives. What the page takes beyond it is the dashboard's.
 */
async function floorRun(page: Page, origin: string): Promise<number> {
  await freshChatsPage(page, origin);
  await page.evaluate(`(() => {
    const b = window.__floor = { enter: null, ms: null, failed: null };
    document.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" || b.enter !== null) return;
      b.enter = e.timeStamp;
      e.stopPropagation();
      e.preventDefault();
      ${FIRST_PARTS_CHUNK}(e.timeStamp).then((ms) => (b.ms = ms), (error) => (b.failed = String(error)));
    }, { capture: true });
  })()`);
  await page.getByLabel("Describe an app to build").press("Enter");
  // Set once the answer has been read to its end, so the next run starts on an idle server.
  type Floor = { ms: number | null; failed: string | null };
  const ended = () => {
    const f = (window as unknown as { __floor: Floor }).__floor;
    return f.ms !== null || f.failed !== null;
  };
  await page.waitForFunction(ended, undefined, {
    timeout: 60_000,
    polling: 20, // as pageRun's wait: no animation-frame polling while the request runs
  });
  const { ms, failed } = (await page.evaluate("window.__floor")) as Floor;
  if (failed !== null || ms === null) throw new Error(failed ?? "no parts chunk");
  return ms;
}

/** One build under test: its server, a signed-in page of it, and the samples taken from it. */
interface Contender {
  name: string;
  server: BenchServer;
  page: Page;
  ui: number[];
  sent: number[];
  firstByte: number[];
  api: number[];
  floor: number[];
  ratios: number[];
}

async function contender(name: string, browser: Browser, server: BenchServer): Promise<Contender> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  await signIn(page, server.origin);
  return { name, server, page, ui: [], sent: [], firstByte: [], api: [], floor: [], ratios: [] };
}

/** One page run and one API run (in the given order) of a build; the pair's ratio is one per-run ratio. */
async function measure(c: Contender, apiFirst: boolean) {
  const { page } = c;
  const { origin } = c.server;
  let u: PageTiming;
  let a: number;
  if (apiFirst) {
    a = await apiRun(page, origin);
    u = await pageRun(page, origin);
  } else {
    u = await pageRun(page, origin);
    a = await apiRun(page, origin);
  }
  c.floor.push(await floorRun(page, origin));
  c.ui.push(u.total);
  c.sent.push(u.sent);
  c.firstByte.push(u.firstByte);
  c.api.push(a);
  c.ratios.push(u.total / a);
}

function rowsOf(c: Contender, suffix: string) {
  return [
    sampleRow(
      `Enter → first part on screen (page)${suffix}`,
      c.ui,
      `request sent at ${median(c.sent).toFixed(0)} ms, first byte at ${median(c.firstByte).toFixed(0)} ms`,
    ),
    sampleRow(`POST …/chats/stream → first parts chunk (API, fetch)${suffix}`, c.api),
    sampleRow(`Enter → first parts chunk, the bench's own fetch (floor)${suffix}`, c.floor),
  ];
}

/**
 * `NEW_CHAT_BASELINE_DIST_DIR`: another build (e.g. the commit before a change, built with NEXT_DIST_DIR set) measured
 * in the same rounds, on its own server (BENCH_PORT + 2: each server's previews listen on its port + 1) and data
 * directory: both builds see the same load.
 */
const BASELINE_DIST_DIR = process.env.NEW_CHAT_BASELINE_DIST_DIR || "";

export const newChat: BenchModule = {
  name: "new-chat",
  description:
    "a new chat in Chromium: Enter → first part on screen vs the API's first parts chunk (fetch from the page)",
  async run({ quick }) {
    const distDir = distDirOrNull();
    if (!distDir)
      return skipped("new-chat", "no production build (run `npx next build`, or set NEXT_DIST_DIR to a built dir)");
    if (BASELINE_DIST_DIR && !distDirOrNull(BASELINE_DIST_DIR))
      return skipped("new-chat", `no production build in NEW_CHAT_BASELINE_DIST_DIR (${BASELINE_DIST_DIR})`);
    const executablePath = chromiumPath();
    const chromiumMissing = noChromium(executablePath);
    if (chromiumMissing) return skipped("new-chat", chromiumMissing);
    const dataDirs: string[] = [];
    const servers: BenchServer[] = [];
    let browser: Browser | null = null;
    const start = async (dir?: string) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "atelier-bench-new-chat-"));
      dataDirs.push(dataDir);
      // Two ports apart: each server's previews listen on its port + 1 (PREVIEW_PORT's default).
      const server = await startBenchServer({ port: PORT + 2 * servers.length, dataDir, distDir: dir });
      servers.push(server);
      return server;
    };
    try {
      const server = await start();
      const baselineServer = BASELINE_DIST_DIR ? await start(BASELINE_DIST_DIR) : null;
      browser = await launchChromium(executablePath);
      const builds = [await contender(distDir, browser, server)];
      if (baselineServer) builds.push(await contender(BASELINE_DIST_DIR, browser, baselineServer));

      const runs = quick ? 15 : 25;
      // The machine's load (1-minute average) as the runs begin and end: the ratio's spread follows it.
      const loadBefore = loadavg()[0]!;
      // Warm-up: server caches, JIT, the chat route's chunks in the browser's cache.
      for (const c of builds) {
        await pageRun(c.page, c.server.origin);
        await apiRun(c.page, c.server.origin);
      }
      // Each round measures every build, in turns, and alternates which of page and API goes first.
      for (let i = 0; i < runs; i++) {
        for (let k = 0; k < builds.length; k++) await measure(builds[(i + k) % builds.length]!, (i + k) % 2 === 1);
      }
      const [self, baseline] = builds as [Contender, Contender | undefined];
      const facts: Record<string, string | number> = {
        chromium: executablePath,
        prompt: PROMPT,
        runs,
        "load average (1 min) at start, end": `${loadBefore.toFixed(1)}, ${loadavg()[0]!.toFixed(1)}`,
      };
      if (baseline) facts["builds (this, baseline)"] = `${self.name}, ${baseline.name}`;
      return {
        facts,
        rows: [...rowsOf(self, baseline ? " — this build" : ""), ...(baseline ? rowsOf(baseline, " — baseline") : [])],
        ratios: [
          { label: "page / API (medians)", value: median(self.ui) / median(self.api), max: TARGET },
          { label: "page / API (median of per-run ratios)", value: median(self.ratios) },
          {
            label: "floor / API (medians): no dashboard code, the same Enter",
            value: median(self.floor) / median(self.api),
          },
          ...(baseline
            ? [
                { label: "baseline: page / API (medians)", value: median(baseline.ui) / median(baseline.api) },
                { label: "baseline: page / API (median of per-run ratios)", value: median(baseline.ratios) },
                { label: "this build's page / the baseline's (medians)", value: median(self.ui) / median(baseline.ui) },
              ]
            : []),
        ],
      };
    } finally {
      await browser?.close();
      for (const server of servers) server.stop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  },
};
