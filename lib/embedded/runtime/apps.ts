import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { PreviewAnswer } from "../preview/pass";
import type { Sandbox } from "../sandbox";
import type { RunResult, SandboxFile, SandboxProcess, SandboxVolume } from "../sandbox/types";
import type { Db } from "../store/db";
import { chatFiles } from "../store/schema";
import { DECIDING_FILES, detectApp, INSTALL_FILES, type AppPlan } from "./detect";
import { harvestsSettled, needsInstall, overDiskLimit, runInstall } from "./install";
import { removeDeletedChatCache, sweepChatCaches } from "./cache-sweep";
import { plainText } from "./plain-text";
import type { AppRunState, AppStopReason } from "./schema";
import type { AppRuntimeSettings } from "./settings";
import { appStatusPage, RESTART_PATH } from "./status-page";
import { ForwardSigner } from "./forward";
import {
  CONTROL_HEADER,
  controlAnswer,
  controlMethod,
  controlPath,
  parseAddress,
  parseControl,
  sendControl,
  type AppSnapshot,
  type ControlAction,
} from "./control";
import { HttpError } from "../errors";
import type { SecretBox } from "../mcp/secret-box";
import { environmentPrint, ignoredLine, projectAppEnvironment } from "./env";
import { claimAppRun, forgetInstance, recordInstance, renewAppRuns, updateAppRun, whereAppRuns } from "./store";

/**
 * The chats' running apps on this instance (docs/app-runtime.md). A preview request for a chat whose files are an app
 * (detect.ts) starts it: a copy of its files kept between commands (a sandbox volume), its dependencies installed
 * (through the sandbox's proxy, the package cache shared), then its script started in the sandbox with PORT set. While
 * it installs or starts, or once it crashed, the preview answers a page saying so (with the log's tail); once it
 * listens, every request and WebSocket is passed through to it (preview/pass.ts). Changes of the chat's files (any
 * writer: the agent, a hand edit, a pull, a restore) are written into the running copy (a `dev` server reloads; a
 * `start` server is started again); a change of an install file installs again. Apps nobody viewed for `idleStopMs` stop, and so does the least recently viewed one past
 * `maxRunning`. With several instances an app runs on one (its lease in app_runs): a request reaching another is
 * forwarded to the owner's preview listener (forward.ts), or, when the owner is gone, the app starts where it is.
 */

/** The port an app is given (PORT) in its sandbox; one that listens elsewhere (Vite's 5173) is found anyway. */
const APP_PORT = 3000;
/** The log kept per app (install and server output together), its end. */
const LOG_CHARS = 64 * 1024;
/** How often the package caches of chats deleted meanwhile are looked for and removed (cache-sweep.ts). */
const CACHE_SWEEP_MS = 60 * 60_000;
/** How long a lease lives unless renewed (the row says which instance runs the app). */
const LEASE_MS = 30_000;

interface App {
  chatId: string;
  plan: AppPlan;
  state: AppRunState;
  log: string;
  logEnd: number;
  message: string | null;
  failedStep: "install" | "run" | null;
  exitCode: number | null;
  volume: SandboxVolume | null;
  process: SandboxProcess | null;
  /** The chat's files as last written into the copy: path → their text's fingerprint. */
  written: Map<string, string>;
  /** Aborts the install or start under way. */
  stopper: AbortController;
  lastViewed: number;
  /** Open connections (WebSockets: hot reload) and requests under way. */
  views: number;
  /** Bumped by every start and stop: a step of an earlier one finds it changed and gives up. */
  generation: number;
  port: number | null;
  /** A sync of the files under way (one at a time per app). */
  syncing: boolean;
  /** The files may have changed while a sync was under way: it looks again when it ends. */
  resync: boolean;
  /** When the state or the log last changed (ms). */
  changedAt: number;
  /** Its lease was taken (claimAppRun): renewals that no longer find it here stop it (another instance took it). */
  claimed: boolean;
  /** The project's variables it was started with (env.ts's fingerprint); null before its script first started. */
  envPrint: string | null;
}

/** Where another instance runs a chat's app: its recorded preview listener's address and its id. */
interface Elsewhere {
  forward: string;
  owner: string;
}

