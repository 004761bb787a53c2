import { createHttp, type ClientOptions } from "./http-client";
import { Inbox, InboxDeliveryList, InboxList, type AttachInboxSecretBody } from "./inbox";

/**
 * The dashboard's own webhook inbox over its session-protected routes (/api/inbox-admin/…, docs/dashboard.md
 * "Webhook inbox"), on the same HTTP layer as the service clients: answers validated with the lib/api/inbox
 * schemas, errors (`{message}`) → ServiceError. Not part of the service interface, so not in the route table.
 */

const INBOX_ADMIN_BASE = "/api/inbox-admin";

export interface InboxApi {
  list(): Promise<InboxList>;
  get(id: string): Promise<Inbox>;
  create(name: string): Promise<Inbox>;
  attachSecret(id: string, body: AttachInboxSecretBody): Promise<Inbox>;
  remove(id: string): Promise<{ id: string; deleted: true }>;
  /** Newest first; `after` = the highest `seq` already held. */
  deliveries(id: string, after?: number): Promise<InboxDeliveryList>;
  /** The server-sent events URL that announces new deliveries (none: polling only). */
  eventsUrl?(id: string): string;
}

export function createInboxApi(opts: Partial<ClientOptions> = {}): InboxApi {
  const baseUrl = (opts.baseUrl ?? INBOX_ADMIN_BASE).replace(/\/+$/, "");
  const { json } = createHttp({ ...opts, baseUrl });
  const at = (id: string) => `/${encodeURIComponent(id)}`;
  return {
    list: () => json(InboxList, { method: "GET", path: "" }),
    get: (id) => json(Inbox, { method: "GET", path: at(id) }),
    create: (name) => json(Inbox, { method: "POST", path: "", body: { name } }),
    attachSecret: (id, body) => json(Inbox, { method: "POST", path: `${at(id)}/secret`, body }),
    remove: async (id) => {
      await json(Inbox.pick({ id: true }), { method: "DELETE", path: at(id) });
      return { id, deleted: true };
    },
    deliveries: (id, after) =>
      json(InboxDeliveryList, { method: "GET", path: `${at(id)}/deliveries`, query: { after } }),
    eventsUrl: (id) => `${baseUrl}${at(id)}/events`,
  };
}
