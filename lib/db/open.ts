import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { lockDataDir } from "./dir-lock";

/**
 * Opening a database for one room (the embedded service's store, the dashboard's webhook inbox): PGlite in a data
 * directory, or PostgreSQL through a `pg` pool when a connection string is given; the room's committed drizzle-kit
 * migrations are applied before it is handed over. Rooms share this helper, never each other's tables.
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
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const inMemory = opts.dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(path.resolve(opts.dataDir));
  let pglite: PGlite | null = null;
  try {
    pglite = await PGlite.create(inMemory ? opts.dataDir : path.resolve(opts.dataDir));
    const db = drizzle(pglite, { schema: opts.schema });
    await migrate(db, config);
    const client = pglite;
    return {
      db,
      driver: "pglite",
      pglite: client,
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    await pglite?.close().catch(() => {});
    unlock();
    throw error;
  }
}