interface AppRuntimeDeps {
  db: Db;
  sandbox: Sandbox;
  settings: AppRuntimeSettings;
  /** This instance (the lease's owner) and where other instances reach its preview listener. */
  owner: string;
  address: string;
  /** The secret key every instance shares (EMBEDDED_SECRET_KEY): forwarded requests are signed with it. */
  secretKey: string;
  /** Opens the project's environment variables (given to the app: env.ts). */
  box: SecretBox;
  /** How often the running apps' files are compared with the chat's (ms); default 500. */
  syncMs?: number;
}

const ownerSilent = () =>
  new HttpError(
    503,
    "The instance of the service that runs this app did not answer: try again in a moment.",
    "service_unavailable",
  );

/** An app whose copy takes the chat's changed files (one installing gets them when it starts). */
const syncable = (app: App) => app.state === "running" || app.state === "crashed" || app.state === "starting";

const fingerprint = (f: { content: string; encoding: string }) =>
  `${f.encoding}:${f.content.length}:${hashOf(f.content)}`;
function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const sandboxFile = (f: { path: string; content: string; encoding: string }): SandboxFile => ({
  path: f.path,
  content: f.encoding === "base64" ? new Uint8Array(Buffer.from(f.content, "base64")) : f.content,
});

export class AppRuntime {
  private readonly apps = new Map<string, App>();
  private readonly detecting = new Map<string, Promise<App | Elsewhere | null>>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  private renewedAt = 0;
  /** When deleted chats' package caches were last looked for (the first tick looks). */
  private sweptAt = 0;
  private renewing: Promise<void> | null = null;
  private readonly signer: ForwardSigner;
  /** Restart, Stop and the state asked of the instance that runs an app (control.ts). */
  private readonly controlSigner: ForwardSigner;
  /** This instance's row in app_instances, written (it must be there before it claims an app). */
  private readonly registered: Promise<void>;

  constructor(private readonly deps: AppRuntimeDeps) {
    this.signer = new ForwardSigner(deps.secretKey);
    this.controlSigner = new ForwardSigner(deps.secretKey, Date.now, "control");
    this.registered = recordInstance(deps.db, deps.owner, deps.address, LEASE_MS).catch((error: unknown) =>
      console.error("[apps] could not record this instance", error),
    );
    this.renewedAt = Date.now();
    this.timer = setInterval(() => void this.tick(), deps.syncMs ?? 500);
    this.timer.unref();
  }

