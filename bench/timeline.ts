import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { median, type BenchModule, type BenchResult, type BenchRow } from "./harness";

/**
 * Timeline benchmark: in Chromium against `next start` (the production build), opening a long chat
 * must take at most 2× the time of a 10-message chat (virtualization), and scrolling it must cause no long
 * task over 100 ms (PerformanceObserver "longtask").
 *
 * Needs a production build (`npm run build`; `NEXT_DIST_DIR` picks another build dir) and Chromium
 * (`CHROMIUM_PATH`, default /usr/bin/chromium); skipped with a message otherwise. The chats are seeded through
 * the embedded service's API (sync sends, agent delay 0, `/fail` answers: the cheapest full exchange) into a
 * data dir kept under bench/results/.timeline-data, so later runs reuse them. Size: 10,000 messages,
 * 1,000 with --quick, or BENCH_TIMELINE_MESSAGES.
 */

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PORT = Number(process.env.BENCH_PORT || 3113);
const BASE = `http://127.0.0.1:${PORT}`;
const KEY = "sk_bench_timeline_key";
const USER = "bench";
const PASSWORD = "bench-password-123";
const DATA_DIR = path.join(root, "bench", "results", ".timeline-data");
const SEEDS = path.join(DATA_DIR, "seeds.json");

async function svc(method: string, p: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${BASE}/svc${p}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${await res.text()}`);
  return res.json();
}

/** A chat of `messages` messages (user + assistant per exchange), reused from an earlier run when seeded then. */
async function seedChat(
  messages: number,
  log: (s: string) => void,
): Promise<{ chatId: string; seedMs: number | null }> {
  const seeds = existsSync(SEEDS) ? (JSON.parse(readFileSync(SEEDS, "utf8")) as Record<string, string>) : {};
  if (seeds[messages]) return { chatId: seeds[messages], seedMs: null };
  const started = performance.now();
  const created = (await svc("POST", "/v2/chats", { message: "Seed 1 /fail" })) as { chat: { id: string } };
  const chatId = created.chat.id;
  for (let i = 2; i <= messages / 2; i++) {
    await svc("POST", `/v2/chats/${chatId}/messages`, { message: `Seed ${i} /fail` });
    if (i % 250 === 0)
      log(`  seeding ${messages}: ${i * 2} messages, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  writeFileSync(SEEDS, JSON.stringify({ ...seeds, [messages]: chatId }));
  return { chatId, seedMs: performance.now() - started };
}

function startServer(distDir: string): ChildProcess {
  mkdirSync(DATA_DIR, { recursive: true });
  return spawn("npx", ["next", "start", "-p", String(PORT), "-H", "127.0.0.1"], {
    cwd: root,
    stdio: "ignore",
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
      DATA_DIR,
      DASHBOARD_USERNAME: USER,
      DASHBOARD_PASSWORD: PASSWORD,
      SERVICE_API_KEY: KEY,
      APP_URL: BASE,
      AUTH_SECRET: "bench-auth-secret-not-for-production-0123456789abcdef",
      EMBEDDED_AGENT_DELAY_MS: "0",
      NEXT_TELEMETRY_DISABLED: "1",
      SERVICE_BASE_URL: "",
      DATABASE_URL: "",
    },
  });
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${BASE}/sign-in`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("next start did not come up");
}

/** Opens the chat and waits until its newest message is on screen; returns the time in ms. */
async function openChat(page: Page, chatId: string, lastUserText: string): Promise<number> {
  await page.goto(`${BASE}/chats`);
  await page.getByTestId("new-chat-form").waitFor();
  const started = Date.now();
  await page.goto(`${BASE}/chats/${chatId}`);
  const last = page.locator('[data-testid="message"][data-role="user"]').last();
  await last.filter({ hasText: lastUserText }).waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="message"][data-role="assistant"]').last().waitFor();
  return Date.now() - started;
}

/** Scrolls up in wheel steps (older pages load on the way), then jumps back; returns the longest long task. */
async function scrollLongTasks(page: Page, steps: number): Promise<{ maxMs: number; count: number }> {
  await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
  const timeline = page.getByTestId("timeline");
  await timeline.hover();
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, -900);
    await page.waitForTimeout(40);
  }
  const jump = page.getByTestId("jump-to-latest");
  if (await jump.isVisible()) await jump.click();
  await page.waitForTimeout(300);
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  return { maxMs: tasks.length ? Math.max(...tasks) : 0, count: tasks.length };
}

export const timeline: BenchModule = {
  name: "timeline",
  description: "open a long chat vs a 10-message chat in Chromium (virtualization); long tasks while scrolling",
  async run({ quick }): Promise<BenchResult> {
    const distDir = process.env.NEXT_DIST_DIR || ".next";
    const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
    if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
      console.log(`skipped: no production build in ${distDir}/ (run \`npm run build\` first, or set NEXT_DIST_DIR)`);
      return { rows: [], ratios: [], facts: { skipped: `no production build in ${distDir}` } };
    }
    if (!existsSync(chromiumPath)) {
      console.log(`skipped: no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
      return { rows: [], ratios: [], facts: { skipped: `no Chromium at ${chromiumPath}` } };
    }
    const large = Number(process.env.BENCH_TIMELINE_MESSAGES || (quick ? 1000 : 10_000));
    const repeats = quick ? 3 : 5;
    const server = startServer(distDir);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      await waitForServer();
      const small = await seedChat(10, console.log);
      const big = await seedChat(large, console.log);
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      await context.addInitScript(() => {
        const w = window as unknown as { __longTasks: number[] };
        w.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
        }).observe({ type: "longtask", buffered: true });
      });
      const page = await context.newPage();
      await page.goto(`${BASE}/sign-in`);
      await page.getByLabel("Username").fill(USER);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/chats$/);

      const samples = { small: [] as number[], large: [] as number[] };
      // One warm-up each, then alternate so drift hits both alike.
      await openChat(page, small.chatId, "Seed 5 /fail");
      await openChat(page, big.chatId, `Seed ${large / 2} /fail`);
      for (let i = 0; i < repeats; i++) {
        samples.small.push(await openChat(page, small.chatId, "Seed 5 /fail"));
        samples.large.push(await openChat(page, big.chatId, `Seed ${large / 2} /fail`));
      }
      const scroll = await scrollLongTasks(page, quick ? 40 : 80);
      const domMessages = await page.getByTestId("message").count();

      const row = (label: string, s: number[]): BenchRow => ({
        label,
        medianMs: median(s),
        minMs: Math.min(...s),
        maxMs: Math.max(...s),
        runs: s.length,
      });
      return {
        rows: [
          row("open a 10-message chat", samples.small),
          row(`open a ${large.toLocaleString("en")}-message chat`, samples.large),
        ],
        ratios: [
          {
            label: `open ${large.toLocaleString("en")} / open 10 messages`,
            value: median(samples.large) / median(samples.small),
            max: 2,
          },
          {
            label: `longest long task while scrolling (ms; ${scroll.count} long tasks)`,
            value: scroll.maxMs,
            max: 100,
          },
        ],
        facts: {
          messages: large,
          "seeding (sync sends, this run)":
            big.seedMs === null ? "reused from an earlier run" : `${(big.seedMs / 1000).toFixed(1)} s`,
          "messages in the DOM after scrolling": domMessages,
        },
      };
    } finally {
      await browser.close();
      if (server.pid) {
        try {
          process.kill(-server.pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
    }
  },
};
