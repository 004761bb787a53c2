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

/** Where deliveries are announced on PostgreSQL (LISTEN/NOTIFY): every process sharing the database hears them. */
const CHANNEL = "atelier_inbox";

/** Announcements of stored deliveries across processes (PostgreSQL only; a PGlite directory has one process). */
export interface InboxAnnouncer {
  /** Tells every listening process (this one included) that `seq` was stored for the inbox. */
  announce(inboxId: string, seq: number): Promise<void>;
}

export interface OpenedInboxDb {
  db: InboxDb;
  /** Null on PGlite: the store announces in its own process. */
  announcer: InboxAnnouncer | null;
  close(): Promise<void>;
}

/**
 * One dedicated connection that LISTENs and hands each announcement to `onAnnounce`; when it drops it connects
 * again after a second (the inbox page polls meanwhile).
 */
async function listenForDeliveries(databaseUrl: string, onAnnounce: (inboxId: string, seq: number) => void): Promise<() => Promise<void>> {
  const { Client } = await import("pg");
  let closed = false;
  let client: InstanceType<typeof Client> | null = null;
  const reconnectSoon = () => {
    if (closed) return;
    setTimeout(() => void connect().catch(reconnectSoon), 1000).unref();
  };
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl });
    next.on("notification", (msg) => {
      const [inboxId, seq] = (msg.payload ?? "").split(" ");
      if (inboxId && Number.isSafeInteger(Number(seq))) onAnnounce(inboxId, Number(seq));
    });
    next.on("error", (error) => console.warn(`[inbox] announcement listener: ${error.message}`));
    next.on("end", () => {
      if (client !== next) return;
      client = null;
      reconnectSoon();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) await next.end().catch(() => {});
    else client = next;
  };
  await connect();
  return async () => {
    closed = true;
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

/** Opens the inbox database and applies its migrations; on PostgreSQL `onAnnounce` hears every process's deliveries. */
export async function openInboxDb(opts: InboxDbOptions, onAnnounce: (inboxId: string, seq: number) => void = () => {}): Promise<OpenedInboxDb> {
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
      const stopListening = await listenForDeliveries(opts.databaseUrl, onAnnounce);
      const announcer: InboxAnnouncer = {
        announce: async (inboxId, seq) => {
          await pool.query("select pg_notify($1, $2)", [CHANNEL, `${inboxId} ${seq}`]);
        },
      };
      return {
        db,
        announcer,
        close: async () => {
          await stopListening();
          await pool.end();
        },
      };
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
    return { db, announcer: null, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}
