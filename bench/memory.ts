import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median, type BenchModule, type BenchResult, type BenchRow } from "./harness";
import { BENCH_KEY, distDirOrNull, startBenchServer, startServerProcess, type BenchServer } from "./server";

/**
 * Memory: the resident memory of Atelier's production server against a bare `next start` of an empty
 * Next app (same Next, React and Node, built from a generated project whose node_modules is a symlink to ours),
 * side by side in one run on one machine.
 *
 * Atelier runs as `npm start` runs it (with its Node flags: package.json), on a new data directory; the bare app under
 * a plain `next start`. Without --quick, Atelier is also measured under a plain `next start`, for information.
 * RSS is that of the server's process tree: the `next-server` process and its descendants, summed from /proc.
 * - idle: after start, a warm-up request (Atelier: `/sign-in`; bare: `/`) and ~2 s to settle; median of samples.
 * - burst: the peak (sampled every 20 ms) while 200 streams run at once and until a second after the last ends.
 *   Atelier: 200 concurrent `POST /svc/v2/chats/stream` (v2's streaming create, the 6.2 events; v1's
 *   `responseMode: "experimental_stream"`), each a short prompt the scripted agent answers in about 2 s alone
 *   (EMBEDDED_AGENT_DELAY_MS; 200 at once take longer on a small machine: the median is printed).
 *   Bare: 200 concurrent `GET /api/stream`, a route handler sending one SSE event every 100 ms for 2 s.
 * - settled after the burst: idle again once Atelier's PGlite has closed for being idle (PGLITE_IDLE_CLOSE_MS, 30 s
 *   by default; measured SETTLED_AFTER_MS after the last stream ended, for both servers).
 * Ratios: idle Atelier / idle bare (target ≤ 1.5); burst peak of Atelier / burst peak of the bare app (≤ 2); settled
 * after the burst, Atelier / bare (≤ 1.5); and, for information, idle again ~2 s after the burst (what each process
 * keeps right after serving, Atelier's database still open).
 *
 * Needs a production build of Atelier (`npm run build`; NEXT_DIST_DIR picks another build dir); skipped otherwise.
 * The bare app is built once into `<tmpdir>/atelier-bench-bare-<hash>` (hash of its files and the Next version).
 */

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ATELIER_PORT = Number(process.env.BENCH_MEMORY_PORT || 4700);
const BARE_PORT = ATELIER_PORT + 1;
const STREAMS = 200;
/** EMBEDDED_AGENT_DELAY_MS for the burst: a plain prompt's answer then streams for about 2 s. */
const AGENT_DELAY_MS = Number(process.env.BENCH_MEMORY_AGENT_DELAY_MS || 60);
/** PGLITE_IDLE_CLOSE_MS for Atelier: its default, 30 s (lib/server/config.ts). */
const IDLE_CLOSE_MS = Number(process.env.BENCH_MEMORY_IDLE_CLOSE_MS || 30_000);
/**
 * When "settled after the burst" is measured, for both servers: once Atelier's idle close is sure to have happened
 * (it checks every quarter of the delay: at most 1.25 × the delay after the last use) and 5 s more.
 */
const SETTLED_AFTER_MS = Math.ceil(IDLE_CLOSE_MS * 1.25) + 5_000;

/**
 * Turbopack resolves nothing outside its root, and the bare app's node_modules is a symlink into this repository:
 * its root is the deepest directory holding both.
 */
function commonRoot(a: string, b: string): string {
  const x = a.split(path.sep);
  const y = b.split(path.sep);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return x.slice(0, i).join(path.sep) || path.sep;
}

const bareDirBase = path.join(tmpdir(), "atelier-bench-bare");
const turbopackRoot = commonRoot(bareDirBase, root);

const BARE_FILES: Record<string, string> = {
  "next.config.mjs": `export default { poweredByHeader: false, turbopack: { root: ${JSON.stringify(turbopackRoot)} }, outputFileTracingRoot: ${JSON.stringify(turbopackRoot)} };\n`,
  "package.json": JSON.stringify({ name: "bare-next", private: true, type: "module" }, null, 2),
  "tsconfig.json": JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        lib: ["dom", "dom.iterable", "esnext"],
        skipLibCheck: true,
        strict: true,
        noEmit: true,
        module: "esnext",
        moduleResolution: "bundler",
        isolatedModules: true,
        jsx: "react-jsx",
        plugins: [{ name: "next" }],
      },
      include: ["next-env.d.ts", "**/*.ts", "**/*.tsx"],
      exclude: ["node_modules"],
    },
    null,
    2,
  ),
  "app/layout.tsx": `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  "app/page.tsx": `export default function Home() {
  return <main>Hello</main>;
}
`,
  "app/api/stream/route.ts": `export const dynamic = "force-dynamic";

