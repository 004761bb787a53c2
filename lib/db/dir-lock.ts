import "server-only";
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * One process at a time per PGlite data directory: two servers writing one directory corrupt it. The lock is a
 * file created exclusively (`O_EXCL`) holding the owner's pid, host and start time, and on Linux the kernel's start
 * time of that process (`/proc/<pid>/stat` field 22) and the boot's id. A lock is held while that very process
 * lives: a pid that is gone, a zombie (killed, not yet reaped: exactly when a supervisor restarts the server), a pid
 * now used by another process (same pid, another start time; a container's pids repeat at each restart, so the new
 * server may find its own pid in the old lock) or one of an earlier boot does not hold it, and the lock is taken over.
 * A live holder refuses with a message naming it. Without /proc, a pid that answers `kill(pid, 0)` holds the lock.
 */

export const LOCK_FILE = "atelier.lock";

interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  /** The process's start time in clock ticks after boot (Linux); absent in locks of earlier versions. */
  procStart?: string;
  bootId?: string;
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

interface ProcStat {
  /** R, S, D, … Z (zombie), X (dead). */
  state: string;
  start: string;
}

/** A process's state and start time from /proc; null when there is no such process, undefined without /proc. */
function procStat(pid: number | "self"): ProcStat | null | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return undefined;
    try {
      readFileSync("/proc/self/stat");
      return null; // /proc works: no such process
    } catch {
      return undefined;
    }
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so fields are counted after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0]!, start: fields[19]! }; // fields 3 and 22
}

function bootId(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return undefined;
  }
}

function answersSignals(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock files this process holds (file → its startedAt); on globalThis, since Next may load this module twice. */
const HELD = Symbol.for("atelier.heldDataDirLocks");
function held(): Map<string, string> {
  const holder = globalThis as { [HELD]?: Map<string, string> };
  return (holder[HELD] ??= new Map());
}

/** Whether the process the lock names still runs (on this host; another host's lock cannot be checked: it holds). */
function holds(file: string, holder: LockHolder, me: LockHolder): boolean {
  if (holder.host !== me.host) return true;
  // This process took it (held once, even within one process), or a former process with our pid did.
  if (holder.pid === process.pid) return held().get(file) === holder.startedAt;
  if (holder.bootId && me.bootId && holder.bootId !== me.bootId) return false; // written before a reboot
  const stat = procStat(holder.pid);
  if (stat === undefined) return answersSignals(holder.pid);
  if (stat === null || stat.state === "Z" || stat.state === "X") return false;
  return holder.procStart === undefined || holder.procStart === stat.start;
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as Partial<LockHolder>;
    if (typeof holder.pid === "number" && typeof holder.host === "string")
      return {
        pid: holder.pid,
        host: holder.host,
        startedAt: String(holder.startedAt ?? "?"),
        ...(typeof holder.procStart === "string" ? { procStart: holder.procStart } : {}),
        ...(typeof holder.bootId === "string" ? { bootId: holder.bootId } : {}),
      };
  } catch {
    // unreadable or half-written: treated as stale below
  }
  return null;
}

/** Takes the directory's lock or throws DataDirLockedError; returns the release. */
export function lockDataDir(dir: string): () => void {
  const file = path.resolve(dir, LOCK_FILE);
  const self = procStat("self");
  const boot = bootId();
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    ...(self ? { procStart: self.start } : {}),
    ...(boot ? { bootId: boot } : {}),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, "wx", 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      if (holder && holds(file, holder, me)) throw new DataDirLockedError(dir, holder);
      rmSync(file, { force: true }); // stale: its process is gone
      continue;
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    held().set(file, me.startedAt);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off("exit", release);
      if (held().get(file) === me.startedAt) held().delete(file);
      const holder = readHolder(file);
      if (holder?.pid === me.pid && holder.startedAt === me.startedAt) rmSync(file, { force: true });
    };
    process.on("exit", release);
    return release;
  }
  throw new Error(`Could not take the lock of ${dir}`);
}