  /**
   * The preview's answer for a chat (its token already checked), or null when its files are not an app that runs
   * (served as files). `headers`: the preview origin's headers for the app's answers and the state pages.
   * `forwarded`: the request was forwarded by another instance (its signature checked): it is answered here, never
   * forwarded again.
   */
  async answer(
    chatId: string,
    req: Request,
    headers: Record<string, string>,
    forwarded = false,
  ): Promise<PreviewAnswer | null> {
    if (this.closed) return null;
    const url = new URL(req.url);
    const found = this.apps.get(chatId) ?? (await this.detect(chatId));
    if (!found) return null;
    if ("forward" in found) {
      if (forwarded)
        return new Response("This app runs on another instance of the service: open the preview again.", {
          status: 503,
          headers: { ...headers, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
        });
      return this.forwardTo(found, chatId, req);
    }
    const app = found;
    app.lastViewed = Date.now();
    if (url.pathname === RESTART_PATH) {
      // Restart keeps the installed copy unless the install is what failed.
      if (app.state !== "installing" && app.state !== "starting")
        void this.restart(app, false, app.failedStep === "install");
      return new Response(null, { status: 303, headers: { ...headers, location: "/", "cache-control": "no-store" } });
    }
    if (app.state === "running" && app.process?.socketPath) {
      const target = app;
      return {
        pass: true,
        to: { socketPath: app.process.socketPath },
        host: `localhost:${app.port ?? APP_PORT}`,
        headers,
        reporter: true,
        viewing: () => {
          target.views++;
          target.lastViewed = Date.now();
          return () => {
            target.views--;
            target.lastViewed = Date.now();
          };
        },
      };
    }
    return appStatusPage(app, req.method === "HEAD", headers);
  }

  /** Whether a forwarded request's signature (`x-atelier-forwarded`) was made for this instance, chat and request. */
  verifyForward(value: string, chatId: string, method: string, path: string): boolean {
    return this.signer.verify(value, this.deps.owner, chatId, method, path);
  }

  /** A request for an app another instance runs, passed on to that instance's recorded preview listener. */
  private forwardTo(elsewhere: Elsewhere, chatId: string, req: Request): PreviewAnswer {
    const to = parseAddress(elsewhere.forward);
    if (!to)
      return new Response("The instance running this app recorded no usable address.", {
        status: 502,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
      });
    const url = new URL(req.url);
    return {
      pass: true,
      to,
      forwarded: this.signer.sign(elsewhere.owner, chatId, req.method, `${url.pathname}${url.search}`),
      headers: {},
      reporter: false,
      // The instance that runs the app counts its views.
      viewing: () => () => {},
    };
  }

  /** Whether any app is installing, starting or running here (the service is then in use: never closed for idling). */
  busy(): boolean {
    return this.apps.size > 0;
  }

  /** The state of a chat's app on this instance (the dashboard: runtime/view.ts); null when none runs here. */
  stateOf(chatId: string): AppSnapshot | null {
    const app = this.apps.get(chatId);
    return app
      ? {
          state: app.state,
          log: app.log,
          message: app.message,
          failedStep: app.failedStep,
          exitCode: app.exitCode,
          script: app.plan.script,
          changedAt: new Date(app.changedAt),
        }
      : null;
  }

  /**
   * The state of a chat's app another live instance runs, asked of it (its log is live there; the database has the
   * log as of its last change of state); null when none does or it did not answer.
   */
  async remoteStateOf(chatId: string): Promise<AppSnapshot | null> {
    if (this.closed) return null;
    const where = await whereAppRuns(this.deps.db, chatId, this.deps.owner);
    if (typeof where !== "object" || !("forward" in where)) return null;
    return (await this.askOwner(where, chatId, "state")) ?? null;
  }

  /**
   * Restart (the dashboard's button, POST …/app/restart): a chat's app on this instance starts again (keeping its
   * installed copy unless the install is what failed), at any step; one another live instance runs is restarted
   * there (asked over the control channel; 503 when it does not answer); one that runs nowhere is started here.
   * False when its files are not an app that runs. `forwarded`: asked by another instance: acts here only.
   */
  async restartApp(chatId: string, forwarded = false): Promise<boolean> {
    if (this.closed) return false;
    const running = this.apps.get(chatId);
    if (running) {
      running.lastViewed = Date.now();
      void this.restart(running, false, running.failedStep === "install" || running.state === "installing");
      return true;
    }
    const found = await this.detect(chatId);
    if (found && "forward" in found) {
      if (forwarded) return false;
      if ((await this.askOwner(found, chatId, "restart")) === undefined) throw ownerSilent();
    }
    return found !== null;
  }

  /**
   * Stops a chat's app (Stop, the chat deleted): its copy is removed. A person's Stop of an app another live instance
   * runs is sent there (503 when it does not answer); `forwarded`: asked by another instance: acts here only.
   */
  async stop(chatId: string, reason: AppStopReason = "person", forwarded = false): Promise<void> {
    const app = this.apps.get(chatId);
    if (app) return this.end(app, reason);
    if (forwarded || reason !== "person" || this.closed) return;
    const where = await whereAppRuns(this.deps.db, chatId, this.deps.owner);
    if (typeof where === "object" && "forward" in where && (await this.askOwner(where, chatId, "stop")) === undefined)
      throw ownerSilent();
  }

  /**
   * A request may have changed a chat's files (a hand edit, a restore, a pull: http/router.ts): its app here gets them now,
   * not at the next look (up to `syncMs` later). Another instance's app gets them at its next look.
   */
  filesChanged(chatId: string): void {
    const app = this.apps.get(chatId);
    if (!app || this.closed) return;
    if (app.syncing) app.resync = true;
    else if (syncable(app)) void this.sync(app);
  }

  /**
   * A chat was deleted: its app stops here at once (on another instance, at its next look at the chat's files) and its
   * package cache on this instance goes (other instances' at their next sweep). Never fails the deletion.
   */
  async chatDeleted(chatId: string): Promise<void> {
    const app = this.apps.get(chatId);
    if (app) await this.end(app, "person");
    await removeDeletedChatCache(this.deps.db, this.deps.settings.cacheDir, chatId).catch((error: unknown) =>
      console.error("[apps] could not remove a deleted chat's package cache", error),
    );
  }

  /**
   * A control request from another instance (control.ts): Restart, Stop or the state of a chat's app, acted on here
   * only. Refused (403) unless signed for this instance, the chat, the method and the path.
   */
  async control(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const target = parseControl(url.pathname, req.method);
    const signature = req.headers.get(CONTROL_HEADER);
    if (
      !target ||
      signature === null ||
      url.search ||
      !this.controlSigner.verify(signature, this.deps.owner, target.chatId, req.method, url.pathname)
    )
      return new Response("This control request is not signed by an instance of this service.", {
        status: 403,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
      });
    if (target.action === "restart") await this.restartApp(target.chatId, true);
    if (target.action === "stop") await this.stop(target.chatId, "person", true);
    return controlAnswer(this.stateOf(target.chatId));
  }

  /** Sends a control request to the instance the database says runs the app; undefined when it did not answer. */
  private askOwner(elsewhere: Elsewhere, chatId: string, action: ControlAction) {
    const path = controlPath(chatId, action);
    const signature = this.controlSigner.sign(elsewhere.owner, chatId, controlMethod(action), path);
    return sendControl(elsewhere.forward, chatId, action, signature);
  }

  /** Stops every app (the service closes). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.registered;
    // A renewal under way would record this instance again after its row is removed.
    await this.renewing;
    await forgetInstance(this.deps.db, this.deps.owner).catch(() => {});
    await Promise.all([...this.apps.values()].map((app) => this.end(app, "shutdown")));
    await harvestsSettled(); // no half-copied tarball left in the package store
  }

  /**
   * Whether the chat's files are an app (reading only the files that decide it), and if so where it runs: another
   * live instance's (forwarded there), or its app here, begun (taken over when the instance that held it is gone):
   * once per chat however many requests ask at the same time.
   */
  private detect(chatId: string): Promise<App | Elsewhere | null> {
    let pending = this.detecting.get(chatId);
    if (!pending) {
      pending = (async () => {
        const files = await this.deps.db
          .select({ path: chatFiles.path, content: chatFiles.content })
          .from(chatFiles)
          .where(and(eq(chatFiles.chatId, chatId), inArray(chatFiles.path, DECIDING_FILES)));
        const detection = detectApp((p) => files.find((f) => f.path === p)?.content);
        if (!detection.runnable || this.closed) return null;
        const here = this.apps.get(chatId);
        if (here) return here;
        const where = await whereAppRuns(this.deps.db, chatId, this.deps.owner);
        if (typeof where === "object" && "forward" in where) return where;
        await this.registered;
        const claimed = await claimAppRun(
          this.deps.db,
          chatId,
          this.claimOf("installing", detection.plan),
          typeof where === "object" ? where.takeOver : undefined,
        );
        if (!claimed) {
          // Another instance took it meanwhile.
          const now = await whereAppRuns(this.deps.db, chatId, this.deps.owner);
          if (typeof now === "object" && "forward" in now) return now;
        }
        return this.apps.get(chatId) ?? this.begin(chatId, detection.plan);
      })().finally(() => this.detecting.delete(chatId));
      this.detecting.set(chatId, pending);
    }
    return pending;
  }

  private begin(chatId: string, plan: AppPlan): App {
    const app: App = {
      chatId,
      plan,
      state: "installing",
      log: "",
      logEnd: 0,
      message: null,
      failedStep: null,
      exitCode: null,
      volume: null,
      process: null,
      written: new Map(),
      stopper: new AbortController(),
      lastViewed: Date.now(),
      views: 0,
      generation: 0,
      port: null,
      syncing: false,
      resync: false,
      changedAt: Date.now(),
      claimed: false,
      envPrint: null,
    };
    this.apps.set(chatId, app);
    this.makeRoom(app);
    void this.launch(app, app.generation);
    return app;
  }

  /** Past `maxRunning`: the least recently viewed other app stops. */
  private makeRoom(except: App): void {
    const others = [...this.apps.values()].filter((a) => a !== except);
    while (others.length >= this.deps.settings.maxRunning) {
      others.sort((a, b) => a.lastViewed - b.lastViewed);
      void this.end(others.shift()!, "limit");
    }
  }

  private files(chatId: string) {
    return this.deps.db
      .select({ path: chatFiles.path, content: chatFiles.content, encoding: chatFiles.encoding })
      .from(chatFiles)
      .where(eq(chatFiles.chatId, chatId));
  }

  private append(app: App, output: string): void {
    const text = plainText(output);
    app.log = (app.log + text).slice(-LOG_CHARS);
    app.logEnd += text.length;
    app.changedAt = Date.now();
  }

  private async setState(app: App, state: AppRunState, fields: Partial<App> = {}): Promise<void> {
    Object.assign(app, fields);
    app.state = state;
    app.changedAt = Date.now();
    await updateAppRun(this.deps.db, app.chatId, this.deps.owner, {
      state,
      message: app.message,
      failedStep: app.failedStep,
      exitCode: app.exitCode,
      log: app.log,
      logEnd: app.logEnd,
      port: app.port,
      newState: true,
      // A crashed app stays here (its log, Restart) and keeps its lease; a stopped one lets any instance start it.
      release: state === "stopped",
    }).catch((error: unknown) => console.error("[apps] could not record an app's state", error));
  }

  /** Installs (when the copy is new or an install file changed) and starts the app; `generation` guards each step. */
  private async launch(app: App, generation: number, install = true): Promise<void> {
    const { sandbox, settings, db } = this.deps;
    const current = () => app.generation === generation && !this.closed;
    try {
      const claimed = await claimAppRun(db, app.chatId, this.claimOf(app.state, app.plan));
      if (!claimed) {
        // Another instance runs it: the next request is forwarded there.
        if (current()) await this.end(app, "moved");
        return;
      }
      app.claimed = true;
      const files = await this.files(app.chatId);
      if (!current()) return;
      const pkg = files.find((f) => f.path === "package.json")?.content;
      // A new copy (the first, or one removed for being over its disk limit) is installed whatever the caller says.
      const fresh = !app.volume;
      if (!app.volume) {
        const volume = await sandbox.createVolume(files.map(sandboxFile));
        if (!current()) {
          await volume.remove(); // stopped meanwhile
          return;
        }
        app.volume = volume;
        app.written = new Map(files.map((f) => [f.path, fingerprint(f)]));
      }
      const changes = this.diff(app, files);
      if ((install || fresh) && needsInstall(app.plan, pkg)) {
        await this.setState(app, "installing");
        this.append(app, `$ ${app.plan.install}\n`);
        const lock = files.find((f) => f.path === app.plan.lockfile);
        const lockfile =
          lock && (lock.encoding === "base64" ? Buffer.from(lock.content, "base64").toString() : lock.content);
        const result = await runInstall(
          sandbox,
          app.plan,
          settings,
          app.chatId,
          {
            files: changes.files,
            remove: changes.remove,
            volume: app.volume,
            signal: app.stopper.signal,
            onData: (text) => current() && this.append(app, text),
          },
          lockfile,
        );
        changes.files = [];
        changes.remove = [];
        if (!current()) return;
        if (result.exitCode !== 0) {
          await this.setState(app, "crashed", {
            failedStep: "install",
            exitCode: result.exitCode,
            message:
              (await this.overDisk(app, result)) ??
              result.ended?.message ??
              `The install failed (exit code ${result.exitCode}).`,
          });
          return;
        }
      }
      await this.setState(app, "starting");
      // The project's variables (never the install's): a change of them starts the app again (sync).
      const envPrint = await environmentPrint(db, app.chatId);
      const project = await projectAppEnvironment(db, this.deps.box, { chatId: app.chatId });
      if (!current()) return;
      const changed = app.envPrint !== null && app.envPrint !== envPrint;
      app.envPrint = envPrint;
      if (changed) this.append(app, "[the project's environment variables changed: the app starts again with them]\n");
      this.append(app, `${ignoredLine(project.ignored, "app")}$ ${app.plan.script}\n`);
      const proc = await sandbox.start({
        command: app.plan.run,
        files: changes.files,
        remove: changes.remove,
        volume: app.volume,
        port: APP_PORT,
        network: settings.network,
        env: { ...project.env, NODE_ENV: "development" },
        limits: { ...settings.limits, timeMs: 0 },
        diskCheckMs: settings.diskCheckMs,
        signal: app.stopper.signal,
        onData: (text) => current() && this.append(app, text),
      });
      if (!current()) {
        await proc.stop(); // stopped or restarted meanwhile: this process is nobody's
        return;
      }
      app.process = proc;
      void proc.exited.then(async (result) => {
        if (!current() || app.process !== proc) return;
        app.process = null;
        const overDisk = await this.overDisk(app, result);
        void this.setState(app, "crashed", {
          failedStep: "run",
          exitCode: result.exitCode,
          message:
            overDisk ??
            result.ended?.message ??
            (result.exitCode === 0
              ? "The app's server exited on its own."
              : `The app's server exited with code ${result.exitCode}.`),
        });
      });
      let timer: NodeJS.Timeout | undefined;
      const port = await Promise.race([
        proc.listening,
        proc.exited.then(() => null),
        new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), settings.startTimeoutMs))),
      ]);
      clearTimeout(timer);
      if (!current() || app.process !== proc) return;
      if (port === "timeout") {
        app.message = `The app did not listen on a port within ${Math.round(settings.startTimeoutMs / 1000)} s.`;
        app.process = null;
        await proc.stop();
        await this.setState(app, "crashed", { failedStep: "run" });
        return;
      }
      if (port === null) return; // crashed (recorded above)
      await this.setState(app, "running", { port });
    } catch (error) {
      if (!current()) return;
      this.append(app, `\n[the sandbox could not run the app: ${(error as Error).message}]\n`);
      await this.setState(app, "crashed", { failedStep: "run", message: (error as Error).message });
    }
  }

  /**
   * When the sandbox ended the install or the app at the disk limit (APP_DISK_MB): the copy is removed (its disk given
   * back; the next start copies and installs afresh) and the state's message says so; null otherwise.
   */
  private async overDisk(app: App, result: RunResult): Promise<string | null> {
    if (result.ended?.reason !== "disk") return null;
    const volume = app.volume;
    app.volume = null;
    app.written = new Map();
    await volume?.remove();
    const message = overDiskLimit("The app", result.ended, this.deps.settings.limits.diskMb);
    return `${message} Its copy was removed; Restart installs it again.`;
  }

  private claimOf(state: AppRunState, plan: AppPlan) {
    return {
      owner: this.deps.owner,
      address: this.deps.address,
      state,
      script: plan.script,
      manager: plan.manager,
      ttlMs: LEASE_MS,
    };
  }

  /** The files changed since they were last written into the copy (and marks them written). */
  private diff(app: App, files: Array<{ path: string; content: string; encoding: string }>) {
    const changed = files.filter((f) => app.written.get(f.path) !== fingerprint(f));
    const present = new Set(files.map((f) => f.path));
    const remove = [...app.written.keys()].filter((p) => !present.has(p));
    for (const f of changed) app.written.set(f.path, fingerprint(f));
    for (const p of remove) app.written.delete(p);
    return { files: changed.map(sandboxFile), remove, paths: [...changed.map((f) => f.path), ...remove] };
  }

  /** Stops the process (and the copy with `fresh`), then installs and starts again. */
  private async restart(app: App, fresh: boolean, install = true): Promise<void> {
    app.generation++;
    app.stopper.abort();
    app.stopper = new AbortController();
    const proc = app.process;
    app.process = null;
    await proc?.stop();
    if (fresh) {
      await app.volume?.remove();
      app.volume = null;
      app.written = new Map();
    }
    app.message = null;
    app.failedStep = null;
    app.exitCode = null;
    app.port = null;
    app.log = "";
    app.state = "installing";
    await this.launch(app, app.generation, install);
  }

  private async end(app: App, reason: AppStopReason): Promise<void> {
    if (this.apps.get(app.chatId) === app) this.apps.delete(app.chatId);
    app.generation++;
    app.stopper.abort();
    const proc = app.process;
    app.process = null;
    await proc?.stop();
    await app.volume?.remove();
    app.volume = null;
    this.append(app, `\n[stopped: ${reason}]\n`);
    await this.setState(app, "stopped");
    await updateAppRun(this.deps.db, app.chatId, this.deps.owner, { stopReason: reason }).catch(() => {});
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    for (const app of [...this.apps.values()]) {
      if (app.views <= 0 && now - app.lastViewed > this.deps.settings.idleStopMs) {
        void this.end(app, "idle");
        continue;
      }
      if (!app.syncing && syncable(app)) void this.sync(app);
    }
    if (now - this.sweptAt > CACHE_SWEEP_MS && !this.closed) {
      this.sweptAt = now;
      void sweepChatCaches(this.deps.db, this.deps.settings.cacheDir).catch((error: unknown) =>
        console.error("[apps] could not remove deleted chats' package caches", error),
      );
    }
    if (now - this.renewedAt > LEASE_MS / 3 && !this.closed) {
      this.renewedAt = now;
      this.renewing = this.renew();
      await this.renewing;
    }
  }

  /**
   * Renews this instance's row and its apps' leases; an app whose lease another instance took (this one was thought
   * gone) stops here, so it runs in one place.
   */
  private async renew(): Promise<void> {
    const { db, owner } = this.deps;
    await recordInstance(db, owner, this.deps.address, LEASE_MS).catch((error: unknown) =>
      console.error("[apps] could not renew this instance", error),
    );
    const claimed = [...this.apps.values()].filter((a) => a.claimed);
    const held = await renewAppRuns(
      db,
      owner,
      claimed.map((a) => a.chatId),
      LEASE_MS,
    ).catch(() => null);
    if (!held || this.closed) return;
    for (const app of claimed)
      if (!held.includes(app.chatId) && this.apps.get(app.chatId) === app) void this.end(app, "moved");
  }

  /**
   * Writes the chat's changed files into the running copy (its dev server reloads); an install file changed installs
   * again; a crashed app whose files changed starts again (the fix may be in them).
   */
  private async sync(app: App): Promise<void> {
    app.syncing = true;
    try {
      const files = await this.files(app.chatId);
      const changed = files.filter((f) => app.written.get(f.path) !== fingerprint(f)).map((f) => f.path);
      const present = new Set(files.map((f) => f.path));
      const removed = [...app.written.keys()].filter((p) => !present.has(p));
      if (app.envPrint !== null && (await environmentPrint(this.deps.db, app.chatId)) !== app.envPrint) {
        void this.restart(app, false, false);
        return;
      }
      if (!changed.length && !removed.length) return;
      const touched = [...changed, ...removed];
      if (touched.some((p) => (INSTALL_FILES as readonly string[]).includes(p))) {
        const detection = detectApp((p) => files.find((f) => f.path === p)?.content);
        if (!detection.runnable) {
          await this.end(app, "person");
          // No file at all: the chat was deleted (or emptied); a deleted chat's package cache goes too.
          if (!files.length) await removeDeletedChatCache(this.deps.db, this.deps.settings.cacheDir, app.chatId);
          return;
        }
        app.plan = detection.plan;
        void this.restart(app, false);
        return;
      }
      if (app.state === "crashed") {
        void this.restart(app, false, false);
        return;
      }
      // A `start` script is a plain server (no watcher of its own): it starts again with its files.
      if (app.plan.script === "start") {
        void this.restart(app, false, false);
        return;
      }
      const proc = app.process;
      if (!proc) return;
      const changes = this.diff(app, files);
      const errors = await proc.writeFiles(changes.files, changes.remove);
      for (const error of errors) this.append(app, `[could not write ${error}]\n`);
    } catch (error) {
      console.error("[apps] could not write a chat's files into its app", error);
    } finally {
      app.syncing = false;
      if (app.resync) {
        app.resync = false;
        if (syncable(app) && this.apps.get(app.chatId) === app) void this.sync(app);
      }
    }
  }
}
