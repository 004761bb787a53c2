import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

/** A drizzle database or transaction over either driver; store queries take this and nothing driver-specific. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Db;
  driver: "pglite" | "pg";
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite data directory; "memory://" keeps it in memory. Ignored when databaseUrl is set. */
  dataDir: string;
  /** PostgreSQL connection string: use `pg` instead of PGlite. */
  databaseUrl?: string | null;
  /** Where the drizzle-kit migrations live; default `<cwd>/drizzle`. */
  migrationsFolder?: string;
}

/** Opens the store and applies the committed drizzle-kit migrations. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const migrationsFolder = opts.migrationsFolder ?? path.join(process.cwd(), "drizzle");
  if (opts.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client whose connection the server ends (restart, admin command) must not crash the process.
    pool.on("error", (error) => console.warn(`[db] idle connection error: ${error.message}`));
    try {
      const db = drizzle(pool, { schema });
      await migrate(db, { migrationsFolder });
      return { db, driver: "pg", close: () => pool.end() };
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
  const client = await PGlite.create(inMemory ? opts.dataDir : path.resolve(opts.dataDir));
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    const stats = await keepPlannerStatistics(client);
    return {
      db,
      driver: "pglite",
      close: async () => {
        clearInterval(stats);
        await client.close();
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

/**
 * PGlite runs no autovacuum daemon, so nothing gathers planner statistics on its own: without them PostgreSQL
 * reads the newest messages of a 10,000-message chat by a bitmap scan of all its rows (about 40 ms) instead of
 * walking the (chat, seq) index backwards (about 1 ms). ANALYZE once on open and then every minute.
 */
export const ANALYZE_EVERY_MS = 60_000;

async function keepPlannerStatistics(client: { exec(sql: string): Promise<unknown> }): Promise<ReturnType<typeof setInterval>> {
  const analyze = () =>
    client.exec("ANALYZE").catch((error: unknown) => {
      console.warn(`[db] ANALYZE failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  await analyze();
  const timer = setInterval(analyze, ANALYZE_EVERY_MS);
  timer.unref();
  return timer;
}
