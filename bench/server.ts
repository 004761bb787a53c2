import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A production server (`next start` of the build in NEXT_DIST_DIR) for the benchmarks, and signing in to it over HTTP. */

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const BENCH_USER = "bench";
const BENCH_PASSWORD = "bench-password-123";
export const BENCH_KEY = "sk_bench_key";

export function distDirOrNull(): string | null {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  return existsSync(path.join(root, distDir, "BUILD_ID")) ? distDir : null;
}

interface BenchServer {
  origin: string;
  child: ChildProcess;
  stop(): void;
}

export async function startBenchServer(opts: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  /** Start it as `npm start` does (its Node flags and signal handling) instead of a plain `next start`. */
  npmStart?: boolean;
}): Promise<BenchServer> {
  const distDir = distDirOrNull();
  if (!distDir) throw new Error("no production build (run `npx next build` first)");
  const origin = `http://127.0.0.1:${opts.port}`;
  mkdirSync(opts.dataDir, { recursive: true });
  const listen = ["-p", String(opts.port), "-H", "127.0.0.1"];
  const [command, ...args] = opts.npmStart ? ["npm", "start", "--", ...listen] : ["npx", "next", "start", ...listen];
  const child = spawn(command!, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
      DATA_DIR: opts.dataDir,
      DASHBOARD_USERNAME: BENCH_USER,
      DASHBOARD_PASSWORD: BENCH_PASSWORD,
      SERVICE_API_KEY: BENCH_KEY,
      APP_URL: origin,
      AUTH_SECRET: "bench-auth-secret-not-for-production-0123456789abcdef",
      EMBEDDED_AGENT_DELAY_MS: "0",
      SERVICE_BASE_URL: "",
      DATABASE_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited: ${log.slice(-2000)}`);
    try {
      if ((await fetch(`${origin}/sign-in`)).ok) return { origin, child, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  stop();
  throw new Error(`next start did not answer in 90 s: ${log.slice(-2000)}`);
}

/** Signs in through Auth.js's credentials endpoint; returns the Cookie header of the session. */
export async function signInCookie(origin: string): Promise<string> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      jar.set(name!.trim(), value.join("="));
    }
  };
  keep(csrf);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie(), origin },
    body: new URLSearchParams({
      csrfToken,
      username: BENCH_USER,
      password: BENCH_PASSWORD,
      callbackUrl: `${origin}/chats`,
    }),
  });
  keep(res);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error(`sign-in failed: ${res.status}`);
  return cookie();
}
