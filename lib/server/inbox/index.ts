import "server-only";
import path from "node:path";
import { getConfig } from "../config";
import { InboxStore } from "./store";

/** The dashboard's webhook inbox: one store per process, on DATABASE_URL or PGlite in `<DATA_DIR>/inbox`. */

const KEY = Symbol.for("atelier.inboxStore");
type Holder = { [KEY]?: Promise<InboxStore> };

export function inboxStore(): Promise<InboxStore> {
  const holder = globalThis as Holder;
  let store = holder[KEY];
  if (!store) {
    const config = getConfig();
    store = InboxStore.open({
      dataDir: path.join(config.dataDir, "inbox"),
      databaseUrl: config.databaseUrl,
      appUrl: config.appUrl,
    });
    holder[KEY] = store;
    store.catch(() => {
      if (holder[KEY] === store) delete holder[KEY];
    });
  }
  return store;
}

export { InboxStore } from "./store";
export { receiveDelivery } from "./receiver";
export * from "./admin";
