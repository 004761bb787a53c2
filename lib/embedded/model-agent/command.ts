import "server-only";
import type { Sandbox } from "../sandbox";
import type { ChatFileRow } from "../store";

interface CommandRun {
  /** stdout and stderr together (their end), with a last line saying which limit ended it, if one did. */
  output: string;
  /** null when it was ended: a limit, a signal, Stop. */
  exitCode: number | null;
  timedOut: boolean;
  /** The line saying why the sandbox ended it (also the output's last line); null when it exited on its own. */
  ended: string | null;
}

/**
 * Runs an approved command with `sh -c` in the sandbox (lib/embedded/sandbox, docs/sandbox.md) on a temporary copy of
 * the chat's files (removed afterwards; the chat's files do not change), with the sandbox's limits and network and an
 * environment of its own (the project's environment variables and the sandbox's PATH, HOME, …; none of the
 * server's), stdout and stderr together, reported as they arrive.
 */
export async function runCommand(opts: {
  command: string;
  files: readonly ChatFileRow[];
  sandbox: Sandbox;
  /** The wall-time limit when not the sandbox's own. */
  timeoutMs?: number;
  /** The project's environment variables. */
  env?: Record<string, string>;
  signal: AbortSignal;
  onOutput: (output: string) => void;
}): Promise<CommandRun> {
  const run = await opts.sandbox.run({
    command: opts.command,
    files: opts.files.map((f) => ({
      path: f.path,
      content: f.encoding === "base64" ? Buffer.from(f.content, "base64") : f.content,
    })),
    env: opts.env,
    signal: opts.signal,
    onOutput: opts.onOutput,
    ...(opts.timeoutMs ? { limits: { timeMs: opts.timeoutMs } } : {}),
  });
  return {
    output: run.output,
    exitCode: run.exitCode,
    timedOut: run.ended?.reason === "time",
    ended: run.ended?.message ?? null,
  };
}
