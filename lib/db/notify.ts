import "server-only";
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";

/**
 * PostgreSQL's LISTEN/NOTIFY over either driver. A notification sent inside a transaction is delivered when it
 * commits (never when it rolls back), to every connection listening on the channel: on PostgreSQL every process
 * sharing the database, on PGlite this process. Payloads are small (ids); listeners read the state themselves.
 */

export type NotificationHandler = (payload: string) => void;

export interface Listening {
  /** Calls `handler` for every notification on `channel` (this process's too) until the returned function runs. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** Ends every subscription (and the dedicated connection). */
  close(): Promise<void>;
}

/** Sends a notification through `db` (a transaction's: delivered at its commit). */
export async function notify(
  db: { execute(query: ReturnType<typeof sql>): Promise<unknown> },
  channel: string,
  payload: string,
): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** PGlite: its own listen API (one process per directory, so in-process delivery is the whole story). */
export function pgliteListening(pglite: PGlite): Listening {
  const stops = new Set<() => Promise<void>>();
  return {
    async listen(channel, handler) {
      const unlisten = await pglite.listen(channel, handler);
      const stop = async () => {
        if (stops.delete(stop)) await unlisten().catch(() => {});
      };
      stops.add(stop);
      return stop;
    },
    async close() {
      await Promise.allSettled([...stops].map((stop) => stop()));
    },
  };
}

/**
 * PostgreSQL: one dedicated connection LISTENs on every channel asked for; when it drops it connects again after a
 * second and listens again (notifications sent meanwhile are missed: listeners also poll slowly).
 */
export function pgListening(databaseUrl: string, label = "db"): Listening {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let closed = false;
  type Client = import("pg").Client;
  let client: Client | null = null;
  let connecting: Promise<Client> | null = null;
  /** The channels the current connection LISTENs on. */
  let listened = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();

  const reconnectSoon = () => {
    if (closed) return;
    setTimeout(() => void connect().catch(reconnectSoon), 1000).unref();
  };
  const connect = (): Promise<Client> =>
    (connecting ??= (async () => {
      const { Client } = await import("pg");
      const next = new Client({ connectionString: databaseUrl });
      next.on("notification", (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) {
          try {
            handler(msg.payload ?? "");
          } catch (error) {
            console.error(`[${label}] notification handler failed`, error);
          }
        }
      });
      next.on("error", (error) => console.warn(`[${label}] LISTEN connection: ${error.message}`));
      next.on("end", () => {
        if (client !== next) return;
        client = null;
        reconnectSoon();
      });
      try {
        await next.connect();
        listened = new Set();
        for (const channel of handlers.keys()) {
          await next.query(`LISTEN "${channel}"`);
          listened.add(channel);
        }
      } catch (error) {
        await next.end().catch(() => {});
        throw error;
      }
      if (closed) {
        await next.end().catch(() => {});
        throw new Error("closed");
      }
      client = next;
      return next;
    })().finally(() => {
      connecting = null;
    }));

  return {
    async listen(channel, handler) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      const current = client ?? (await connect());
      if (!listened.has(channel)) {
        listened.add(channel);
        // One statement at a time on the connection.
        const run = queue.then(() => current.query(`LISTEN "${channel}"`));
        queue = run.catch(() => undefined);
        await run;
      }
      return async () => {
        set.delete(handler);
      };
    },
    async close() {
      closed = true;
      handlers.clear();
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
