import "server-only";
import { createHash } from "node:crypto";

/**
 * Whether a chat's files are an app that runs (docs/app-runtime.md): a `package.json` at the root with a `dev` script,
 * else a `start` script. Its package manager is the one its lockfile names (npm without one), and the install runs
 * with the dependencies' scripts off (what the installer writes into the shared cache is then npm's work alone).
 */
export type PackageManager = "npm" | "pnpm" | "yarn";

export interface AppPlan {
  /** The script that runs: `dev`, else `start`. */
  script: "dev" | "start";
  manager: PackageManager;
  /** The lockfile the manager was chosen by; null: none (npm installs without one). */
  lockfile: string | null;
  /** Installs the dependencies, their scripts off. */
  install: string;
  /** Starts the app (PORT and HOST are in its environment). */
  run: string;
  /** Builds it for a deployment (`build` script); null without one. */
  build: string | null;
  /**
   * What the install depends on (manager, lockfile, the dependency fields of package.json, .npmrc): when it changes,
   * the app is installed again.
   */
  installKey: string;
  /**
   * With npm and a lockfile: the key of the installed node_modules kept in the cache, which a second app with the same
   * key copies instead of installing (modules.ts); null otherwise.
   */
  modulesKey: string | null;
  /** What `run` depends on besides the files (the script's text): when it changes, the app restarts. */
  runKey: string;
}

type Detection = { runnable: true; plan: AppPlan } | { runnable: false; reason: string | null };

/** Files whose change reinstalls (the rest are written into the running copy). */
export const INSTALL_FILES = [
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "pnpm-lock.yaml",
  "pnpm-workspace.yaml",
  "yarn.lock",
  ".yarnrc.yml",
  ".npmrc",
] as const;

/** The files whose text decides whether a chat is an app and how it installs. */
export const DECIDING_FILES = [...INSTALL_FILES, "bun.lockb", "bun.lock"];

const DEPENDENCY_FIELDS = [
  "dependencies",
  "devDependencies",
  "optionalDependencies",
  "peerDependencies",
  "overrides",
  "resolutions",
  "workspaces",
  "packageManager",
  "pnpm",
] as const;

const NPM_FLAGS = "--ignore-scripts --no-audit --no-fund --no-progress";
/** node_modules/.bin first, as `npm run` does (the script runs directly: npm's own start is a second or more). */
const BIN_PATH = 'export PATH="/app/node_modules/.bin:$PATH"';

const hash = (...parts: string[]) => createHash("sha256").update(parts.join("\0")).digest("hex");

/** The chat's files' text by path (only the root's install files and package.json are read). */
export function detectApp(fileText: (path: string) => string | undefined): Detection {
  const raw = fileText("package.json");
  if (raw === undefined) return { runnable: false, reason: null };
  let pkg: { scripts?: Record<string, unknown>; packageManager?: unknown } & Record<string, unknown>;
  try {
    pkg = JSON.parse(raw) as typeof pkg;
  } catch {
    return { runnable: false, reason: "package.json is not valid JSON, so the app cannot run: it is served as files." };
  }
  if (!pkg || typeof pkg !== "object" || Array.isArray(pkg)) return { runnable: false, reason: null };
  const scripts = pkg.scripts && typeof pkg.scripts === "object" ? pkg.scripts : {};
  const scriptOf = (name: string) => (typeof scripts[name] === "string" && scripts[name].trim() ? name : null);
  const script = (scriptOf("dev") ?? scriptOf("start")) as "dev" | "start" | null;
  if (!script) return { runnable: false, reason: null };
  if (fileText("bun.lockb") !== undefined || fileText("bun.lock") !== undefined)
    return {
      runnable: false,
      reason:
        "The app has bun's lockfile, and bun is not available where apps run: use npm (package-lock.json), pnpm or yarn.",
    };

  const declared = typeof pkg.packageManager === "string" ? pkg.packageManager : "";
  const lockfile =
    ["package-lock.json", "npm-shrinkwrap.json", "pnpm-lock.yaml", "yarn.lock"].find(
      (name) => fileText(name) !== undefined,
    ) ?? null;
  const manager: PackageManager =
    lockfile === "pnpm-lock.yaml"
      ? "pnpm"
      : lockfile === "yarn.lock"
        ? "yarn"
        : lockfile
          ? "npm"
          : declared.startsWith("pnpm@")
            ? "pnpm"
            : declared.startsWith("yarn@")
              ? "yarn"
              : "npm";
  const berry = manager === "yarn" && /^yarn@([2-9]|\d{2,})\./.test(declared);
  const install =
    manager === "npm"
      ? `npm ${lockfile ? "ci" : "install"} ${NPM_FLAGS}`
      : manager === "pnpm"
        ? `corepack pnpm install ${lockfile ? "--frozen-lockfile" : ""} --ignore-scripts`.replace("  ", " ")
        : berry
          ? `corepack yarn install ${lockfile ? "--immutable" : ""} --mode=skip-build`.replace("  ", " ")
          : `corepack yarn install ${lockfile ? "--frozen-lockfile" : ""} --ignore-scripts`.replace("  ", " ");
  const runner = manager === "npm" ? "npm" : `corepack ${manager}`;
  // A pre-script (predev), or another manager, goes through the manager's `run`; else the script runs directly.
  const viaManager = (name: string) => manager !== "npm" || scriptOf(`pre${name}`) !== null;
  const command = (name: string) =>
    viaManager(name) ? `${runner} run ${name}` : `${BIN_PATH}\n${String(scripts[name])}`;

  const dependencies = JSON.stringify(DEPENDENCY_FIELDS.map((field) => pkg[field] ?? null));
  const inputs = [manager, lockfile ?? "", lockfile ? (fileText(lockfile) ?? "") : "", dependencies];
  for (const name of [".npmrc", ".yarnrc.yml", "pnpm-workspace.yaml"]) inputs.push(fileText(name) ?? "");
  const installKey = hash("install", ...inputs);
  return {
    runnable: true,
    plan: {
      script,
      manager,
      lockfile,
      install,
      run: command(script),
      build: scriptOf("build") ? command("build") : null,
      installKey,
      modulesKey: manager === "npm" && lockfile ? hash("modules-1", process.platform, process.arch, installKey) : null,
      runKey: hash("run", command(script)),
    },
  };
}
