import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A production server (`next start` of the build in NEXT_DIST_DIR) for the benchmarks, and signing in to it over HTTP. */

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BENCH_USER = "bench";
export const BENCH_PASSWORD = "bench-password-123";
export const BENCH_KEY = "sk_bench_key";

/** The build to start (NEXT_DIST_DIR, default .next, or the one given), when it is built. */
export function distDirOrNull(distDir = process.env.NEXT_DIST_DIR || ".next"): string | null {
  return existsSync(path.join(root, distDir, "BUILD_ID")) ? distDir : null;
}

export interface BenchServer {
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
  /** Another build than NEXT_DIST_DIR's (e.g. an earlier commit's, to compare with). */
  distDir?: string;
}): Promise<BenchServer> {
  const distDir = distDirOrNull(opts.distDir);
  if (!distDir)
    throw new Error(`no production build in ${opts.distDir ?? "NEXT_DIST_DIR"} (run \`npx next build\` first)`);
  const origin = `http://127.0.0.1:${opts.port}`;
  mkdirSync(opts.dataDir, { recursive: true });
  const listen = ["-p", String(opts.port), "-H", "127.0.0.1"];
  const [command, ...args] = opts.npmStart ? ["npm", "start", "--", ...listen] : ["npx", "next", "start", ...listen];
  return startServerProcess({
    name: "next start",
    command: command!,
    args,
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
    readyUrl: `${origin}/sign-in`,
    timeoutMs: 90_000,
    origin,
  });
}

/**
 * Starts a server in its own process group (stop() ends the whole tree) and waits until `readyUrl` answers 2xx;
 * its output is kept for the error when it exits or does not answer in time.
 */
export async function startServerProcess(opts: {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  origin: string;
  readyUrl: string;
  timeoutMs: number;
}): Promise<BenchServer> {
  const { origin } = opts;
  const child = spawn(opts.command, opts.args, {
    cwd: opts.cwd,
    env: opts.env,
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
  const deadline = Date.now() + opts.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${opts.name} exited: ${log.slice(-2000)}`);
    try {
      if ((await fetch(opts.readyUrl)).ok) return { origin, child, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`${opts.name} did not answer in ${opts.timeoutMs / 1000} s: ${log.slice(-2000)}`);
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
