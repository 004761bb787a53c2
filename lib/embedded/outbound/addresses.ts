import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { isLoopbackHost } from "../loopback";

/**
 * The one rule for URLs the service fetches on a user's behalf (a client ID metadata document, a zip archive, a Git
 * repository): the server must not be made to reach its own network. A host that is, or resolves to, a loopback,
 * private, link-local or unspecified address is refused, checked on the address the connection is opened to (the
 * socket's own lookup), so a name that resolves differently a second time (DNS rebinding) gains nothing.
 * `EMBEDDED_FETCH_ALLOW_PRIVATE=1` lifts the rule (a service on a LAN, the tests' local peers).
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

/** Whether private addresses may be fetched: `EMBEDDED_FETCH_ALLOW_PRIVATE=1`, read on every request. */
export function allowsPrivateFetch(): boolean {
  return process.env.EMBEDDED_FETCH_ALLOW_PRIVATE === "1";
}

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

export type Resolve = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

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
