import "server-only";
import type { SandboxLimits, SandboxNetwork, SandboxSettings } from "./settings";

/** One file of the copy a command works on (a chat's file: text, or bytes). */
export interface SandboxFile {
  path: string;
  content: string | Uint8Array;
}

/** Why the sandbox ended a command, when it did. */
export type EndReason = "time" | "cpu" | "file-size" | "signal" | "stopped";

export interface RunResult {
  /** stdout and stderr together, the end of it (`outputChars`), with a last line saying why when the sandbox ended it. */
  output: string;
  /** The command's exit code; null when it was ended (a limit, a signal, Stop). */
  exitCode: number | null;
  /** Why it was ended, with the line added to the output; null when it exited on its own. */
  ended: { reason: EndReason; message: string } | null;
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
  /** Limits other than the sandbox's own (tests; a long-lived app without a time limit: `timeMs: 0`). */
  limits?: Partial<SandboxLimits>;
  /** A network other than the sandbox's own. */
  network?: SandboxNetwork;
}

export type RunOptions = CommonOptions;

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
}

/**
 * The one way the service runs a command for an agent (docs/sandbox.md): in a copy of files, with limits and a
 * network policy; `run` to completion, `start` for a process that keeps running (a chat's app).
 */
export interface Sandbox {
  readonly settings: SandboxSettings;
  run(opts: RunOptions): Promise<RunResult>;
  start(opts: StartOptions): Promise<SandboxProcess>;
}
