import "server-only";
import { SHARE_TOKEN, SharedChat } from "@/lib/api";
import type { Upstream } from "../proxy";

/**
 * What a share link shows (issue 40), asked for by the dashboard's server: `GET {base}/v2/shares/{token}` with the
 * server-held key (the route is never proxied for the browser). The token is the only scope. Null for anything that
 * opens nothing (malformed, unknown, rotated, revoked, expired, a service without share links): the same 404 page.
 */
export async function readSharedChat(
  token: string,
  options: { upstream: Upstream; baseUrl: string; apiKey: string },
): Promise<SharedChat | null> {
  if (!SHARE_TOKEN.test(token)) return null;
  const res = await options.upstream(
    new Request(`${options.baseUrl}/v2/shares/${token}`, {
      headers: { authorization: `Bearer ${options.apiKey}`, accept: "application/json" },
    }),
  );
  if (res.status === 404 || res.status === 405) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) throw new Error(`The service answered ${res.status} for a share link.`);
  const parsed = SharedChat.safeParse(await res.json());
  if (!parsed.success) throw new Error("The service's answer for a share link is not a shared chat.");
  return parsed.data;
}
