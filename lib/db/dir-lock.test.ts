import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "./dir-lock";
import { openDb } from "./open";

const children: ChildProcess[] = [];
/** Processes started by a child (not ours to reap). */
const grandchildren: number[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const pid of grandchildren.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

const tempDir = () => mkdtempSync(path.join(tmpdir(), "dir-lock-"));

/** A live process that is not this one. */
function liveProcess(): number {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

/** /proc/<pid>/stat's fields after the command: [0] is the state (field 3), [19] the start time (field 22). */
const statFields = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
};

/** A lock as this version writes it, for `pid` with the given start time (default: its real one). */
function writeLock(dir: string, pid: number, procStart = statFields(pid)[19]!) {
  const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ pid, host: hostname(), startedAt: "2026-11-25T07:00:00.000Z", procStart, bootId }),
  );
}

const lockPid = (dir: string) => (JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8")) as { pid: number }).pid;

describe("lockDataDir", () => {
  it("refuses a directory held by a live process, naming it", () => {
    const dir = tempDir();
    const pid = liveProcess();
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid, host: hostname(), startedAt: "2026-11-25T07:00:00.000Z" }),
    );
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`in use by process ${pid}`);
    expect((error as Error).message).toContain(dir);
  });

  it("takes over a lock whose process is gone, and releases it", () => {
    const dir = tempDir();
    const child = spawn("true");
    const deadPid = child.pid!;
    return new Promise<void>((resolve) =>
      child.on("exit", () => {
        writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid, host: hostname(), startedAt: "x" }));
        const release = lockDataDir(dir);
        expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
        release();
        expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
        resolve();
      }),
    );
  });

  it("refuses a lock naming a live process with its own start time", () => {
    const dir = tempDir();
    const pid = liveProcess();
    writeLock(dir, pid);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${pid}`);
  });

  it("takes over a lock whose process was killed but not yet reaped (a zombie)", () => {
    const dir = tempDir();
    const pid = liveProcess();
    writeLock(dir, pid);
    process.kill(pid, "SIGKILL");
    // Synchronously, so this process (its parent) cannot reap it meanwhile: it stays a zombie, and kill(pid, 0) works.
    for (const until = Date.now() + 5_000; statFields(pid)[0] !== "Z";) {
      if (Date.now() > until) throw new Error("the killed process never became a zombie");
    }
    expect(() => process.kill(pid, 0)).not.toThrow();
    const release = lockDataDir(dir);
    expect(lockPid(dir)).toBe(process.pid);
    release();
  });

  it("takes over a lock naming this process's pid with an older start time (a container's pids repeat)", () => {
    const dir = tempDir();
    writeLock(dir, process.pid, "1");
    const release = lockDataDir(dir);
    expect(lockPid(dir)).toBe(process.pid);
    // Now written with this process's own start time: held.
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });

  it("takes over a lock whose pid now belongs to another process (another start time)", () => {
    const dir = tempDir();
    const pid = liveProcess();
    writeLock(dir, pid, String(Number(statFields(pid)[19]) - 1));
    lockDataDir(dir)();
  });

  it("takes over a lock written before the machine rebooted", () => {
    const dir = tempDir();
    const pid = liveProcess();
    const lock = { pid, host: hostname(), startedAt: "x", procStart: statFields(pid)[19], bootId: "an-earlier-boot" };
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(lock));
    lockDataDir(dir)();
  });

  it("is held once, even within one process", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dir)();
  });
});

/** The first line a process prints. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
    });
    child.on("exit", (code) => reject(new Error(`exited ${code} before printing a line: ${out}`)));
  });
}

describe("lockDataDir across processes", () => {
  it("a holder killed with SIGKILL, still a zombie, is replaced at once by the next process, 20 times in a row", async () => {
    const dir = tempDir();
    const holder = `
      import { lockDataDir } from ${JSON.stringify(path.join(process.cwd(), "lib/db/dir-lock.ts"))};
      try {
        lockDataDir(${JSON.stringify(dir)});
        console.log("locked " + process.pid);
        setInterval(() => {}, 1000);
      } catch (error) {
        console.log("refused: " + error.message);
        process.exit(1);
      }
    `;
    const node = `${process.execPath} --conditions=react-server --import tsx --input-type=module -e '${holder}'`;
    let previous: number | null = null;
    for (let i = 0; i < 20; i++) {
      // The holder's parent execs \`sleep\`, which never reaps it: once killed it stays a zombie, as a server does
      // until its supervisor reaps it (kill(pid, 0) still answers).
      const parent = spawn("sh", ["-c", `${node} & exec sleep 600`], {
        cwd: process.cwd(),
        stdio: ["ignore", "pipe", "inherit"],
      });
      children.push(parent);
      if (previous !== null) process.kill(previous, "SIGKILL"); // and the next one is already starting
      const line = await firstLine(parent);
      expect(line, `start ${i + 1}`).toMatch(/^locked \d+$/);
      if (previous !== null) expect(statFields(previous)[0], "the previous holder is a zombie").toBe("Z");
      previous = Number(line.split(" ")[1]);
      grandchildren.push(previous);
    }
    expect(lockPid(dir)).toBe(previous);
  }, 180_000);
});

describe("openDb on PGlite", () => {
  it("a second open in this process shares the first's database; the directory is locked until the last close", async () => {
    const dir = tempDir();
    const opts = {
      dataDir: dir,
      schema: {},
      migrationsFolder: path.join(process.cwd(), "drizzle-inbox"),
      migrationsTable: "__lock_test",
    };
    const first = await openDb(opts);
    // Another room: the embedded service's tables, next to the inbox's.
    const second = await openDb({ dataDir: dir, schema: {}, migrationsFolder: path.join(process.cwd(), "drizzle") });
    if (first.driver !== "pglite" || second.driver !== "pglite") throw new Error("expected PGlite");
    expect(second.pglite).toBe(first.pglite);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    await first.close();
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect((await second.pglite.query<{ n: number }>("select 1 as n")).rows[0]!.n).toBe(1);
    await second.close();
    lockDataDir(dir)();
    const again = await openDb(opts);
    await again.close();
  });

  it("another process's open store is refused with its pid", async () => {
    const dir = tempDir();
    const script = `
      import path from "node:path";
      import { openDb } from "${path.join(process.cwd(), "lib/db/open.ts")}";
      await openDb({ dataDir: ${JSON.stringify(dir)}, schema: {}, migrationsFolder: path.join(process.cwd(), "drizzle-inbox"), migrationsTable: "__lock_test" });
      console.log("ready");
      setInterval(() => {}, 1000);
    `;
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "--input-type=module", "-e", script],
      { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.on("exit", (code) => reject(new Error(`child exited ${code}`)));
    });
    await expect(
      openDb({ dataDir: dir, schema: {}, migrationsFolder: path.join(process.cwd(), "drizzle-inbox") }),
    ).rejects.toThrow(`in use by process ${child.pid}`);
  });
});
