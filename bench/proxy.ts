import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { median, type BenchModule, type BenchResult } from "./harness";
import { BENCH_KEY, distDirOrNull, signInCookie, startBenchServer } from "./server";

/**
 * The dashboard's proxy against the same call made directly on the embedded service, side by side on one server:
 * `GET /v2/chats?limit=50` through `/api/service` (session cookie, same-origin, allow-list, the key added) vs
 * `/svc` (bearer key). Latency p50/p99 of sequential calls (interleaved), and throughput with 16 concurrent callers.
 */

const PORT = Number(process.env.BENCH_PROXY_PORT || 3197);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(call: () => Promise<Response>): Promise<number> {
  const start = performance.now();
  const res = await call();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`status ${res.status}`);
  return performance.now() - start;
}

/** Calls completed per second by `concurrency` callers looping for `ms`. */
async function throughput(call: () => Promise<Response>, concurrency: number, ms: number): Promise<number> {
  let done = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const res = await call();
        await res.arrayBuffer();
        done++;
      }
    }),
  );
  return done / (ms / 1000);
}

export const proxy: BenchModule = {
  name: "proxy",
  description: "GET /v2/chats?limit=50 through the signed-in proxy vs directly on the embedded service",
  async run({ quick }): Promise<BenchResult> {
    if (!distDirOrNull()) {
      console.log("proxy: SKIPPED — no production build");
      return { rows: [], ratios: [], facts: { skipped: "no production build" } };
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), "bench-proxy-"));
    const server = await startBenchServer({ port: PORT, dataDir });
    try {
      const { origin } = server;
      const cookie = await signInCookie(origin);
      // 60 chats so a page of 50 is full.
      await Promise.all(
        Array.from({ length: 6 }, async (_, w) => {
          for (let i = 0; i < 10; i++) {
            const res = await fetch(`${origin}/svc/v2/chats/async`, {
              method: "POST",
              headers: { authorization: `Bearer ${BENCH_KEY}`, "content-type": "application/json" },
              body: JSON.stringify({ message: `Bench chat ${w}-${i} /fast` }),
            });
            if (!res.ok) throw new Error(`seed: ${res.status}`);
          }
        }),
      );
      const direct = () =>
        fetch(`${origin}/svc/v2/chats?limit=50`, { headers: { authorization: `Bearer ${BENCH_KEY}` } });
      const proxied = () => fetch(`${origin}/api/service/v2/chats?limit=50`, { headers: { cookie } });
      const rounds = quick ? 60 : 400;
      for (let i = 0; i < 30; i++) await Promise.all([timed(direct), timed(proxied)]); // warm up both paths
      const d: number[] = [];
      const p: number[] = [];
      for (let i = 0; i < rounds; i++) {
        if (i % 2) {
          d.push(await timed(direct));
          p.push(await timed(proxied));
        } else {
          p.push(await timed(proxied));
          d.push(await timed(direct));
        }
      }
      const windowMs = quick ? 2_000 : 6_000;
      const tDirect = await throughput(direct, 16, windowMs);
      const tProxied = await throughput(proxied, 16, windowMs);
      const row = (label: string, s: number[], note: string) => ({
        label,
        medianMs: median(s),
        minMs: Math.min(...s),
        maxMs: Math.max(...s),
        runs: s.length,
        note,
      });
      return {
        facts: { "chats listed": 50, "sequential rounds": rounds, "concurrent callers": 16 },
        rows: [
          row("direct /svc", d, `p99 ${percentile(d, 99).toFixed(1)} ms, ${tDirect.toFixed(0)} req/s at 16`),
          row("proxy /api/service", p, `p99 ${percentile(p, 99).toFixed(1)} ms, ${tProxied.toFixed(0)} req/s at 16`),
        ],
        ratios: [
          { label: "proxy / direct, p50", value: median(p) / median(d), max: 1.25 },
          { label: "proxy / direct, p99", value: percentile(p, 99) / percentile(d, 99) },
          {
            label: "direct / proxy throughput at 16 concurrent (inverse of ≥ 0.8)",
            value: tDirect / tProxied,
            max: 1.25,
          },
        ],
      };
    } finally {
      server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
