import "server-only";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { pgListening, pgliteListening, type Listening } from "@/lib/db/notify";
import { openDb } from "@/lib/db/open";
import * as schema from "./schema";

/** A drizzle database or transaction over either driver; store queries take this and nothing driver-specific. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Db;
  driver: "pglite" | "pg";
  /** LISTEN/NOTIFY on this database (across processes on PostgreSQL). */
  listening: Listening;
  close(): Promise<void>;
}

interface OpenDatabaseOptions {
  /** PGlite data directory; "memory://" keeps it in memory. Ignored when databaseUrl is set. */
  dataDir: string;
  /** PostgreSQL connection string: use `pg` instead of PGlite. */
  databaseUrl?: string | null;
  /** Where the drizzle-kit migrations live; default `<cwd>/drizzle`. */
  migrationsFolder?: string;
}

/** Opens the store and applies the committed drizzle-kit migrations. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const opened = await openDb({
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
    schema,
    migrationsFolder: opts.migrationsFolder ?? path.join(process.cwd(), "drizzle"),
  });
  if (opened.driver === "pg") {
    const listening = pgListening(opts.databaseUrl!, "embedded");
    return {
      db: opened.db,
      driver: "pg",
      listening,
      close: async () => {
        await listening.close();
        await opened.close();
      },
    };
  }
  try {
    const stats = await keepPlannerStatistics(opened.pglite);
    const listening = pgliteListening(opened.pglite);
    return {
      db: opened.db,
      driver: "pglite",
      listening,
      close: async () => {
        clearInterval(stats);
        await listening.close();
        await opened.close();
      },
    };
  } catch (error) {
    await opened.close().catch(() => {});
    throw error;
  }
}

/**
 * PGlite runs no autovacuum daemon, so nothing gathers planner statistics on its own: without them PostgreSQL
 * reads the newest messages of a 10,000-message chat by a bitmap scan of all its rows (about 40 ms) instead of
 * walking the (chat, seq) index backwards (about 1 ms). ANALYZE once on open and then every minute.
 */
const ANALYZE_EVERY_MS = 60_000;

async function keepPlannerStatistics(client: {
  exec(sql: string): Promise<unknown>;
}): Promise<ReturnType<typeof setInterval>> {
  const analyze = () =>
    client.exec("ANALYZE").catch((error: unknown) => {
      console.warn(`[db] ANALYZE failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  await analyze();
  const timer = setInterval(analyze, ANALYZE_EVERY_MS);
  timer.unref();
  return timer;
}
