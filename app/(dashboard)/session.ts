import "server-only";
import type { Session } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/lib/server/auth";
import { REQUEST_PATH_HEADER, signInPathFor } from "@/lib/server/request-path";
import { safeCallbackUrl } from "../(auth)/sign-in/callback-url";

/**
 * The session every dashboard page and layout that reads server data asks for itself: a layout does not run on a
 * client navigation between its pages (nor on an RSC request that claims to have it), so a page cannot rely on
 * `layout.tsx` having checked. Without a session it goes to the sign-in page, the whole requested URL (query
 * included) kept for afterwards (e.g. the MCP OAuth authorize page opened cold). `test/dashboard-sessions.test.ts`
 * holds every such page to it.
 */
export async function requireSession(): Promise<Session & { user: NonNullable<Session["user"]> }> {
  const session = await auth();
  if (!session?.user)
    redirect(signInPathFor((await headers()).get(REQUEST_PATH_HEADER), (p) => safeCallbackUrl(p, "") === p));
  return session as Session & { user: NonNullable<Session["user"]> };
}
