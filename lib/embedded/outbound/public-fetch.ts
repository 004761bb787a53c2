import "server-only";
import type { Resolve } from "./addresses";
import { outboundRequest } from "./request";

interface PublicFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** The resolver behind the address check (tests); default the system's. */
  resolve?: Resolve;
}

/**
 * GET of a JSON document on the public internet (https only), for URLs that come from strangers (a client ID
 * metadata document's URL is whatever an authorize request names), as a Response; rejects for a private address,
 * a timeout or a body over `maxBytes` (addresses.ts, request.ts). 5 s and 64 KB unless told.
 */
export async function fetchPublicDocument(url: string, opts: PublicFetchOptions = {}): Promise<Response> {
  const res = await outboundRequest(url, {
    timeoutMs: opts.timeoutMs ?? 5000,
    maxBytes: opts.maxBytes ?? 64 * 1024,
    resolve: opts.resolve,
    headers: { accept: "application/json" },
  });
  return new Response(res.status === 204 || res.status === 304 ? null : new Uint8Array(res.body), {
    status: res.status,
    headers: { "content-type": res.headers["content-type"] ?? "" },
  });
}
