import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type InboxDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface InboxDbOptions {
  /** PGlite directory ("memory://" keeps it in memory); ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string | null;
  /** Default `<cwd>/drizzle-inbox`. */
  migrationsFolder?: string;
}

/** Its own migrations table, so it can share a PostgreSQL database with the embedded service. */
const MIGRATIONS_TABLE = "__drizzle_migrations_inbox";

/** Opens the inbox database and applies its migrations. */
export async function openInboxDb(opts: InboxDbOptions): Promise<{ db: InboxDb; close(): Promise<void> }> {
  const migrationsFolder = opts.migrationsFolder ?? path.join(process.cwd(), "drizzle-inbox");
  const config = { migrationsFolder, migrationsTable: MIGRATIONS_TABLE };
  if (opts.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 4 });
    // An idle client whose connection the server ends (restart, admin command) must not crash the process.
    pool.on("error", (error) => console.warn(`[db] idle connection error: ${error.message}`));
    try {
      const db = drizzle(pool, { schema });
      await migrate(db, config);
      return { db, close: () => pool.end() };
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
    await migrate(db, config);
    return { db, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}
