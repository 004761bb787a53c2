import "server-only";
import { spawn } from "node:child_process";
import type { SandboxSettings } from "./settings";
import { supervise } from "./supervise";
import type { RunOptions, RunResult, Sandbox, StartOptions } from "./types";
import { prepareWorkspace } from "./workspace";

const NEEDS_SANDBOX = "A copy kept between commands needs a sandbox: AGENT_COMMAND_SANDBOX=none has none.";

/**
 * No sandbox (AGENT_COMMAND_SANDBOX=none, chosen knowingly; the server warns at start and on Settings): `sh -c` as the
 * server's own user, in a temporary copy of the files (HOME too), with the server's network and everything it can
 * read. Only the time limit and the output kept apply; the command's process group ends with it (a `setsid` escapes).
 * `start` needs a sandbox's port forwarding, and a volume, a cache or `collect` a sandbox's own view: refused.
 */
export function unsandboxed(settings: SandboxSettings): Sandbox {
  const run = async (opts: RunOptions): Promise<RunResult> => {
    if (opts.volume || opts.cache || opts.collect) throw new Error(NEEDS_SANDBOX);
    const limits = { ...settings.limits, ...opts.limits };
    const workspace = await prepareWorkspace(opts.files, null);
    try {
      const child = spawn("sh", ["-c", opts.command], {
        cwd: workspace.app,
        env: {
          ...opts.env,
          PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
          HOME: workspace.app,
          LANG: "C.UTF-8",
          CI: "1",
        } as unknown as NodeJS.ProcessEnv,
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      const killGroup = () => {
        try {
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      };
      const result = await supervise(child, {
        limits,
        signal: opts.signal,
        onOutput: opts.onOutput,
        kill: killGroup,
        signalsAsStatus: false,
      });
      killGroup();
      return result;
    } finally {
      await workspace.remove();
    }
  };
  return {
    settings,
    run,
    start: (_opts: StartOptions) =>
      Promise.reject(new Error("A long-running process needs a sandbox: AGENT_COMMAND_SANDBOX=none cannot start one.")),
    createVolume: () => Promise.reject(new Error(NEEDS_SANDBOX)),
  };
}
