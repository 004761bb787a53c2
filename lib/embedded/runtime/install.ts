import "server-only";
import { createHash } from "node:crypto";
import { chmod, mkdir } from "node:fs/promises";
import path from "node:path";
import type { RunOptions, RunResult } from "../sandbox/types";
import type { AppPlan } from "./detect";
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

/** The options of the install's `Sandbox.run` (the caller adds its copy, files, signal and output). */
export async function installOptions(
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
  return path.join(cacheDir, createHash("sha256").update(chatId).digest("hex").slice(0, 32));
}
