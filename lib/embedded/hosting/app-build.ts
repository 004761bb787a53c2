import "server-only";
import { importedFile } from "../imports/limits";
import { newId } from "../ids";
import type { Sandbox } from "../sandbox";
import type { SandboxFile } from "../sandbox/types";
import type { SecretBox } from "../mcp/secret-box";
import { buildApp, buildPlan, type AppBuildFailure } from "../runtime/build";
import { ignoredLine, projectAppEnvironment } from "../runtime/env";
import { relativeRootUrls } from "./relative-urls";
import type { AppPlan } from "../runtime/detect";
import type { AppRuntimeSettings } from "../runtime/settings";
import { type Db, type DeploymentLogLine, type DeploymentRow, type VersionFile } from "../store";
import * as deploymentsStore from "./store";

/**
 * Deployments of runnable apps (docs/app-runtime.md "Deployments"), with the app runtime on: a version whose files are
 * an app with a `build` script is built in the sandbox (runtime/build.ts) by the instance that created the
 * deployment, in the background; its output is written in the deployment's log as it arrives (every second), and
 * the deployment settles ready with the output folder's files as its site, or error with the reason and the log's
 * end. The row's `buildDeadline` says it is built here: an instance that stopped mid-build leaves it pending, and the
 * first read past the deadline settles it as failed (build.ts `settle`).
 */

/** Output lines kept in a deployment's log (earlier ones dropped with a note). */
const MAX_OUTPUT_LINES = 2000;
/** The log's end quoted in the error (`…/errors`'s fullErrorText). */
const ERROR_TAIL_LINES = 30;
/** How often the output so far is written into the deployment's log. */
const FLUSH_MS = 1000;
/** Builds at the same time on one instance; more wait their turn. */
const MAX_BUILDS = 2;
/** Beyond the install's and the build's time limits, before a pending build counts as lost. */
const DEADLINE_MARGIN_MS = 60_000;

const logLine = (text: string, level: DeploymentLogLine["level"] = "info", at = new Date()): DeploymentLogLine => ({
  id: newId("log"),
  at: at.toISOString(),
  text,
  type: level === "error" ? "stderr" : "stdout",
  level,
});

/** A path the site can serve: relative, no empty, `.` or `..` segment (what the relay reads back is checked again). */
const servablePath = (p: string) =>
  typeof p === "string" &&
  p.length > 0 &&
  !p.startsWith("/") &&
  p.split("/").every((s) => s && s !== "." && s !== "..");

interface Build {
  controller: AbortController;
  done: Promise<void>;
}

