import "server-only";
import type { SandboxLimits, SandboxNetwork, SandboxSettings } from "./settings";

/** One file of the copy a command works on (a chat's file: text, or bytes). */
export interface SandboxFile {
  path: string;
  content: string | Uint8Array;
}

/** Why the sandbox ended a command, when it did. */
export type EndReason = "time" | "cpu" | "file-size" | "disk" | "signal" | "stopped";

export interface RunResult {
  /** stdout and stderr together, the end of it (`outputChars`), with a last line saying why when the sandbox ended it. */
  output: string;
  /** The command's exit code; null when it was ended (a limit, a signal, Stop). */
  exitCode: number | null;
  /** Why it was ended, with the line added to the output; null when it exited on its own. */
  ended: { reason: EndReason; message: string } | null;
  /** With `collect`: what was read back from the copy after the command (undefined without `collect`). */
  collected?: Collected;
}

/** Files read back from a copy after a command (a build's output folder): the first of the folders asked for. */
export interface Collected {
  /** The folder they came from; null when none of those asked for exists. */
  dir: string | null;
  /** Its regular files, paths relative to it (symbolic links and other kinds skipped); empty with an error. */
  files: SandboxFile[];
  /** Why nothing came back although the folder exists (over `maxFiles` or `maxBytes`, or the sandbox failed). */
  error: string | null;
}

/**
 * A copy of files that outlives one command (a chat's running app: installed once, started, restarted). Made by
 * `createVolume`; given as `volume` it is the sandbox's `/app` instead of a fresh copy, kept after the command. The
 * server writes into it only inside a sandbox (`files` of a run or start, `writeFiles` of a running process), so every
 * path resolves in the sandbox's own view: a symbolic link a command left in it leads nowhere outside.
 */
export interface SandboxVolume {
  /** Removes the copy and everything in it. */
  remove(): Promise<void>;
}

/** A folder of the server that outlives sandboxes (a package cache), at `/cache`. */
export interface SandboxCache {
  /** Its folder on this machine (made when missing). */
  dir: string;
  /** Read-only unless true (only a step whose every program is trusted should write what other sandboxes read). */
  writable: boolean;
}

interface CommonOptions {
  /** Run with `sh -c` in the copy's folder (`/app` in the sandbox). */
  command: string;
  /** The copy's files (written before the command starts; removed with the sandbox). */
  files: readonly SandboxFile[];
  /** Variables of the command's environment (the project's); PATH, HOME, LANG, CI and the proxy's are the sandbox's. */
  env?: Readonly<Record<string, string>>;
  /** Stop: every process of the sandbox ends. */
  signal?: AbortSignal;
  /** The output so far, each time more arrives. */
  onOutput?: (output: string) => void;
  /** Each piece of output as it arrives (stdout and stderr together), for a log that keeps more than `outputChars`. */
  onData?: (text: string) => void;
  /** Limits other than the sandbox's own (tests; a long-lived app without a time limit: `timeMs: 0`). */
  limits?: Partial<SandboxLimits>;
  /** A network other than the sandbox's own. */
  network?: SandboxNetwork;
  /**
   * Run in this copy instead of a fresh one: `files` are then written into it (inside the sandbox, before the command
   * starts) and `remove` deleted from it; it stays afterwards.
   */
  volume?: SandboxVolume;
  /** Paths deleted from the `volume` before the command starts. */
  remove?: readonly string[];
  /** A persistent folder at `/cache` (a package cache shared between sandboxes). */
  cache?: SandboxCache;
  /** How often the copy's disk is measured against `limits.diskMb` (ms; default 10 s). */
  diskCheckMs?: number;
}

export interface RunOptions extends CommonOptions {
  /**
   * Read back the regular files of the first of `dirs` (folders of the copy) that exists once the command has
   * exited (a build's output), read inside the sandbox; more than `maxFiles` files or `maxBytes` bytes is an error.
   */
  collect?: { dirs: readonly string[]; maxFiles: number; maxBytes: number };
}

export interface StartOptions extends CommonOptions {
  /**
   * The TCP port the process listens on in the sandbox (given to it as PORT, with HOST=127.0.0.1); the handle's
   * `socketPath` reaches it from the server (HTTP and WebSocket alike).
   */
  port?: number;
}

/** A long-lived process in a sandbox (started by `start`). */
export interface SandboxProcess {
  /**
   * A unix socket on this machine connected to `port` in the sandbox, for `http.request({ socketPath })` or
   * `net.connect(socketPath)`; null without a port. Connections fail until the process listens.
   */
  readonly socketPath: string | null;
  /** Resolves when the process has ended (on its own, at a limit, or by `stop`), the sandbox gone. */
  readonly exited: Promise<RunResult>;
  /** Ends every process of the sandbox; resolves as `exited` does. */
  stop(): Promise<RunResult>;
  /**
   * Resolves with the port the process listens on in the sandbox once it does (the relay forwards `socketPath` there
   * when it is not `port`, e.g. Vite's 5173); never when it exits first. Without a port, never.
   */
  readonly listening: Promise<number>;
  /**
   * Writes files into the running copy and deletes `remove` from it, inside the sandbox (docs/sandbox.md); resolves
   * with the paths that could not be written or removed and why (empty when all were).
   */
  writeFiles(files: readonly SandboxFile[], remove?: readonly string[]): Promise<string[]>;
  /** The bytes of the copy's files now (symbolic links not followed), as the sandbox sees them. */
  size(): Promise<number>;
}

/**
 * The one way the service runs a command for an agent (docs/sandbox.md): in a copy of files, with limits and a
 * network policy; `run` to completion, `start` for a process that keeps running (a chat's app).
 */
export interface Sandbox {
  readonly settings: SandboxSettings;
  run(opts: RunOptions): Promise<RunResult>;
  start(opts: StartOptions): Promise<SandboxProcess>;
  /** A copy of `files` that outlives one command (`volume` of a run or start). */
  createVolume(files: readonly SandboxFile[]): Promise<SandboxVolume>;
}
