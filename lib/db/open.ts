import "server-only";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { lockDataDir } from "./dir-lock";
import { collectGarbageSoon } from "./collect-garbage";

/**
 * Opening a database for one room (the embedded service's store, the dashboard's webhook inbox): PGlite in a data
 * directory, or PostgreSQL through a `pg` pool when a connection string is given; the room's committed drizzle-kit
 * migrations are applied before it is handed over. Rooms share this helper, never each other's tables; on PGlite they
 * share the one database a directory has open in this process (pgliteHandle). What a PGlite costs the process, and
 * how this keeps it down, is docs/architecture.md "Memory".
 */

interface OpenDbOptions<S extends Record<string, unknown>> {
  /** PGlite data directory; "memory://" keeps it in memory. Ignored when databaseUrl is set. */
  dataDir: string;
  /** PostgreSQL connection string: use `pg` instead of PGlite. */
  databaseUrl?: string | null;
  /** The room's drizzle schema. */
  schema: S;
  /** Where the room's migrations live. */
  migrationsFolder: string;
  /** Its own migrations table, so rooms can share one PostgreSQL database (drizzle's default otherwise). */
  migrationsTable?: string;
  /** Connections in the pool (PostgreSQL). */
  poolSize?: number;
}

/**
 * Instances starting together on one PostgreSQL database would apply the same migrations at the same time (the
 * second fails on a table the first is creating): a session advisory lock lets one process migrate at a time, and
 * the next then finds nothing left to apply.
 */
const MIGRATION_LOCK = "atelier:migrations";

async function migrateAlone(pool: Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await client
        .query("select pg_advisory_unlock(hashtextextended($1, 0))", [MIGRATION_LOCK])
        .catch((error: Error) => (broken = error)); // a lost connection has released it
    }
  } finally {
    client.release(broken);
  }
}

type OpenedDb<S extends Record<string, unknown>> = {
  db: PgDatabase<PgQueryResultHKT, S>;
  close(): Promise<void>;
} & ({ driver: "pg"; pool: Pool } | { driver: "pglite"; pglite: PGlite });

/**
 * PGlite's start parameters: its defaults plus a smaller buffer pool. PostgreSQL's 128 MB of shared buffers is memory
 * PGlite touches whole inside its WebAssembly heap (about 130 MB of resident memory per database); 16 MB is ample for
 * this app's working set and the files stay in the OS page cache. Nothing about durability changes.
 */
const PGLITE_SHARED_BUFFERS = "16MB";

/**
 * PGlite's WebAssembly runs on V8's baseline compiler (Liftoff) only. By default V8 recompiles the functions Postgres
 * runs often with its optimizing compiler on background threads, and the memory of those compilations stays with the
 * process: about 50 MB of resident memory per server, for no measurable gain on this app's queries (bench/memory.ts:
 * the 200-stream burst takes as long; only a scan of the whole table is slower). The flag is process-wide but only
 * concerns WebAssembly compiled after it is set, and PGlite's is the only WebAssembly the server compiles.
 */
const WASM_FLAGS = ["--liftoff-only"];
let wasmFlagsSet = false;
function setWasmFlags(): void {
  if (wasmFlagsSet) return;
  for (const flag of WASM_FLAGS) setFlagsFromString(flag);
  wasmFlagsSet = true;
}

/**
 * PGlite's WebAssembly module, compiled for one database. Left to itself, PGlite compiles it once and keeps it in a
 * module-level cache for the life of the process, with its machine code (about 6 MB resident) after the database has
 * closed for being idle; a module given in its options is not cached, so the code goes with the closed instance. A
 * reopen compiles it again (Liftoff: a fraction of the reopen's time). The tests' "memory://" databases keep the cache.
 */
async function compilePgliteWasm(): Promise<WebAssembly.Module> {
  const entry = createRequire(path.join(process.cwd(), "package.json")).resolve("@electric-sql/pglite");
  return WebAssembly.compile(await readFile(path.join(path.dirname(entry), "pglite.wasm")));
}