/** Server-Sent Events for about 2 s: one event every 100 ms. */
export function GET(request: Request) {
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let n = 0;
      timer = setInterval(() => {
        n++;
        controller.enqueue(encoder.encode("event: tick\\ndata: " + JSON.stringify({ n, at: Date.now() }) + "\\n\\n"));
        if (n === 20) {
          clearInterval(timer);
          controller.close();
        }
      }, 100);
      request.signal.addEventListener("abort", () => clearInterval(timer));
    },
    cancel() {
      clearInterval(timer);
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-store" } });
}
`,
};

const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

function nextVersion(): string {
  return (
    JSON.parse(readFileSync(path.join(root, "node_modules", "next", "package.json"), "utf8")) as { version: string }
  ).version;
}

/** The bare app's directory, generated and built on first use (reused while its files and Next stay the same). */
function bareApp(log: (s: string) => void): string {
  const hash = createHash("sha256")
    .update(JSON.stringify(BARE_FILES))
    .update(nextVersion())
    .update(root)
    .digest("hex")
    .slice(0, 12);
  const dir = `${bareDirBase}-${hash}`;
  if (existsSync(path.join(dir, ".next", "BUILD_ID"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of Object.entries(BARE_FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  log(`memory: building the bare Next app in ${dir} (once)…`);
  const built = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", NEXT_DIST_DIR: "" },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`bare app build failed:\n${(built.stdout + built.stderr).slice(-3000)}`);
  return dir;
}

function startBare(dir: string): Promise<BenchServer> {
  const origin = `http://127.0.0.1:${BARE_PORT}`;
  return startServerProcess({
    name: "bare next start",
    command: process.execPath,
    args: [nextBin, "start", "-p", String(BARE_PORT), "-H", "127.0.0.1"],
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: "" },
    origin,
    readyUrl: origin,
    timeoutMs: 60_000,
  });
}

// ---------- RSS of a process tree, from /proc ----------

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null;
  }
}

/** pid → parent pid of every process. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = readProc(pid, "stat");
    if (!stat) continue;
    // "pid (comm) state ppid …"; comm may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    map.set(pid, ppid);
  }
  return map;
}

function descendants(pid: number, map = parents()): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [child, parent] of map) if (parent === out[i]) out.push(child);
  return out;
}

/** The `next-server` process under the spawned command (npx and sh sit above it). */
function nextServerPid(rootPid: number): number {
  const tree = descendants(rootPid);
  const found = tree.find((pid) => (readProc(pid, "cmdline") ?? "").startsWith("next-server"));
  if (!found) throw new Error(`no next-server process under ${rootPid}`);
  return found;
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readProc(pid, "status") ?? "");
  return m ? Number(m[1]) : 0;
}

/** Resident memory of `pid` and its descendants, in MB. */
function treeRssMb(pid: number): number {
  return descendants(pid).reduce((sum, p) => sum + rssKb(p), 0) / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function idleRss(pid: number, samples: number): Promise<number[]> {
  await sleep(2_000);
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    out.push(treeRssMb(pid));
    await sleep(250);
  }
  return out;
}

/** Runs `burst` while sampling the tree's RSS every 20 ms, and for a second after; returns the peak in MB. */
async function peakDuring(pid: number, burst: () => Promise<void>): Promise<number> {
  let peak = treeRssMb(pid);
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, treeRssMb(pid));
      await sleep(20);
    }
  })();
  try {
    await burst();
    const until = Date.now() + 1_000;
    while (Date.now() < until) {
      peak = Math.max(peak, treeRssMb(pid));
      await sleep(20);
    }
  } finally {
    done = true;
    await sampler;
  }
  return peak;
}

/** Opens `n` streams at once and reads each to its end; durations in ms of those that succeeded, and failures. */
async function streams(n: number, open: () => Promise<Response>): Promise<{ ms: number[]; failed: number }> {
  const ms: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      const start = performance.now();
      try {
        const res = await open();
        const text = await res.text();
        if (!res.ok || !text.includes("\n\n")) throw new Error(`status ${res.status}`);
        ms.push(performance.now() - start);
      } catch {
        failed++;
      }
    }),
  );
  return { ms, failed };
}

const mbRow = (label: string, values: readonly number[], note?: string): BenchRow => ({
  label,
  medianMs: median(values),
  minMs: Math.min(...values),
  maxMs: Math.max(...values),
  runs: values.length,
  note,
});

interface Measured {
  idle: number[];
  peak: number;
  /** Idle again ~2 s after the burst (not a target: what the process keeps right after serving). */
  after: number[];
  /** Idle SETTLED_AFTER_MS after the burst (empty when not measured): what it gives back once idle. */
  settled: number[];
  streamMs: number[];
  failed: number;
}

async function measure(
  server: BenchServer,
  warmUp: string,
  samples: number,
  open: () => Promise<Response>,
  settle = true,
): Promise<Measured> {
  const pid = nextServerPid(server.child.pid!);
  await (await fetch(`${server.origin}${warmUp}`)).arrayBuffer();
  const idle = await idleRss(pid, samples);
  let result = { ms: [] as number[], failed: 0 };
  const peak = await peakDuring(pid, async () => {
    result = await streams(STREAMS, open);
  });
  const burstEnd = Date.now();
  const after = await idleRss(pid, samples);
  let settled: number[] = [];
  if (settle) {
    await sleep(Math.max(0, burstEnd + SETTLED_AFTER_MS - 2_000 - Date.now()));
    settled = await idleRss(pid, samples);
  }
  return { idle, peak, after, settled, streamMs: result.ms, failed: result.failed };
}

