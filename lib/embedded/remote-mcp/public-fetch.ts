import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import { isLoopbackHost } from "../loopback";

/**
 * GET of a document on the public internet, for URLs that come from strangers (a client ID metadata document's URL
 * is whatever an authorize request names). The server must not be made to reach its own network: a host that is, or
 * resolves to, a loopback, private, link-local or unspecified address is refused. The check is made on the address
 * the connection is opened to (the socket's own lookup), so a name that resolves differently a second time (DNS
 * rebinding) gains nothing. No redirects (a 3xx is handed back as it is), a time limit and a size limit.
 */

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv6");

/** A loopback, private, link-local or unspecified IP address (an IPv4-mapped IPv6 address by its IPv4 part). */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return PRIVATE.check(mapped[1]!, "ipv4");
  const family = isIP(ip);
  return family !== 0 && PRIVATE.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/** A host never asked, by its name alone: loopback hosts, other `*.localhost` names and private IP literals. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return isLoopbackHost(host) || host.endsWith(".localhost") || isPrivateAddress(host);
}

type Resolve = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

const systemResolve: Resolve = (hostname, callback) =>
  dnsLookup(hostname, { all: true }, (error, addresses) => callback(error, addresses ?? []));

/**
 * A `lookup` for sockets that fails when any address of the name is private (all of them are checked: the socket
 * may try each). `resolve`: the system's resolver unless a test gives one.
 */
export function publicOnlyLookup(resolve: Resolve = systemResolve) {
  return (
    hostname: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => isPrivateAddress(a.address));
      if (refused || !addresses.length)
        return callback(
          Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? "nothing"}: not a public address`), {
            code: "EPRIVATEADDRESS",
          }),
          [],
        );
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

interface PublicFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** The resolver behind the address check (tests); default the system's. */
  resolve?: Resolve;
}

/** GET `url` (https only) as a Response; rejects for a private address, a timeout or a body over `maxBytes`. */
export function fetchPublicDocument(url: string, opts: PublicFetchOptions = {}): Promise<Response> {
  const { timeoutMs = 5000, maxBytes = 64 * 1024 } = opts;
  return new Promise<Response>((resolve, reject) => {
    const target = new URL(url);
    if (target.protocol !== "https:") return reject(new Error(`not https: ${url}`));
    if (isPrivateHost(target.hostname)) return reject(new Error(`${target.hostname} is not a public host`));
    const req = https.get(
      target,
      {
        lookup: publicOnlyLookup(opts.resolve) as never,
        headers: { accept: "application/json" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(new Error(`the document is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve(
            new Response(res.statusCode === 204 || res.statusCode === 304 ? null : Buffer.concat(chunks), {
              status: res.statusCode ?? 502,
              headers: { "content-type": String(res.headers["content-type"] ?? "") },
            }),
          );
        });
        res.on("error", reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** A `fetch` for requests the service makes on a user's behalf to a URL the user gave. */
export type OutboundFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * The one private-address guard for the service's outgoing requests to URLs users give (an MCP server, its OAuth
 * token endpoint): a `fetch` whose connections go only to public addresses (the same check as above, made on the
 * address the socket opens, so DNS rebinding gains nothing; a private IP literal or `localhost` is refused before
 * any connection). Redirects are not followed unless the caller asks. `allowPrivate` (EMBEDDED_FETCH_ALLOW_PRIVATE=1: local development,
 * the test peers on 127.0.0.1, a service on a private network) gives the plain `fetch`.
 */
export function outboundFetch(opts: { allowPrivate?: boolean; resolve?: Resolve } = {}): OutboundFetch {
  if (opts.allowPrivate) return (input, init) => fetch(input, init);
  let dispatcher: import("undici").Agent | null = null;
  return async (input, init) => {
    const url = new URL(input);
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
