import "server-only";
import type { SharedChat } from "@/lib/api";
import { getConfig } from "@/lib/server/config";
import type { Upstream } from "@/lib/server/proxy";
import { readSharedChat } from "@/lib/server/share/read";
import { shareRateLimit } from "@/lib/server/share/rate-limit";
import { clientAddress, trustProxyFrom } from "@/lib/server/sign-in";

/** What a share link shows, from the configured service (the embedded one in-process, else over HTTP). */
export function sharedChat(token: string): Promise<SharedChat | null> {
  const config = getConfig();
  const upstream: Upstream = config.embedded
    ? async (r) => (await (await import("./embedded")).embeddedService()).handle(r)
    : (r) => fetch(r);
  return readSharedChat(token, {
    upstream,
    baseUrl: config.serviceBaseUrl ?? `${config.appUrl}/svc`,
    apiKey: config.serviceApiKey,
  });
}

/** Milliseconds this request's address must wait before its next share-page request (0: go on). */
export function shareWait(headers: Headers): number {
  return shareRateLimit.take(clientAddress(headers, trustProxyFrom(process.env)));
}
