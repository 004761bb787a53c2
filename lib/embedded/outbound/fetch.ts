import "server-only";
import { allowsPrivateFetch, isPrivateHost, publicOnlyLookup, type Resolve } from "./addresses";

/** A `fetch` for requests the service makes on a user's behalf to a URL the user gave. */
export type OutboundFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * The outbound guard as a `fetch` (for the MCP SDK's client and its OAuth token requests): connections go only to
 * public addresses, checked on the address the socket opens (addresses.ts), so DNS rebinding gains nothing; a private
 * IP literal or `localhost` is refused before any connection. Redirects are not followed unless the caller asks.
 * `allowPrivate` (the service's `fetchAllowPrivate`), or EMBEDDED_FETCH_ALLOW_PRIVATE=1 read on each request, gives
 * the plain `fetch`: local development, the test peers on 127.0.0.1, a service on a private network. `ownOrigin`
 * (webhook deliveries only) is the one exemption: the service's own origin, where the dashboard's webhook inbox
 * listens, is reached like any address (scheme, host and port must all match; nothing else on that host is).
 */
export function outboundFetch(
  opts: { allowPrivate?: boolean; ownOrigin?: string; resolve?: Resolve } = {},
): OutboundFetch {
  let dispatcher: import("undici").Agent | null = null;
  return async (input, init) => {
    const url = new URL(input);
    if (opts.allowPrivate || allowsPrivateFetch() || url.origin === opts.ownOrigin) return fetch(url, init);
    if (isPrivateHost(url.hostname))
      throw Object.assign(new Error(`${url.hostname} is not a public host (EMBEDDED_FETCH_ALLOW_PRIVATE is off)`), {
        code: "EPRIVATEADDRESS",
      });
    // undici (the fetch Node is built on) loads on the first guarded request.
    const undici = await import("undici");
    dispatcher ??= new undici.Agent({ connect: { lookup: publicOnlyLookup(opts.resolve) as never } });
    const response = await undici.fetch(url, { redirect: "manual", ...(init as object), dispatcher } as never);
    return response as unknown as Response;
  };
}
