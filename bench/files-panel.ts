import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { chromiumPath, launchChromium, noChromium, sampleRow, signIn, skipped } from "./browser";
import { median, type BenchModule, type BenchRow } from "./harness";
import { BENCH_PASSWORD, BENCH_USER } from "./server";

/**
 * The chat page's files panel in Chromium against a built server (`next start` on a fresh data dir):
 * - time to interactive of the panel with 1,000 files vs 10 files (target ≤ 2×): from navigation start until
 *   the tree shows its rows, plus the time a click on a file takes to open it in the viewer;
 * - a 3 MB TypeScript file: time from the click until its first lines are visible (target ≤ 1 s), and the
 *   longest main-thread task (PerformanceObserver "longtask") from the click until highlighting is done
 *   (target ≤ 100 ms).
 * Needs a production build: NEXT_DIST_DIR (default .next) with a BUILD_ID; skipped with a message otherwise.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_PORT || 3116);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const KEY = "sk_bench_files_panel_key";

async function startServer(distDir: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn("npx", ["next", "start", "-p", String(PORT), "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      DASHBOARD_USERNAME: BENCH_USER,
      DASHBOARD_PASSWORD: BENCH_PASSWORD,
      SERVICE_API_KEY: KEY,
      APP_URL: ORIGIN,
      AUTH_SECRET: "bench-auth-secret-not-for-production-0123456789",
      EMBEDDED_AGENT_DELAY_MS: "0",
      SERVICE_BASE_URL: "",
      DATABASE_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited: ${log.slice(-2000)}`);
    try {
      if ((await fetch(`${ORIGIN}/sign-in`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`next start did not answer in 90 s: ${log.slice(-2000)}`);
}

function stopServer(child: ChildProcess) {
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    // already gone
  }
}

async function seed(files: { name: string; content: string }[], title: string): Promise<string> {
  const res = await fetch(`${ORIGIN}/svc/v1/chats`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ type: "files", files, initialContext: title }),
  });
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** A project-like tree: `count` files in nested folders. */
function projectFiles(count: number) {
  // A README at the root in both sizes: the row clicked to open a file (1,000 files open only the top level).
  const readme = { name: "README.md", content: "# Bench project\n\nFiles for the files-panel benchmark.\n" };
  return [
    readme,
    ...Array.from({ length: count - 1 }, (_, i) => ({
      name: `src/pkg${i % 10}/mod${Math.floor(i / 10) % 10}/file${i}.ts`,
      content: `export const value${i} = ${i};\nexport function get${i}() {\n  return value${i} * 2;\n}\n`,
    })),
  ];
}

/** ≤ 3 MB (UTF-8) of TypeScript. */
function bigTypeScript(): string {
  const limit = 3 * 1024 * 1024;
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const line =
      i % 12 === 0
        ? `/** Block ${i}: documentation comment that says what the next function does. */\n`
        : `export function fn${i}(a: number, b: string): string { return \`\${b}-\${a + ${i}}\`; } // ${i}\n`;
    if (size + line.length > limit) break;
    parts.push(line);
    size += line.length;
  }
  return parts.join("");
}

/** One open of the chat page: ms from navigation start to rows shown, and click → file shown. */
async function timeToInteractive(page: Page, chatId: string): Promise<{ rows: number; click: number }> {
  await page.goto("about:blank");
  await page.goto(`${ORIGIN}/chats/${encodeURIComponent(chatId)}`);
  const rows = await page
    .waitForFunction(
      () =>
        document.querySelector('[data-testid="file-tree"] [data-testid="file-row"][data-path="README.md"]')
          ? performance.now()
          : false,
      undefined,
      { timeout: 60_000, polling: "raf" },
    )
    .catch(async (error: unknown) => {
      await page.screenshot({ path: path.join(tmpdir(), "bench-files-panel-failure.png") });
      throw error;
    });
  const rowsAt = (await rows.jsonValue()) as number;
  // In-page code as strings: tsx's helpers (__name) do not exist in the page.
  const click = (await page.evaluate(`new Promise((resolve) => {
    const row = document.querySelector('[data-testid="file-tree"] [data-testid="file-row"][data-path="README.md"]');
    const start = performance.now();
    row.click();
    function check() {
      if (document.querySelector('[data-testid="code-view"] [data-line="1"]')) resolve(performance.now() - start);
      else requestAnimationFrame(check);
    }
    check();
  })`)) as number;
  return { rows: rowsAt, click };
}

