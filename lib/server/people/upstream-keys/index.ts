import "server-only";
import path from "node:path";
import { getConfig } from "../../config";
import { UpstreamKeyStore } from "./store";

const KEY = Symbol.for("atelier.upstreamKeyStore");
type Holder = { [KEY]?: Promise<UpstreamKeyStore> };

/**
 * The process's store of people's own upstream keys, opened on first use: on DATABASE_URL, else on PGlite in the
 * directory the embedded service and the webhook inbox share (lib/db shares an open directory); closed when idle there.
 */
export function upstreamKeyStore(): Promise<UpstreamKeyStore> {
  const holder = globalThis as Holder;
  let store = holder[KEY];
  if (!store) {
    const config = getConfig();
    store = UpstreamKeyStore.open({
      dataDir: path.join(config.dataDir, "pglite"),
      databaseUrl: config.databaseUrl,
      secret: config.authSecret,
      idleCloseMs: config.pgliteIdleCloseMs,
    });
    holder[KEY] = store;
    store.catch(() => {
      if (holder[KEY] === store) delete holder[KEY];
    });
  }
  return store;
}

/** Closes the store if it was opened (shutdown). */
export async function closeUpstreamKeyStore(): Promise<void> {
  const holder = globalThis as Holder;
  const store = holder[KEY];
  if (!store) return;
  delete holder[KEY];
  await (await store.catch(() => null))?.close();
}
