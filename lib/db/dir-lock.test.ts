import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "./dir-lock";
import { openDb } from "./open";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

const tempDir = () => mkdtempSync(path.join(tmpdir(), "dir-lock-"));

/** A live process that is not this one. */
function liveProcess(): number {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

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

  it("is held once, even within one process", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dir)();
  });
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
