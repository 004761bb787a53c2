import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_AUTH_SECRET, E2E_PASSWORD, E2E_PORT, E2E_SERVICE_API_KEY, E2E_USERNAME } from "./fixtures";

/**
 * Production servers a spec starts and stops itself (`npm start`, so npm's signal forwarding is part of what is
 * tested, or `npx next start` as many hosts run it), each on its own port and PGlite data directory. Not a spec file.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Ports E2E_PORT+10 … +19, their previews 30 above (+40 … +49); the projects' servers and peers use +0 … +8, their
 * previews +20 … +28, data-dir-lock.spec.ts +50 (and +51 for its previews, the default port + 1), app-runtime-vite.spec.ts
 * +60 (its previews +90).
 */
export const lifecyclePort = (n: number): number => E2E_PORT + 10 + n;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when the npm process ended. */
  at: number;
}

export interface ServerProcess {
  port: number;
  dataDir: string;
  /** The `npm start` (or `npx`) process; the server (`next-server`) is its child, in the same process group. */
  child: ChildProcess;
  exited: Promise<Exit>;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** The server's own pid, known once it was ready. */
  serverPid?: number;
}

const started = new Set<ServerProcess>();
const dataDirs = new Set<string>();

export function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "atelier-lifecycle-"));
  dataDirs.add(dir);
  return dir;
}

/**
 * `npm start -- -p <port> -H 127.0.0.1` (or `npx next start -p <port> -H 127.0.0.1`) with the e2e settings (PGlite in
 * `dataDir`) plus `env`.
 */
export function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  command: "npm start" | "npx next start" = "npm start",
): ServerProcess {
  const inherited = { ...process.env }; // NEXT_DIST_DIR: the build this run uses
  delete inherited.SHUTDOWN_GRACE_MS; // the default (20 s) unless `env` says otherwise
  delete inherited.NEXT_MANUAL_SIG_HANDLE; // only what the command itself sets
  const [program, ...args] = command === "npm start" ? ["npm", "start", "--"] : ["npx", "next", "start"];
  const child = spawn(program!, [...args, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    // Its own process group (its id is npm's pid), so cleanup can end npm and the server together.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...inherited,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      npm_config_update_notifier: "false",
      DASHBOARD_USERNAME: E2E_USERNAME,
      DASHBOARD_PASSWORD: E2E_PASSWORD,
      SERVICE_API_KEY: E2E_SERVICE_API_KEY,
      AUTH_SECRET: E2E_AUTH_SECRET,
      EMBEDDED_AGENT_DELAY_MS: "15",
      DATABASE_URL: "",
      SERVICE_BASE_URL: "",
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      PREVIEW_PORT: String(port + 30),
      // The specs' webhook receivers listen on 127.0.0.1, which deliveries may reach only with this.
      EMBEDDED_FETCH_ALLOW_PRIVATE: "1",
      ...env,
    },
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const server: ServerProcess = { port, dataDir, child, exited, output: () => output };
  started.add(server);
  return server;
}

/** Resolves once the embedded service answers (and returns the server's pid); rejects if the process ends first. */
export async function untilReady(server: ServerProcess, timeoutMs = 120_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < until) {
    if (ended) throw new Error(`the server on ${server.port} ended before it was ready:\n${server.output()}`);
    try {
      const res = await svc(server, "GET", "/v2/chats?limit=1");
      if (res.status === 200) return (server.serverPid = serverPid(server));
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server on ${server.port} was not ready within ${timeoutMs} ms:\n${server.output()}`);
}

/** A request to the server's embedded service with the service key; the JSON answer (null when none). At most 60 s. */
export async function svc<T = unknown>(
  server: ServerProcess,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/svc${urlPath}`, {
    method,
    headers: {
      authorization: `Bearer ${E2E_SERVICE_API_KEY}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000), // a hung server fails the test instead of stalling it
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The pid of the process holding the data directory's PGlite lock: the server itself (npm's child). */
function serverPid(server: ServerProcess): number {
  const lock = JSON.parse(readFileSync(path.join(server.dataDir, "pglite", "atelier.lock"), "utf8")) as { pid: number };
  return lock.pid;
}

/** Waits for the npm process to end; null after `timeoutMs`. */
export async function exitWithin(server: ServerProcess, timeoutMs: number): Promise<Exit | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a process is gone (or a zombie: dead, not yet reaped). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

/** The process group of a live process; null when it is gone. */
function groupOf(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[2]);
  } catch {
    return null;
  }
}

/**
 * Ends every server started so far with SIGKILL to its process group — while the group still holds npm or the
 * server (never a group id a finished run left behind) — and removes the data directories.
 */
export async function killAll(): Promise<void> {
  for (const server of started) {
    const group = server.child.pid!;
    const npmRuns = server.child.exitCode === null && server.child.signalCode === null;
    const serverRuns = server.serverPid !== undefined && groupOf(server.serverPid) === group;
    if (npmRuns || serverRuns) {
      try {
        process.kill(-group, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await exitWithin(server, 10_000);
  }
  started.clear();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}
