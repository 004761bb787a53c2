import "server-only";
import { getConfig } from "@/lib/server/config";
import { inboxStore, type AdminDeps } from "@/lib/server/inbox";
import { signedInPerson } from "./auth";

/** What the inbox-admin routes need: the store, APP_URL for same-origin checks, and the signed-in person's role. */
export async function inboxAdminDeps(): Promise<AdminDeps> {
  return {
    store: await inboxStore(),
    appUrl: getConfig().appUrl,
    role: async () => (await signedInPerson())?.role ?? null,
  };
}
