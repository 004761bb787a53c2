import "server-only";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { openDb } from "@/lib/db/open";
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

interface OpenedInboxDb {
  db: InboxDb;
  /** Null on PGlite: the store announces in its own process. */
  announcer: InboxAnnouncer | null;
  close(): Promise<void>;
}

/**
 * One dedicated connection that LISTENs and hands each announcement to `onAnnounce`; when it drops it connects
 * again after a second (the inbox page polls meanwhile).
 */
async function listenForDeliveries(
  databaseUrl: string,
  onAnnounce: (inboxId: string, seq: number) => void,
): Promise<() => Promise<void>> {
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
export async function openInboxDb(
  opts: InboxDbOptions,
  onAnnounce: (inboxId: string, seq: number) => void = () => {},
): Promise<OpenedInboxDb> {
  const opened = await openDb({
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
    schema,
    migrationsFolder: opts.migrationsFolder ?? path.join(process.cwd(), "drizzle-inbox"),
    migrationsTable: MIGRATIONS_TABLE,
    poolSize: 4,
  });
  if (opened.driver === "pglite" || !opts.databaseUrl) return { db: opened.db, announcer: null, close: opened.close };
  const { pool } = opened;
  try {
    const stopListening = await listenForDeliveries(opts.databaseUrl, onAnnounce);
    const announcer: InboxAnnouncer = {
      announce: async (inboxId, seq) => {
        await pool.query("select pg_notify($1, $2)", [CHANNEL, `${inboxId} ${seq}`]);
      },
    };
    return {
      db: opened.db,
      announcer,
      close: async () => {
        await stopListening();
        await opened.close();
      },
    };
  } catch (error) {
    await opened.close().catch(() => {});
    throw error;
  }
}
