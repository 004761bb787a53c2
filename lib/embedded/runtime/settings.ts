import "server-only";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SandboxNetwork } from "../sandbox";

/**
 * How chats' apps run (APP_* variables, docs/app-runtime.md): the dashboard's config reads what is set and passes it;
 * the defaults live here, once.
 */
export interface AppRuntimeSettings {
  /** APP_RUNTIME=off serves every chat as files, as before. */
  enabled: boolean;
  /** Apps running on this instance at most (APP_MAX_RUNNING); starting one more stops the least recently viewed. */
  maxRunning: number;
  /** An app nobody viewed for this long stops (APP_IDLE_STOP_MS); an open WebSocket (hot reload) counts as viewing. */
  idleStopMs: number;
  /** The install's time limit (APP_INSTALL_TIMEOUT_MS). */
  installTimeoutMs: number;
  /** A deployment's build (its `build` script, after the install) at most (APP_BUILD_TIMEOUT_MS). */
  buildTimeoutMs: number;
  /** From starting the script to its listening on a port (APP_START_TIMEOUT_MS); past it the app is ended as crashed. */
  startTimeoutMs: number;
  /** Per app (APP_MEMORY_MB, APP_CPU_S, APP_PROCESSES, APP_DISK_MB): per process, but processes and disk per app. */
  limits: { memoryMb: number; cpuSeconds: number; processes: number; diskMb: number };
  /** The network of a running app (APP_NETWORK): none by default. */
  network: SandboxNetwork;
  /** Where installs may fetch from, through the sandbox's proxy (APP_INSTALL_HOSTS, APP_INSTALL_PRIVATE_HOSTS). */
  installNetwork: SandboxNetwork & { mode: "public" };
  /** The chats' package caches and the shared package store (APP_CACHE_DIR). */
  cacheDir: string;
  /** The shared package store's size at most, in MB (APP_PACKAGE_STORE_MB); 0: no store, each chat downloads its own. */
  storeMb: number;
  /** How often an app's disk use (its copy and HOME) is measured against `limits.diskMb`: running, installing, building. */
  diskCheckMs: number;
}

export interface AppRuntimeSettingsInput extends Partial<Omit<AppRuntimeSettings, "limits">> {
  limits?: Partial<AppRuntimeSettings["limits"]>;
}

export const DEFAULT_INSTALL_HOSTS = ["registry.npmjs.org", "registry.yarnpkg.com", "repo.yarnpkg.com"];

export function appRuntimeSettings(input: AppRuntimeSettingsInput = {}): AppRuntimeSettings {
  return {
    enabled: input.enabled ?? true,
    maxRunning: input.maxRunning ?? 3,
    idleStopMs: input.idleStopMs ?? 10 * 60_000,
    installTimeoutMs: input.installTimeoutMs ?? 5 * 60_000,
    startTimeoutMs: input.startTimeoutMs ?? 2 * 60_000,
    buildTimeoutMs: input.buildTimeoutMs ?? 10 * 60_000,
    limits: { memoryMb: 2048, cpuSeconds: 3600, processes: 256, diskMb: 2048, ...input.limits },
    network: input.network ?? { mode: "none" },
    installNetwork: input.installNetwork ?? { mode: "public", hosts: DEFAULT_INSTALL_HOSTS, privateHosts: [] },
    cacheDir: input.cacheDir ?? path.join(tmpdir(), "atelier-app-cache"),
    storeMb: input.storeMb ?? 4096,
    diskCheckMs: input.diskCheckMs ?? 10_000,
  };
}
