import "server-only";

/**
 * Whether and how the embedded service runs chats' apps (APP_*; docs/app-runtime.md): only the variables that are
 * set, the runtime (lib/embedded/runtime/settings.ts) fills in its defaults. Malformed values stop the start with a
 * message naming the variable.
 */
export interface AppRuntimeConfig {
  /**
   * APP_RUNTIME: `on` requires the sandbox (the server does not start without it); `auto`, the default, runs apps
   * where the sandbox works and serves files where it does not, saying why (app/_wiring/command-sandbox.ts).
   */
  mode: "on" | "auto";
  /** The server's own ports (PORT, PREVIEW_PORT): an install's proxy never reaches them. */
  ownPorts: number[];
  maxRunning?: number;
  idleStopMs?: number;
  installTimeoutMs?: number;
  startTimeoutMs?: number;
  buildTimeoutMs?: number;
  limits?: { memoryMb?: number; cpuSeconds?: number; processes?: number; diskMb?: number };
  installNetwork?: { mode: "public"; hosts: string[]; privateHosts: string[] };
  cacheDir?: string;
  /** The shared package store's size at most (APP_PACKAGE_STORE_MB; 0 turns it off). */
  storeMb?: number;
  /** Where the other instances reach this one's preview listener (APP_INSTANCE_ADDRESS, `host:port`). */
  instanceAddress?: string;
}

type Env = Record<string, string | undefined>;

const NUMBERS = {
  maxRunning: "APP_MAX_RUNNING",
  idleStopMs: "APP_IDLE_STOP_MS",
  installTimeoutMs: "APP_INSTALL_TIMEOUT_MS",
  startTimeoutMs: "APP_START_TIMEOUT_MS",
  buildTimeoutMs: "APP_BUILD_TIMEOUT_MS",
} as const;
const LIMITS = {
  memoryMb: "APP_MEMORY_MB",
  cpuSeconds: "APP_CPU_S",
  processes: "APP_PROCESSES",
  diskMb: "APP_DISK_MB",
} as const;

function whole(env: Env, variable: string): number | undefined {
  const raw = env[variable]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1)
    throw new Error(`${variable} must be a whole number ≥ 1 (got ${JSON.stringify(raw)})`);
  return n;
}

const list = (raw: string | undefined) =>
  (raw ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/**
 * APP_RUNTIME: `auto` (the default) runs apps in the bubblewrap sandbox where it works, `on` requires it, `off` serves
 * every chat's files.
 */
export function readAppRuntime(env: Env, ownPorts: number[]): AppRuntimeConfig | null {
  const mode = env.APP_RUNTIME?.trim() || "auto";
  if (mode !== "on" && mode !== "off" && mode !== "auto")
    throw new Error(`APP_RUNTIME must be "auto", "on" or "off" (got ${JSON.stringify(mode)})`);
  if (mode === "off") return null;
  const config: AppRuntimeConfig = { mode, ownPorts };
  for (const [name, variable] of Object.entries(NUMBERS) as [keyof typeof NUMBERS, string][]) {
    const n = whole(env, variable);
    if (n !== undefined) config[name] = n;
  }
  const limits: NonNullable<AppRuntimeConfig["limits"]> = {};
  for (const [name, variable] of Object.entries(LIMITS) as [keyof typeof LIMITS, string][]) {
    const n = whole(env, variable);
    if (n !== undefined) limits[name] = n;
  }
  if (Object.keys(limits).length) config.limits = limits;
  const hosts = list(env.APP_INSTALL_HOSTS);
  const privateHosts = list(env.APP_INSTALL_PRIVATE_HOSTS);
  for (const host of hosts)
    if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host))
      throw new Error(`APP_INSTALL_HOSTS must be host names, comma-separated (got ${JSON.stringify(host)})`);
  for (const host of privateHosts)
    if (!/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:]+\]):\d{1,5}$/.test(host))
      throw new Error(
        `APP_INSTALL_PRIVATE_HOSTS must be host:port entries, comma-separated (got ${JSON.stringify(host)})`,
      );
  if (hosts.length || privateHosts.length)
    config.installNetwork = {
      mode: "public",
      hosts: hosts.length ? hosts : ["registry.npmjs.org", "registry.yarnpkg.com", "repo.yarnpkg.com"],
      privateHosts,
    };
  const cacheDir = env.APP_CACHE_DIR?.trim();
  if (cacheDir) config.cacheDir = cacheDir;
  const storeMb = env.APP_PACKAGE_STORE_MB?.trim();
  if (storeMb) {
    if (!/^\d+$/.test(storeMb) || !Number.isSafeInteger(Number(storeMb)))
      throw new Error(`APP_PACKAGE_STORE_MB must be a whole number of MB, 0 for none (got ${JSON.stringify(storeMb)})`);
    config.storeMb = Number(storeMb);
  }
  const address = env.APP_INSTANCE_ADDRESS?.trim();
  if (address) {
    if (!/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:]+\]):\d{1,5}$/i.test(address))
      throw new Error(`APP_INSTANCE_ADDRESS must be host:port (got ${JSON.stringify(address)})`);
    config.instanceAddress = address;
  }
  return config;
}
