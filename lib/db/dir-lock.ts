import "server-only";
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * One process at a time per PGlite data directory: two servers writing one directory corrupt it. The lock is a
 * file created exclusively (`O_EXCL`) holding the owner's pid, host and start time. A lock whose process is gone
 * (same host, pid no longer alive) is taken over; a live one refuses with a message naming its holder.
 */

export const LOCK_FILE = "atelier.lock";

interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data directory ${dir} is in use by process ${holder.pid} on ${holder.host} (since ${holder.startedAt}). ` +
        "Only one Atelier server may use a PGlite data directory: stop that server first, give this one another DATA_DIR, " +
        "or use PostgreSQL (DATABASE_URL) to run several.",
    );
    this.name = "DataDirLockedError";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as Partial<LockHolder>;
    if (typeof holder.pid === "number" && typeof holder.host === "string")
      return { pid: holder.pid, host: holder.host, startedAt: String(holder.startedAt ?? "?") };
  } catch {
    // unreadable or half-written: treated as stale below
  }
  return null;
}

/** Takes the directory's lock or throws DataDirLockedError; returns the release. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, "wx", 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      if (holder && (holder.host !== me.host || alive(holder.pid))) throw new DataDirLockedError(dir, holder);
      rmSync(file, { force: true }); // stale: its process is gone
      continue;
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off("exit", release);
      const holder = readHolder(file);
      if (holder?.pid === me.pid && holder.startedAt === me.startedAt) rmSync(file, { force: true });
    };
    process.on("exit", release);
    return release;
  }
  throw new Error(`Could not take the lock of ${dir}`);
}
