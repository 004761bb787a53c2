import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { chromiumPath, launchChromium, noChromium, sampleRow, signIn, skipped } from "./browser";
import { median, type BenchModule, type BenchRow } from "./harness";
import { BENCH_KEY, distDirOrNull, startBenchServer, type BenchServer } from "./server";

/**
 * Editing a file by hand, against a built server (`next start`, PGlite in a fresh data dir):
 * - in Chromium, opening a 1 MB file in the editor (click Edit → its first line shown) vs a 1 KB file (target: the
 *   1 MB file under 1 s), and typing in the 1 MB file: ms from a key's `keydown` until the frame after the editor
 *   changed, p95 over the keystrokes (target under 50 ms);
 * - saving a 1 MB file: `PATCH /v2/chats/{id}/files` from request to answer, the new version made (target under
 *   300 ms on PGlite).
 */
const PORT = Number(process.env.BENCH_PORT || 3117);

/** About `bytes` of JavaScript, line by line. */
function javascriptOf(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line =
      i % 10 === 0
        ? `// Section ${i}: what the next functions do, said in a comment line.\n`
        : `function step${i}(items) { return items.filter((x) => x % ${(i % 7) + 2} === 0).map((x) => x * ${i}); }\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join("");
}

async function svc(server: BenchServer, method: string, p: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${server.origin}/svc${p}`, {
    method,
    headers: { authorization: `Bearer ${BENCH_KEY}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Opens the chat on the file, then ms from clicking Edit until the editor shows the file's first line. */
async function openEditor(page: Page, origin: string, chatId: string, file: string): Promise<number> {
  await page.goto("about:blank");
  await page.goto(`${origin}/chats/${encodeURIComponent(chatId)}?file=${encodeURIComponent(file)}`);
  await page.waitForSelector('[data-testid="edit-file"]:not([disabled])', { timeout: 60_000 });
  await page.waitForTimeout(300);
  // In-page code as a string: tsx's helpers do not exist in the page.
  return (await page.evaluate(`new Promise((resolve) => {
    const start = performance.now();
    document.querySelector('[data-testid="edit-file"]').click();
    function check() {
      const line = document.querySelector('[data-testid="code-editor"] .cm-line');
      if (line && line.textContent.length > 3) resolve(performance.now() - start);
      else requestAnimationFrame(check);
    }
    check();
  })`)) as number;
}

/** Types `count` characters into the open editor; each one's ms from keydown to the frame after the change. */
async function typingLatencies(page: Page, count: number): Promise<number[]> {
  await page.evaluate(`(() => {
    window.__typed = [];
    const content = document.querySelector('[data-testid="code-editor"] .cm-content');
    let down = 0;
    content.addEventListener("keydown", (e) => { down = e.timeStamp; }, true);
    new MutationObserver(() => {
      if (!down) return;
      const at = down;
      down = 0;
      requestAnimationFrame(() => window.__typed.push(performance.now() - at));
    }).observe(content, { childList: true, subtree: true, characterData: true });
  })()`);
  await page.keyboard.press("Control+Home");
  for (let i = 0; i < count; i++) {
    await page.keyboard.type(i % 20 === 19 ? " " : "abcdefghijklmnopqrs"[i % 19]!);
  }
  await page.waitForTimeout(200);
  return (await page.evaluate("window.__typed")) as number[];
}

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

export const fileEditor: BenchModule = {
  name: "file-editor",
  description: "editing by hand: opening a 1 MB vs a 1 KB file in the editor, typing latency, saving a 1 MB file",
  async run({ quick }) {
    if (!distDirOrNull())
      return skipped("file-editor", "no production build (run `npx next build`, or set NEXT_DIST_DIR)");
    const executablePath = chromiumPath();
    const chromiumMissing = noChromium(executablePath);
    if (chromiumMissing) return skipped("file-editor", chromiumMissing);
    const dataDir = mkdtempSync(path.join(tmpdir(), "atelier-bench-editor-"));
    let server: BenchServer | null = null;
    let browser: Browser | null = null;
    try {
      server = await startBenchServer({ port: PORT, dataDir });
      const big = javascriptOf(1024 * 1024);
      const small = javascriptOf(1024);
      const seeded = (await svc(server, "POST", "/v1/chats", {
        type: "files",
        files: [
          { name: "big.js", content: big },
          { name: "small.js", content: small },
        ],
        initialContext: "bench editor",
      })) as { id: string };
      const chatId = seeded.id;

      // Saving a 1 MB file: request → answer (the new version is made before the answer).
      const saves: number[] = [];
      const runs = quick ? 5 : 15;
      for (let i = 0; i <= runs; i++) {
        const content = `// save ${i}\n${big}`;
        const start = performance.now();
        await svc(server, "PATCH", `/v2/chats/${chatId}/files`, { files: [{ path: "big.js", content }] });
        if (i > 0) saves.push(performance.now() - start); // the first one warms the route up
      }

      browser = await launchChromium(executablePath);
      const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
      await signIn(page, server.origin);
      const repeats = quick ? 2 : 5;
      await openEditor(page, server.origin, chatId, "small.js"); // warm-up: the editor's code loads once
      const opens = { small: [] as number[], big: [] as number[] };
      for (let i = 0; i < repeats; i++) {
        opens.small.push(await openEditor(page, server.origin, chatId, "small.js"));
        opens.big.push(await openEditor(page, server.origin, chatId, "big.js"));
      }
      const typed = await typingLatencies(page, quick ? 60 : 200);

      const rows: BenchRow[] = [
        sampleRow("open in the editor, 1 KB file", opens.small),
        sampleRow("open in the editor, 1 MB file", opens.big),
        sampleRow("typing in the 1 MB file, per keystroke", typed, `p95 ${p95(typed).toFixed(1)} ms`),
        sampleRow("save a 1 MB file (PATCH → new version)", saves, `p95 ${p95(saves).toFixed(0)} ms`),
      ];
      return {
        facts: { "1 MB file": `${(big.length / 1024 / 1024).toFixed(2)} MB, ${big.split("\n").length - 1} lines` },
        rows,
        ratios: [
          { label: "1 MB file: click Edit → first line (ms, target ≤ 1000)", value: median(opens.big), max: 1000 },
          { label: "typing in the 1 MB file: p95 ms per keystroke (target ≤ 50)", value: p95(typed), max: 50 },
          { label: "saving a 1 MB file: median ms (target ≤ 300)", value: median(saves), max: 300 },
        ],
      };
    } finally {
      await browser?.close();
      server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
