import "server-only";
import { spawn } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChatFileRow } from "../store";

/** The time limit of an approved command. */
export const COMMAND_TIMEOUT_MS = 60_000;
/** Output kept of a command (its end). */
const OUTPUT_LIMIT = 200_000;

interface CommandRun {
  output: string;
  /** null when it was killed (time limit, stop). */
  exitCode: number | null;
  timedOut: boolean;
}

/**
 * Runs an approved command with `sh -c` in a temporary copy of the chat's files (removed afterwards; the chat's files
 * do not change), with a time limit, an environment of its own (the project's environment variables, then PATH,
 * HOME = the copy; none of the server's secrets),
 * stdout and stderr together, reported as they arrive.
 */
export async function runCommand(opts: {
  command: string;
  files: readonly ChatFileRow[];
  timeoutMs?: number;
  /** The project's environment variables (PATH, HOME, LANG and CI are ours). */
  env?: Record<string, string>;
  signal: AbortSignal;
  onOutput: (output: string) => void;
}): Promise<CommandRun> {
  const dir = await mkdtemp(path.join(tmpdir(), "atelier-cmd-"));
  try {
    for (const f of opts.files) {
      const target = path.join(dir, f.path);
      if (!target.startsWith(dir + path.sep)) continue; // names are checked on the way in; never outside the copy
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, f.encoding === "base64" ? Buffer.from(f.content, "base64") : f.content);
    }
    return await new Promise<CommandRun>((resolve) => {
      let output = "";
      let timedOut = false;
      const child = spawn("sh", ["-c", opts.command], {
        cwd: dir,
        env: {
          ...opts.env,
          PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
          HOME: dir,
          LANG: "C.UTF-8",
          CI: "1",
        } as unknown as NodeJS.ProcessEnv,
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      const kill = () => {
        try {
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, opts.timeoutMs ?? COMMAND_TIMEOUT_MS);
      opts.signal.addEventListener("abort", kill, { once: true });
      const take = (chunk: Buffer) => {
        output = (output + chunk.toString("utf8")).slice(-OUTPUT_LIMIT);
        opts.onOutput(output);
      };
      child.stdout.on("data", take);
      child.stderr.on("data", take);
      const done = (exitCode: number | null) => {
        clearTimeout(timer);
        opts.signal.removeEventListener("abort", kill);
        resolve({ output, exitCode, timedOut });
      };
      child.on("error", (error) => {
        output += `${error.message}\n`;
        done(null);
      });
      child.on("close", (code) => done(code));
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
