import "server-only";
import path from "node:path";
import type { Inbox, InboxDelivery } from "@/lib/api";
import { getConfig } from "../config";
import { toInboxDelivery, InboxStore } from "./store";

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

/** A new inbox; `url` is where a webhook should deliver (`${APP_URL}/api/inbox/{id}`). */
export async function createInbox(name: string): Promise<Inbox> {
  const store = await inboxStore();
  return store.toInbox(await store.create(name));
}

/** Attaches the webhook's `whsec_…` secret (shown once at webhook creation) and optionally its id. */
export async function setInboxSecret(id: string, secret: string, webhookId?: string): Promise<Inbox | null> {
  const store = await inboxStore();
  const row = await store.setSecret(id, secret, webhookId);
  return row ? store.toInbox(row) : null;
}

export async function getInbox(id: string): Promise<Inbox | null> {
  const store = await inboxStore();
  const row = await store.find(id);
  return row ? store.toInbox(row) : null;
}

/** Newest first. */
export async function listInboxes(): Promise<Inbox[]> {
  const store = await inboxStore();
  return (await store.list()).map((row) => store.toInbox(row));
}

/** Newest first; `after` = the highest `seq` already shown, for polling. */
export async function listDeliveries(
  inboxId: string,
  opts: { after?: number; limit?: number } = {},
): Promise<InboxDelivery[]> {
  const store = await inboxStore();
  return (await store.deliveries(inboxId, opts)).map(toInboxDelivery);
}

export { InboxStore } from "./store";
export { receiveDelivery, MAX_DELIVERY_BYTES } from "./receiver";
export * from "./admin";