/** Opens the 3 MB file: click → first lines, click → highlighted, longest task in between. */
async function openBigFile(page: Page, chatId: string, path: string) {
  await page.goto("about:blank");
  await page.goto(`${ORIGIN}/chats/${encodeURIComponent(chatId)}`);
  await page.waitForSelector(`[data-testid="file-row"][data-path="${path}"]`, { timeout: 60_000 });
  // Let the page settle (files parsed, tree drawn) before measuring the viewer alone.
  await page.waitForTimeout(500);
  const first = (await page.evaluate(`new Promise((resolve) => {
    const p = ${JSON.stringify(path)};
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask" });
    const row = document.querySelector('[data-testid="file-row"][data-path="' + p + '"]');
    const start = performance.now();
    row.click();
    function check() {
      const view = document.querySelector('[data-testid="code-view"][data-path="' + p + '"] [data-line="1"]');
      if (view && view.textContent && view.textContent.length > 3) resolve({ firstLines: performance.now() - start, start });
      else requestAnimationFrame(check);
    }
    check();
  })`)) as { firstLines: number; start: number };
  const done = await page.waitForFunction(
    () => (document.querySelector('[data-testid="code-view"][data-highlighted="done"]') ? performance.now() : false),
    undefined,
    { timeout: 180_000, polling: 100 },
  );
  const doneAt = (await done.jsonValue()) as number;
  const tasks = await page.evaluate(
    () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
  );
  const during = tasks.filter((t) => t.start >= first.start - 1 && t.start <= doneAt);
  return {
    firstLines: first.firstLines,
    highlighted: doneAt - first.start,
    longest: during.reduce((m, t) => Math.max(m, t.duration), 0),
    longTasks: during.length,
  };
}

export const filesPanel: BenchModule = {
  name: "files-panel",
  description:
    "files panel in Chromium: time to interactive with 1,000 vs 10 files; a 3 MB file's first lines and longest task",
  async run({ quick }) {
    const distDir = process.env.NEXT_DIST_DIR || ".next";
    if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
      return skipped(
        "files-panel",
        `no production build in ${distDir} (run \`npx next build\`, or set NEXT_DIST_DIR to a built dir)`,
      );
    }
    const executablePath = chromiumPath();
    const chromiumMissing = noChromium(executablePath);
    if (chromiumMissing) return skipped("files-panel", chromiumMissing);
    const dataDir = mkdtempSync(path.join(tmpdir(), "atelier-bench-files-"));
    let server: ChildProcess | null = null;
    let browser: Browser | null = null;
    try {
      server = await startServer(distDir, dataDir);
      const small = await seed(projectFiles(10), "bench 10 files");
      const large = await seed(projectFiles(1000), "bench 1000 files");
      const big = bigTypeScript();
      const bigChat = await seed(
        [
          { name: "src/big.ts", content: big },
          { name: "README.md", content: "# big\n" },
        ],
        "bench 3 MB file",
      );

      browser = await launchChromium(executablePath);
      const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
      await signIn(page, ORIGIN);

      const repeats = quick ? 3 : 7;
      // Warm-up (server caches, JIT, chunk loading) for both sizes.
      await timeToInteractive(page, small);
      await timeToInteractive(page, large);
      const tti = {
        small: [] as number[],
        large: [] as number[],
        smallRows: [] as number[],
        largeRows: [] as number[],
        smallClick: [] as number[],
        largeClick: [] as number[],
      };
      for (let i = 0; i < repeats; i++) {
        for (const [key, id] of (i % 2
          ? [
              ["large", large],
              ["small", small],
            ]
          : [
              ["small", small],
              ["large", large],
            ]) as ["small" | "large", string][]) {
          const t = await timeToInteractive(page, id);
          tti[key].push(t.rows + t.click);
          tti[`${key}Rows`].push(t.rows);
          tti[`${key}Click`].push(t.click);
        }
      }
      const bigRuns = [];
      for (let i = 0; i < (quick ? 1 : 3); i++) bigRuns.push(await openBigFile(page, bigChat, "src/big.ts"));
      const firstLines = bigRuns.map((r) => r.firstLines);
      const longest = bigRuns.map((r) => r.longest);

      const rows: BenchRow[] = [
        sampleRow(
          "files panel TTI, 10 files",
          tti.small,
          `rows ${median(tti.smallRows).toFixed(0)} ms + click→file ${median(tti.smallClick).toFixed(0)} ms`,
        ),
        sampleRow(
          "files panel TTI, 1,000 files",
          tti.large,
          `rows ${median(tti.largeRows).toFixed(0)} ms + click→file ${median(tti.largeClick).toFixed(0)} ms`,
        ),
        sampleRow("3 MB file: click → first lines", firstLines),
        sampleRow(
          "3 MB file: click → fully highlighted",
          bigRuns.map((r) => r.highlighted),
        ),
        sampleRow(
          "3 MB file: longest main-thread task while highlighting",
          longest,
          `${bigRuns.map((r) => r.longTasks).join("/")} tasks > 50 ms`,
        ),
      ];
      return {
        facts: {
          "3 MB file": `${(Buffer.byteLength(big) / 1024 / 1024).toFixed(2)} MB, ${big.split("\n").length - 1} lines`,
          chromium: executablePath,
        },
        rows,
        ratios: [
          { label: "TTI 1,000 files / 10 files", value: median(tti.large) / median(tti.small), max: 2 },
          { label: "3 MB file: first lines visible (s)", value: median(firstLines) / 1000, max: 1 },
          { label: "3 MB file: longest task while highlighting (÷ 100 ms)", value: Math.max(...longest) / 100, max: 1 },
        ],
      };
    } finally {
      await browser?.close();
      if (server) stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
