import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { getConfig } from "../config";
import { InboxStore } from "./store";

/**
 * The dashboard's webhook inbox: one store per process, opened on first use, on DATABASE_URL or on PGlite in
 * `<DATA_DIR>/pglite`, the embedded service's directory: one WebAssembly Postgres serves both (its `inbox_` tables and
 * its own migrations table beside the service's; lib/db shares an open directory). A data directory whose inbox
 * already lives in `<DATA_DIR>/inbox` (made by an earlier version) keeps it there. On PGlite the store's handle closes
 * when idle (PGLITE_IDLE_CLOSE_MS) and opens again on the next query.
 */
export function inboxDataDir(dataDir: string): string {
  const own = path.join(dataDir, "inbox");
  return existsSync(path.join(own, "PG_VERSION")) ? own : path.join(dataDir, "pglite");
}

const KEY = Symbol.for("atelier.inboxStore");
type Holder = { [KEY]?: Promise<InboxStore> };

export function inboxStore(): Promise<InboxStore> {
  const holder = globalThis as Holder;
  let store = holder[KEY];
  if (!store) {
    const config = getConfig();
    store = InboxStore.open({
      dataDir: inboxDataDir(config.dataDir),
      databaseUrl: config.databaseUrl,
      appUrl: config.appUrl,
      secretKey: config.authSecret,
      idleCloseMs: config.pgliteIdleCloseMs,
    });
    holder[KEY] = store;
    store.catch(() => {
      if (holder[KEY] === store) delete holder[KEY];
    });
  }
  return store;
}

/** Closes the inbox's store if it was opened (on shutdown: the last user of a shared PGlite closes it). */
export async function closeInboxStore(): Promise<void> {
  const holder = globalThis as Holder;
  const store = holder[KEY];
  if (!store) return;
  delete holder[KEY];
  await (await store.catch(() => null))?.close();
}

export { InboxStore } from "./store";
export { receiveDelivery } from "./receiver";
export * from "./admin";
