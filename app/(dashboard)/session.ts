import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signedInPerson } from "@/app/_wiring/auth";
import type { SessionPerson } from "@/lib/server/auth/config";
import { REQUEST_PATH_HEADER, signInPathFor } from "@/lib/server/request-path";
import { safeCallbackUrl } from "../(auth)/sign-in/callback-url";

/**
 * The signed-in person every dashboard page and layout that reads server data asks for itself, checked against the
 * people directory at this request (gone, disabled, deleted or a newer session epoch: signed out; the stored role):
 * a layout does not run on a client navigation between its pages (nor on an RSC request that claims to have it), so a
 * page cannot rely on `layout.tsx` having checked. Without a live session it goes to the sign-in page, the whole
 * requested URL (query included) kept for afterwards (e.g. the MCP OAuth authorize page opened cold).
 * `test/dashboard-sessions.test.ts` holds every such page to it.
 */
export async function requireSession(): Promise<SessionPerson> {
  const person = await signedInPerson();
  if (!person) redirect(signInPathFor((await headers()).get(REQUEST_PATH_HEADER), (p) => safeCallbackUrl(p, "") === p));
  return person;
}
