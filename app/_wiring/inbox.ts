import "server-only";
import { auth } from "@/lib/server/auth";
import { getConfig } from "@/lib/server/config";
import { inboxStore, type AdminDeps } from "@/lib/server/inbox";

/** What the inbox-admin routes need: the store, APP_URL for same-origin checks, and the session. */
export async function inboxAdminDeps(): Promise<AdminDeps> {
  return {
    store: await inboxStore(),
    appUrl: getConfig().appUrl,
    hasSession: async () => Boolean(await auth()),
  };
}
