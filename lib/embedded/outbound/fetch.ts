import "server-only";
import { allowsPrivateFetch, isPrivateHost, publicOnlyLookup, type Resolve } from "./addresses";

/** A `fetch` for requests the service makes on a user's behalf to a URL the user gave. */
export type OutboundFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

interface OutboundFetchOptions {
  /** The service's `fetchAllowPrivate`: private addresses may be reached (EMBEDDED_FETCH_ALLOW_PRIVATE=1 too). */
  allowPrivate?: boolean;
  /**
   * Webhook deliveries only: the dashboard's webhook inbox, `{APP_URL origin}/api/inbox/`, reached like any address
   * (on loopback in a self-hosted setup). Scheme, host and port must match and the path must be under it, as the URL
   * parser normalises it (`/api/inbox/../svc` is `/svc`): nothing else of that origin is exempt.
   */
  exemptPrefix?: string;
  /** The resolver behind the address check (tests); default the system's. */
  resolve?: Resolve;
}

/** Whether `url` is under the exempt prefix (an origin and a path ending in `/`). */
function isExempt(url: URL, prefix: string | undefined): boolean {
  if (!prefix) return false;
  const exempt = new URL(prefix);
  return url.origin === exempt.origin && url.pathname.startsWith(exempt.pathname) && url.pathname !== exempt.pathname;
}

/**
 * The outbound guard as a `fetch` (for the MCP SDK's client and its OAuth token requests, and webhook deliveries):
 * connections go only to public addresses, checked on the address the socket opens (addresses.ts), so DNS rebinding
 * gains nothing; a private IP literal or `localhost` is refused before any connection.
 *
 * Redirects are never followed, whatever `init.redirect` says: a 3xx comes back to the caller as it is, its
 * `Location` unread (a redirect is a new request to a URL nobody checked; a caller that wants to go there asks again,
 * through this guard). `redirect: "error"` is kept (it fails instead of answering the 3xx); anything else becomes
 * `"manual"`.
 *
 * `allowPrivate` (the service's `fetchAllowPrivate`), or EMBEDDED_FETCH_ALLOW_PRIVATE=1 read on each request, lifts
 * the address rule: local development, the test peers on 127.0.0.1, a service on a private network. `exemptPrefix`
 * (webhook deliveries only) lifts it for the dashboard's webhook inbox alone.
 */
export function outboundFetch(opts: OutboundFetchOptions = {}): OutboundFetch {
  let dispatcher: import("undici").Agent | null = null;
  return async (input, init) => {
    const url = new URL(input);
    const noRedirect: RequestInit = { ...init, redirect: init?.redirect === "error" ? "error" : "manual" };
    if (opts.allowPrivate || allowsPrivateFetch() || isExempt(url, opts.exemptPrefix)) return fetch(url, noRedirect);
    if (isPrivateHost(url.hostname))
      throw Object.assign(new Error(`${url.hostname} is not a public host (EMBEDDED_FETCH_ALLOW_PRIVATE is off)`), {
        code: "EPRIVATEADDRESS",
      });
    // undici (the fetch Node is built on) loads on the first guarded request.
    const undici = await import("undici");
    dispatcher ??= new undici.Agent({ connect: { lookup: publicOnlyLookup(opts.resolve) as never } });
    const response = await undici.fetch(url, { ...(noRedirect as object), dispatcher } as never);
    return response as unknown as Response;
  };
}