function npmStartScript(): string {
  return (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts
    .start;
}

/** Atelier on a new data directory, started as `npm start` does or with a plain `next start`. */
async function measureAtelier(samples: number, npmStart: boolean): Promise<Measured> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-memory-"));
  try {
    const server = await startBenchServer({
      port: ATELIER_PORT,
      dataDir,
      env: { EMBEDDED_AGENT_DELAY_MS: String(AGENT_DELAY_MS), PGLITE_IDLE_CLOSE_MS: String(IDLE_CLOSE_MS) },
      npmStart,
    });
    try {
      return await measure(
        server,
        "/sign-in",
        samples,
        () =>
          fetch(`${server.origin}/svc/v2/chats/stream`, {
            method: "POST",
            headers: { authorization: `Bearer ${BENCH_KEY}`, "content-type": "application/json" },
            body: JSON.stringify({ message: "A small counter app" }),
          }),
        npmStart,
      );
    } finally {
      server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const memory: BenchModule = {
  name: "memory",
  description:
    "server RSS (next-server process tree): Atelier vs a bare `next start` of an empty Next app, idle and at the peak of 200 concurrent streams",
  async run({ quick }): Promise<BenchResult> {
    if (!distDirOrNull()) {
      console.log("memory: SKIPPED — no production build");
      return { rows: [], ratios: [], facts: { skipped: "no production build" } };
    }
    if (!existsSync("/proc/self/status")) {
      console.log("memory: SKIPPED — needs /proc (Linux)");
      return { rows: [], ratios: [], facts: { skipped: "no /proc" } };
    }
    const samples = quick ? 5 : 9;
    const dir = bareApp((s) => console.log(s));

    const bareServer = await startBare(dir);
    let bare: Measured;
    try {
      bare = await measure(bareServer, "/", samples, () => fetch(`${bareServer.origin}/api/stream`));
    } finally {
      bareServer.stop();
    }

    const atelier = await measureAtelier(samples, true);
    // For information (not with --quick): the same server under a plain `next start`, without npm start's Node flags.
    const plain = quick ? null : await measureAtelier(samples, false);

    const secs = (ms: number[]) => (ms.length ? `${(median(ms) / 1000).toFixed(1)} s` : "—");
    return {
      unit: "MB",
      facts: {
        "concurrent streams": STREAMS,
        "Atelier stream": `POST /svc/v2/chats/stream, EMBEDDED_AGENT_DELAY_MS=${AGENT_DELAY_MS}, median ${secs(atelier.streamMs)}, ${atelier.failed} failed`,
        "bare stream": `GET /api/stream (20 SSE events, 100 ms apart), median ${secs(bare.streamMs)}, ${bare.failed} failed`,
        "Atelier started by": `npm start: ${npmStartScript()}`,
        "idle samples": `${samples} per server, 250 ms apart, after a warm-up request and 2 s`,
        "settled after the burst": `${SETTLED_AFTER_MS / 1000} s after the last stream ended (Atelier: PGLITE_IDLE_CLOSE_MS=${IDLE_CLOSE_MS})`,
      },
      rows: [
        mbRow("bare Next, idle", bare.idle),
        mbRow("Atelier, idle", atelier.idle),
        mbRow(`bare Next, peak of ${STREAMS} SSE streams`, [bare.peak]),
        mbRow(`Atelier, peak of ${STREAMS} chat streams`, [atelier.peak]),
        mbRow("bare Next, idle 2 s after the burst", bare.after),
        mbRow("Atelier, idle 2 s after the burst", atelier.after),
        mbRow(`bare Next, idle ${SETTLED_AFTER_MS / 1000} s after the burst`, bare.settled),
        mbRow(`Atelier, idle ${SETTLED_AFTER_MS / 1000} s after the burst`, atelier.settled),
        ...(plain
          ? [
              mbRow("Atelier under plain next start, idle", plain.idle),
              mbRow(`Atelier under plain next start, peak of ${STREAMS} chat streams`, [plain.peak]),
            ]
          : []),
      ],
      ratios: [
        { label: "idle RSS, Atelier / bare Next", value: median(atelier.idle) / median(bare.idle), max: 1.5 },
        {
          label: `burst peak RSS, Atelier (${STREAMS} chat streams) / bare Next (${STREAMS} SSE streams)`,
          value: atelier.peak / bare.peak,
          max: 2,
        },
        {
          label: "idle RSS 2 s after the burst, Atelier / bare Next",
          value: median(atelier.after) / median(bare.after),
        },
        {
          label: `idle RSS ${SETTLED_AFTER_MS / 1000} s after the burst, Atelier / bare Next`,
          value: median(atelier.settled) / median(bare.settled),
          max: 1.5,
        },
        ...(plain
          ? [{ label: "burst peak RSS, Atelier under plain next start / bare Next", value: plain.peak / bare.peak }]
          : []),
        {
          label: "streams failed (a dropped stream would flatter the peak)",
          value: atelier.failed + bare.failed + (plain?.failed ?? 0),
          max: 0,
        },
      ],
    };
  },
};
