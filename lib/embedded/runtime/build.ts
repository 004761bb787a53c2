import "server-only";
import type { Sandbox } from "../sandbox";
import type { SandboxFile } from "../sandbox/types";
import { detectApp, type AppPlan } from "./detect";
import { needsInstall, overDiskLimit, runInstall } from "./install";
import { plainText } from "./plain-text";
import type { AppRuntimeSettings } from "./settings";

/**
 * A chat's app built for a deployment (docs/app-runtime.md "Deployments"): its files copied into a sandbox volume,
 * installed as its running app is (install.ts: the install network, its own package cache, scripts off), then its
 * `build` script run with no network and NODE_ENV=production, and the output folder read back from inside the sandbox:
 * the first of OUTPUT_DIRS that exists. The copy is removed afterwards whatever happened.
 */

/** Where builds write their site: Vite, Astro, Parcel (dist), Create React App, SvelteKit's static adapter (build), Next's export (out). */
const OUTPUT_DIRS = ["dist", "build", "out"] as const;
/** What a deployment keeps of an output folder at most (its files are stored in the database). */
const OUTPUT_LIMITS = { maxFiles: 2000, maxBytes: 50 * 1024 * 1024 };

export type AppBuildFailure =
  "install_failed" | "build_failed" | "missing_output" | "output_too_large" | "missing_index";

type AppBuildResult =
  { ok: true; dir: string; files: SandboxFile[] } | { ok: false; type: AppBuildFailure; message: string };

/** The app's plan when its files are a runnable app with a `build` script; null: they are published as they are. */
export function buildPlan(fileText: (path: string) => string | undefined): (AppPlan & { build: string }) | null {
  const detection = detectApp(fileText);
  if (!detection.runnable || detection.plan.build === null) return null;
  return detection.plan as AppPlan & { build: string };
}

interface BuildInput {
  chatId: string;
  plan: AppPlan & { build: string };
  files: readonly SandboxFile[];
  signal: AbortSignal;
  /** The project's variables for the build (env.ts; never the install's). */
  env: Readonly<Record<string, string>>;
  /** Each piece of the install's and the build's output as it arrives (and the commands, as `$ …` lines). */
  onData: (text: string) => void;
}

export async function buildApp(
  deps: { sandbox: Sandbox; settings: AppRuntimeSettings },
  input: BuildInput,
): Promise<AppBuildResult> {
  const { sandbox, settings } = deps;
  const { plan, signal } = input;
  const onData = (output: string) => input.onData(plainText(output));
  const volume = await sandbox.createVolume(input.files);
  try {
    const pkg = input.files.find((f) => f.path === "package.json")?.content;
    if (needsInstall(plan, typeof pkg === "string" ? pkg : pkg && Buffer.from(pkg).toString("utf8"))) {
      onData(`$ ${plan.install}\n`);
      const lockfile = input.files.find((f) => f.path === plan.lockfile)?.content;
      const installed = await runInstall(
        sandbox,
        plan,
        settings,
        input.chatId,
        { files: [], volume, signal, onData },
        typeof lockfile === "string" || lockfile === undefined ? lockfile : Buffer.from(lockfile).toString("utf8"),
      );
      if (installed.exitCode !== 0)
        return {
          ok: false,
          type: "install_failed",
          message:
            overDiskLimit("The install", installed.ended, settings.limits.diskMb) ??
            installed.ended?.message ??
            `The install failed (exit code ${installed.exitCode}).`,
        };
    }
    onData(`$ ${plan.manager} run build\n`);
    const built = await sandbox.run({
      command: plan.build,
      files: [],
      volume,
      network: { mode: "none" },
      env: { ...input.env, NODE_ENV: "production" },
      limits: { timeMs: settings.buildTimeoutMs, ...settings.limits },
      diskCheckMs: settings.diskCheckMs,
      collect: { dirs: OUTPUT_DIRS, ...OUTPUT_LIMITS },
      signal,
      onData,
    });
    if (built.exitCode !== 0)
      return {
        ok: false,
        type: "build_failed",
        message:
          overDiskLimit("The build", built.ended, settings.limits.diskMb) ??
          built.ended?.message ??
          `The build failed (exit code ${built.exitCode}).`,
      };
    const collected = built.collected;
    if (!collected?.dir)
      return {
        ok: false,
        type: "missing_output",
        message: `The build wrote no output folder: none of ${OUTPUT_DIRS.map((d) => `${d}/`).join(", ")} exists.`,
      };
    // Checked again here: the command can write into the relay's answers (docs/sandbox.md), so what came back may
    // not be what the relay read.
    const bytes = collected.files.reduce(
      (sum, f) => sum + (typeof f.content === "string" ? Buffer.byteLength(f.content) : f.content.length),
      0,
    );
    if (!collected.error && (collected.files.length > OUTPUT_LIMITS.maxFiles || bytes > OUTPUT_LIMITS.maxBytes))
      collected.error = `${collected.files.length} files, ${bytes} bytes`;
    if (collected.error)
      return {
        ok: false,
        type: "output_too_large",
        message: `The build's output could not be published: ${collected.error} (at most ${OUTPUT_LIMITS.maxFiles} files and ${OUTPUT_LIMITS.maxBytes / 1024 / 1024} MB).`,
      };
    if (!collected.files.some((f) => f.path === "index.html"))
      return {
        ok: false,
        type: "missing_index",
        message: `The build's output folder ${collected.dir}/ has no index.html at its root: the site has no page to serve.`,
      };
    return { ok: true, dir: collected.dir, files: collected.files };
  } finally {
    await volume.remove();
  }
}