export class AppBuilds {
  private readonly builds = new Map<string, Build>();
  private closed = false;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly deps: { db: Db; sandbox: Sandbox; settings: AppRuntimeSettings; box: SecretBox }) {}

  /** The plan when these files are a runnable app with a `build` script; null: they are published as they are. */
  plan(files: readonly VersionFile[]): (AppPlan & { build: string }) | null {
    return buildPlan((p) => {
      const f = files.find((file) => file.path === p);
      return f && (f.encoding === "base64" ? Buffer.from(f.content, "base64").toString("utf8") : f.content);
    });
  }

  /**
   * When a build asked for now counts as lost if still pending: its time limits after the builds ahead of it have had
   * theirs (moved again when it starts).
   */
  deadline(now: Date): Date {
    const { installTimeoutMs, buildTimeoutMs } = this.deps.settings;
    const turns = 1 + Math.floor(this.builds.size / MAX_BUILDS);
    return new Date(now.getTime() + turns * (installTimeoutMs + buildTimeoutMs) + DEADLINE_MARGIN_MS);
  }

  /** Waits for a turn (at most MAX_BUILDS at once); resolves with its release. */
  private async turn(): Promise<() => void> {
    while (this.running >= MAX_BUILDS) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    return () => {
      this.running--;
      this.waiting.shift()?.();
    };
  }

  /** Builds a pending deployment's app in the background; it settles the row when done. */
  start(row: DeploymentRow, plan: AppPlan & { build: string }): void {
    if (this.closed) return;
    const controller = new AbortController();
    const done = this.run(row, plan, controller.signal).finally(() => this.builds.delete(row.id));
    this.builds.set(row.id, { controller, done });
  }

  /** Whether a build is under way here (the service is then in use: never closed for idling). */
  busy(): boolean {
    return this.builds.size > 0;
  }

  /** Stops the builds under way (the service closes): each settles as failed, saying so. */
  async close(): Promise<void> {
    this.closed = true;
    for (const build of this.builds.values()) build.controller.abort();
    await Promise.all([...this.builds.values()].map((b) => b.done));
  }

  private async run(row: DeploymentRow, plan: AppPlan & { build: string }, signal: AbortSignal): Promise<void> {
    const { db } = this.deps;
    const output: DeploymentLogLine[] = [];
    let dropped = 0;
    let partial = "";
    let dirty = false;
    const take = (text: string) => {
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const text of lines) output.push(logLine(text.replace(/\r$/, "")));
      if (output.length > MAX_OUTPUT_LINES) dropped += output.splice(0, output.length - MAX_OUTPUT_LINES).length;
      dirty = true;
    };
    const logs = () => [
      ...row.logs,
      ...(dropped ? [logLine(`[… ${dropped} earlier lines of output not kept]`)] : []),
      ...output,
      ...(partial ? [logLine(partial)] : []),
    ];
    const flusher = setInterval(() => {
      if (!dirty) return;
      dirty = false;
      void deploymentsStore
        .updatePendingBuild(db, row.id, { logs: logs() }, new Date())
        .then((still) => {
          // Deleted (or settled elsewhere) meanwhile: nobody wants this build any more.
          if (!still) this.builds.get(row.id)?.controller.abort();
        })
        .catch((error: unknown) => console.error("[deployments] could not write a build's log", error));
    }, FLUSH_MS);
    let outcome: { ok: true; files: VersionFile[]; dir: string } | { ok: false; type: string; message: string };
    let release = () => {};
    try {
      if (this.running >= MAX_BUILDS) {
        take(`Waiting for a turn: at most ${MAX_BUILDS} builds at a time on this instance\n`);
        release = await this.turn();
        const still =
          !signal.aborted &&
          (await deploymentsStore.updatePendingBuild(
            db,
            row.id,
            { logs: logs(), buildDeadline: this.deadline(new Date()) },
            new Date(),
          ));
        // Deleted, or settled as lost while it waited: nothing to build.
        if (!still && !signal.aborted) throw new Error("the deployment is no longer pending");
      } else release = await this.turn();
      if (signal.aborted) throw new Error("stopped before it started");
      // The project's variables go to the build (not to its install), as a host like Vercel gives them.
      const project = await projectAppEnvironment(db, this.deps.box, { chatId: row.chatId, projectId: row.projectId });
      take(ignoredLine(project.ignored, "build"));
      const result = await buildApp(this.deps, {
        chatId: row.chatId,
        plan,
        env: project.env,
        files: row.files.map(sandboxFile),
        signal,
        onData: take,
      });
      outcome = result.ok ? checkedOutput(result.dir, result.files) : result;
    } catch (error) {
      outcome = {
        ok: false,
        type: "build_failed",
        message: `The sandbox could not build the app: ${(error as Error).message}`,
      };
    } finally {
      release();
      clearInterval(flusher);
    }
    if (signal.aborted && !outcome.ok)
      outcome = { ok: false, type: "build_interrupted", message: "The build was stopped: the service shut down." };
    const at = new Date();
    const lines = logs();
    try {
      if (outcome.ok) {
        const bytes = outcome.files.reduce(
          (sum, f) => sum + Buffer.byteLength(f.content, f.encoding === "base64" ? "base64" : "utf8"),
          0,
        );
        await deploymentsStore.finishBuild(
          db,
          row.id,
          {
            status: "ready",
            error: null,
            files: outcome.files,
            logs: [
              ...lines,
              logLine(
                `Build completed: ${outcome.files.length} files (${bytes} bytes) from ${outcome.dir}/`,
                "info",
                at,
              ),
              logLine("Deployment ready", "info", at),
            ],
          },
          at,
        );
      } else {
        const tail = lines
          .slice(row.logs.length)
          .slice(-ERROR_TAIL_LINES)
          .map((l) => l.text)
          .join("\n");
        await deploymentsStore.finishBuild(
          db,
          row.id,
          {
            status: "error",
            error: { type: outcome.type, text: tail ? `${outcome.message}\n\n${tail}` : outcome.message },
            logs: [...lines, logLine(`Error: ${outcome.message}`, "error", at), logLine("Build failed", "error", at)],
          },
          at,
        );
      }
    } catch (error) {
      console.error("[deployments] could not settle a build", error);
    }
  }
}

const sandboxFile = (f: VersionFile): SandboxFile => ({
  path: f.path,
  content: f.encoding === "base64" ? new Uint8Array(Buffer.from(f.content, "base64")) : f.content,
});

/** The output's files as a deployment keeps them (text, else base64); a path it cannot serve fails the build. */
function checkedOutput(
  dir: string,
  files: readonly SandboxFile[],
): { ok: true; files: VersionFile[]; dir: string } | { ok: false; type: AppBuildFailure; message: string } {
  const bad = files.find((f) => !servablePath(f.path));
  if (bad)
    return {
      ok: false,
      type: "build_failed",
      message: `The build's output has a file that cannot be served: ${JSON.stringify(bad.path).slice(0, 200)}`,
    };
  return {
    ok: true,
    dir,
    // Served under …/hosting/{id}/: root-absolute URLs of its own files (Vite's default base) made relative.
    files: relativeRootUrls(files).map((f) => {
      const bytes = typeof f.content === "string" ? new TextEncoder().encode(f.content) : f.content;
      return { ...importedFile(f.path, bytes), locked: false };
    }),
  };
}
