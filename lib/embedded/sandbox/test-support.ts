import { existsSync, readdirSync, readFileSync } from "node:fs";
import { BWRAP } from "./bubblewrap";

/** Helpers for the sandbox's tests (not a test file). */

/** Skip the bubblewrap tests where it is not installed, except under CI, where they must run (and fail). */
export const bwrapUnavailable = !existsSync(BWRAP) && !process.env.CI;
if (bwrapUnavailable)
  console.warn(`The sandbox's tests are skipped: ${BWRAP} is not installed (apt-get install bubblewrap).`);

/**
 * Processes on this machine whose command line contains `text` (a sandbox's result comes once its last process has
 * ended, so none is left by then).
 */
export function processesWith(text: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      // The command line, and the name: a process being ended has no command line any more, but its name until it
      // is reaped.
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      if (cmdline.includes(text) || readFileSync(`/proc/${pid}/comm`, "utf8").includes(text)) found.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Kills what a failing run left behind (the runner before the sandbox left them all). */
export function killAll(text: string): void {
  for (const pid of processesWith(text)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
}