/** What every PGlite starts with besides the library's default start parameters. */
const EXTRA_START_PARAMS = ["-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/**
 * Runs `script` (an ES module with `PGlite`, `dir`, `startParams` and `input` in scope) in a short-lived child process
 * and returns what it prints. Its WebAssembly Postgres lives and dies there: the server's memory never holds it.
 */
async function inChildProcess(what: string, dir: string, script: string, input: unknown = null): Promise<string> {
  // Errors are reported by their message (an uncaught one would print a line of PGlite's minified source).
  const program = `try {
  const { PGlite } = await import("@electric-sql/pglite");
  const [dir, input, extra] = process.argv.slice(1).map((arg, i) => (i ? JSON.parse(arg) : arg));
  const startParams = [...PGlite.defaultStartParams, ...extra];
  ${script}
} catch (error) {
  process.stderr.write(String(error?.message ?? error));
  process.exit(1);
}`;
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [
        ...WASM_FLAGS,
        "--input-type=module",
        "-e",
        program,
        dir,
        JSON.stringify(input),
        JSON.stringify(EXTRA_START_PARAMS),
      ],
      { cwd: process.cwd(), maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${what} in ${dir} failed: ${stderr || error.message}`)) : resolve(stdout),
    );
  });
}

const isPgliteDir = (dir: string) => existsSync(path.join(dir, "PG_VERSION"));

/**
 * A new PGlite directory is created (initdb) in a child process: initdb runs a second WebAssembly Postgres whose
 * memory (about 450 MB resident) the server would otherwise keep until a full garbage collection that rarely comes.
 * The server then opens the ready directory as on any later start.
 */
async function initPgliteDir(dir: string): Promise<void> {
  if (isPgliteDir(dir)) return;
  await inChildProcess("Creating the PGlite database", dir, "await (await PGlite.create(dir)).close();");
}

/**
 * One query on an existing PGlite directory, run in a child process (so this one holds no PGlite for it), e.g. to
 * decide whether to open it now. The directory must not be open meanwhile: take its lock first (reserveDataDir).
 */
export async function queryPgliteDir<R>(dataDir: string, query: { sql: string; params: unknown[] }): Promise<R[]> {
  const dir = path.resolve(dataDir);
  if (!isPgliteDir(dir)) throw new Error(`${dir} is not a PGlite database`);
  const out = await inChildProcess(
    "Reading the PGlite database",
    dir,
    `const db = await PGlite.create(dir, { startParams });
try {
  process.stdout.write(JSON.stringify((await db.query(input.sql, input.params)).rows));
} finally {
  await db.close();
}`,
    query,
  );
  return JSON.parse(out) as R[];
}

/** Locks taken ahead of opening, by directory; on globalThis since Next may load this module more than once. */
const RESERVED = Symbol.for("atelier.reservedDataDirs");
function reserved(): Map<string, () => void> {
  const holder = globalThis as { [RESERVED]?: Map<string, () => void> };
  return (holder[RESERVED] ??= new Map());
}

/**
 * Directories reserved for the life of this process (reserveDataDir): closing their database keeps their lock, so a
 * second server cannot take the directory while this one has closed its idle database; the lock goes at exit.
 */
const KEPT = Symbol.for("atelier.keptDataDirs");
function kept(): Set<string> {
  const holder = globalThis as { [KEPT]?: Set<string> };
  return (holder[KEPT] ??= new Set());
}

/**
 * Everything but opening, for this process's later openDb of a PGlite directory: takes its lock now and keeps it
 * until the process exits (a second server on the directory is refused at its start, DataDirLockedError, even while
 * this one has not opened its database or has closed it for being idle), and creates the database if the directory
 * has none (in a child process). `created`: it had none.
 */
export async function reserveDataDir(dataDir: string): Promise<{ created: boolean }> {
  const dir = path.resolve(dataDir);
  kept().add(dir);
  if (!reserved().has(dir)) {
    mkdirSync(dir, { recursive: true });
    reserved().set(dir, lockDataDir(dir));
  }
  const created = !isPgliteDir(dir);
  await initPgliteDir(dir);
  return { created };
}

function takeLock(dir: string): () => void {
  const release = reserved().get(dir);
  if (!release) return lockDataDir(dir);
  reserved().delete(dir);
  return release;
}

export async function openDb<S extends Record<string, unknown>>(opts: OpenDbOptions<S>): Promise<OpenedDb<S>> {
  const config = {
    migrationsFolder: opts.migrationsFolder,
    ...(opts.migrationsTable ? { migrationsTable: opts.migrationsTable } : {}),
  };
  if (opts.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client whose connection the server ends (restart, admin command) must not crash the process.
    pool.on("error", (error) => console.warn(`[db] idle connection error: ${error.message}`));
    try {
      const db = drizzle(pool, { schema: opts.schema });
      await migrateAlone(pool, () => migrate(db, config));
      return { db, driver: "pg", pool, close: () => pool.end() };
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  }
  setWasmFlags();
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const handle = await pgliteHandle(opts.dataDir);
  try {
    const db = drizzle(handle.pglite, { schema: opts.schema });
    await migrate(db, config);
    return { db, driver: "pglite", pglite: handle.pglite, close: handle.release };
  } catch (error) {
    await handle.release().catch(() => {});
    throw error;
  }
}

/**
 * The files of a freshly created cluster (initdb, nothing migrated), as PGlite dumps them: a "memory://" database (the
 * tests' kind) starts from a copy instead of running initdb each time, about 1 s instead of 2.5 (6–9 s at load 13).
 * PGLITE_MEMORY_TEMPLATE names such a dump (vitest's global setup writes one for the run, test/pglite-template.ts);
 * without it the first "memory://" database of the process makes the copy.
 */
let freshCluster: Promise<Blob> | undefined;
export function freshClusterFiles(): Promise<Blob> {
  return (freshCluster ??= (async () => {
    const template = process.env.PGLITE_MEMORY_TEMPLATE;
    if (template) return new Blob([readFileSync(template)]);
    const { PGlite } = await import("@electric-sql/pglite");
    const pglite = await PGlite.create("memory://", {
      startParams: [...PGlite.defaultStartParams, ...EXTRA_START_PARAMS],
    });
    try {
      return await pglite.dumpDataDir("none");
    } finally {
      await pglite.close();
    }
  })());
}

interface PgliteHandle {
  pglite: PGlite;
  /** This user is done; the last one closes the database and releases the directory. */
  release(): Promise<void>;
}

/** A PGlite open (or opening, or closing) in this process for a directory, and how many rooms use it. */
interface OpenPglite {
  pglite: Promise<PGlite>;
  users: number;
  /** Set once the last user let go: the close under way. */
  closing: Promise<void> | null;
  close(): Promise<void>;
}

/** By directory; on globalThis since Next may load this module more than once. */
const OPEN = Symbol.for("atelier.openPglite");
function openPglites(): Map<string, OpenPglite> {
  const holder = globalThis as { [OPEN]?: Map<string, OpenPglite> };
  return (holder[OPEN] ??= new Map());
}

/**
 * The PGlite of a directory: one per directory in this process, shared by the rooms that open it (the embedded
 * service and the webhook inbox, each with its own tables and migrations table: one WebAssembly Postgres, not two),
 * closed when the last lets go. Another process is refused by the directory's lock. "memory://" is a new database
 * each time.
 */
async function pgliteHandle(dataDir: string): Promise<PgliteHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const create = async (dir: string) =>
    PGlite.create(dir, {
      startParams: [...PGlite.defaultStartParams, ...EXTRA_START_PARAMS],
      pgliteWasmModule: await compilePgliteWasm(),
    });
  if (dataDir.startsWith("memory://")) {
    const loadDataDir = await freshClusterFiles();
    const pglite = await PGlite.create({
      loadDataDir,
      startParams: [...PGlite.defaultStartParams, ...EXTRA_START_PARAMS],
    });
    return { pglite, release: () => pglite.close() };
  }
  const dir = path.resolve(dataDir);
  let entry = openPglites().get(dir);
  while (entry?.closing) {
    await entry.closing.catch(() => {});
    entry = openPglites().get(dir);
  }
  if (!entry) {
    mkdirSync(dir, { recursive: true });
    const unlock = takeLock(dir);
    const opening = (async () => {
      await initPgliteDir(dir);
      return create(dir);
    })();
    const created: OpenPglite = {
      pglite: opening,
      users: 0,
      closing: null,
      close: () =>
        (created.closing ??= (async () => {
          try {
            await (await opening).close();
          } finally {
            if (openPglites().get(dir) === created) openPglites().delete(dir);
            if (kept().has(dir)) reserved().set(dir, unlock);
            else unlock();
            collectGarbageSoon();
          }
        })()),
    };
    openPglites().set(dir, created);
    opening.catch(() => {
      if (openPglites().get(dir) === created) openPglites().delete(dir);
      unlock();
    });
    entry = created;
  }
  const shared = entry;
  shared.users++;
  let pglite: PGlite;
  try {
    pglite = await shared.pglite;
  } catch (error) {
    shared.users--;
    throw error;
  }
  let released = false;
  return {
    pglite,
    release: async () => {
      if (released) return;
      released = true;
      if (--shared.users === 0) await shared.close();
    },
  };
}
