import { existsSync, readdirSync, readFileSync } from "node:fs";
import { BWRAP } from "./bubblewrap";

/** Helpers for the sandbox's tests (not a test file). */

/** Skip the bubblewrap tests where it is not installed, except under CI, where they must run (and fail). */
export const bwrapUnavailable = !existsSync(BWRAP) && !process.env.CI;
if (bwrapUnavailable)
  console.warn(`The sandbox's tests are skipped: ${BWRAP} is not installed (apt-get install bubblewrap).`);

/** Processes on this machine whose command line contains `text`. */
function processesWith(text: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").includes(text)) found.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * The processes whose command line contains `text` that are still there after a grace of a few seconds (processes the
 * kernel is still tearing down are not "left running"; one that outlived its sandbox is there after it too).
 */
export async function leftRunning(text: string, graceMs = 3000): Promise<number[]> {
  const until = Date.now() + graceMs;
  let found = processesWith(text);
  while (found.length && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    found = processesWith(text);
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
