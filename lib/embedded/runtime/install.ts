import "server-only";
import { createHash } from "node:crypto";
import { chmod, lchown, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { hostIds } from "../sandbox/bubblewrap";
import type { RunOptions, RunResult, Sandbox } from "../sandbox/types";
import { prepareCache } from "../sandbox/workspace";
import type { AppPlan } from "./detect";
import { harvest, lockfileDigests, seed, type PackageStore } from "./package-store";
import type { AppRuntimeSettings } from "./settings";

/**
 * How a chat's app is installed, for its running app (apps.ts) and its deployment's build (build.ts) alike
 * (docs/app-runtime.md "Install"): only when it has something to install, with the install network, the chat's own
 * package cache writable, the per-app limits and the install's time limit.
 */

/** Whether the app has anything to install (dependencies or a lockfile); a zero-dependency app starts at once. */
export function needsInstall(plan: AppPlan, pkgText: string | undefined): boolean {
  if (plan.lockfile) return true;
  try {
    const pkg = JSON.parse(pkgText ?? "{}") as Record<string, unknown>;
    return ["dependencies", "devDependencies", "optionalDependencies"].some(
      (field) => pkg[field] && typeof pkg[field] === "object" && Object.keys(pkg[field]).length > 0,
    );
  } catch {
    return true;
  }
}

/** One chat's installs (its app's, its deployments' builds') and the store's work on its cache, one at a time. */
const chatQueues = new Map<string, Promise<unknown>>();

/**
 * Runs a chat's install in the sandbox (`run`: its copy, files, signal and output), its npm cache first given the
 * shared store's tarballs its lockfile names; once it succeeded, its cache's verified tarballs go into the store (in the
 * background: the caller goes on at once). One chat's installs and the store's work on its cache never overlap, so no
 * sandbox changes the cache while the server walks it.
 */
export async function runInstall(
  sandbox: Sandbox,
  plan: AppPlan,
  settings: AppRuntimeSettings,
  chatId: string,
  run: Pick<RunOptions, "files" | "remove" | "volume" | "signal" | "onData">,
  lockfileText: string | undefined,
): Promise<RunResult> {
  const options = await installOptions(plan, settings, chatId);
  const store = packageStore(settings);
  const npmCache = path.join(options.cache!.dir, "npm");
  const leave = await takeTurn(options.cache!.dir);
  let harvesting = false;
  try {
    if (store && plan.manager === "npm" && lockfileText) {
      const owner = hostIds();
      await prepareCache(options.cache!.dir, true, owner);
      await mkdir(npmCache).catch(() => {}); // one a sandbox left (even a link) is judged by seed
      if (owner) await lchown(npmCache, owner.uid, owner.gid);
      await seed(store, npmCache, lockfileDigests(lockfileText), owner).catch((error: unknown) =>
        console.error("[apps] could not copy the shared package store's tarballs", error),
      );
    }
    const result = await sandbox.run({ ...options, ...run });
    if (store && result.exitCode === 0) {
      harvesting = true;
      const taking: Promise<void> = harvest(store, npmCache)
        .then(() => {})
        .catch((error: unknown) => console.error("[apps] could not add an install's tarballs to the store", error))
        .finally(() => {
          leave();
          harvests.delete(taking);
        });
      harvests.add(taking);
    }
    return result;
  } finally {
    if (!harvesting) leave();
  }
}

/** The store's takings from installs that succeeded, under way. */
const harvests = new Set<Promise<void>>();

/** Resolves once the store has taken what the installs so far brought (the service closes). */
export async function harvestsSettled(): Promise<void> {
  await Promise.all([...harvests]);
}

/** Waits for the turn on a chat's cache (the work queued before ends), then holds it until `leave` is called. */
async function takeTurn(key: string): Promise<() => void> {
  const before = chatQueues.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const queued = before.then(() => mine);
  chatQueues.set(key, queued);
  await before;
  return () => {
    release();
    if (chatQueues.get(key) === queued) chatQueues.delete(key);
  };
}

/** The store shared between chats (APP_PACKAGE_STORE_MB; 0 turns it off), beside the chats' caches. */
function packageStore(settings: AppRuntimeSettings): PackageStore | null {
  if (settings.storeMb <= 0) return null;
  const maxBytes = settings.storeMb * 1024 * 1024;
  return { dir: path.join(settings.cacheDir, "store"), maxBytes, maxFileBytes: Math.min(maxBytes, 256 * 1024 * 1024) };
}

/** The options of the install's `Sandbox.run` (the caller adds its copy, files, signal and output). */
async function installOptions(
  plan: AppPlan,
  settings: AppRuntimeSettings,
  chatId: string,
): Promise<Pick<RunOptions, "command" | "network" | "cache" | "env" | "limits" | "diskCheckMs">> {
  return {
    command: plan.install,
    network: settings.installNetwork,
    // The install writes the package cache, and a chat's own files can steer it (`.npmrc`, `.yarnrc.yml`'s
    // plugins, `.pnpmfile.cjs`): each chat writes a cache of its own, never one another chat's install reads.
    cache: { dir: await chatCacheDir(settings.cacheDir, chatId), writable: true },
    env: { npm_config_cache: "/cache/npm", npm_config_update_notifier: "false" },
    limits: { timeMs: settings.installTimeoutMs, ...settings.limits },
    diskCheckMs: settings.diskCheckMs,
  };
}

/**
 * The state's or the deployment's message when the sandbox ended `what` (the app, its install, its build) at the disk
 * limit (APP_DISK_MB); null when it did not.
 */
export function overDiskLimit(what: string, ended: RunResult["ended"], diskMb: number): string | null {
  if (ended?.reason !== "disk") return null;
  const detail = ended.message.replace(/^\[ended at the disk limit of \d+ MB: |\]$/g, "");
  return `${what} was stopped: it is over its disk limit of ${diskMb} MB (APP_DISK_MB): ${detail}.`;
}

/**
 * The package cache of one chat's installs, under APP_CACHE_DIR (a name derived from its id). The top folder is made
 * passable but not listable (0711): the sandbox's user reaches its own chat's folder, never a list of the others.
 */
async function chatCacheDir(cacheDir: string, chatId: string): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  await chmod(cacheDir, 0o711);
  return path.join(cacheDir, chatCacheName(chatId));
}

/** The name of a chat's package cache folder under APP_CACHE_DIR. */
export function chatCacheName(chatId: string): string {
  return createHash("sha256").update(chatId).digest("hex").slice(0, 32);
}

/**
 * Removes the package cache folder named `name` under APP_CACHE_DIR (a deleted chat's), after the install or the store's
 * work on it under way, if any; the store keeps the tarballs it took from it.
 */
export async function removeChatCache(cacheDir: string, name: string): Promise<void> {
  const dir = path.join(cacheDir, name);
  const leave = await takeTurn(dir);
  try {
    await rm(dir, { recursive: true, force: true });
  } finally {
    leave();
  }
}
