import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { isLoopbackHost } from "../loopback";

/**
 * The one rule for URLs the service fetches on a user's behalf (an MCP server, a webhook target, a client ID metadata
 * document, a zip archive, a Git repository): the server must not be made to reach its own network. A host that is,
 * or resolves to, an address that is not a public unicast address is refused, checked on the address the connection
 * is opened to (the socket's own lookup), so a name that resolves differently a second time (DNS rebinding) gains
 * nothing. `EMBEDDED_FETCH_ALLOW_PRIVATE=1` lifts the rule (a service on a LAN, the tests' local peers).
 *
 * Refused (IANA's special-purpose registries, those not globally reachable, plus multicast):
 * - IPv4: 0.0.0.0/8 ("this network"), 10.0.0.0/8, 100.64.0.0/10 (CGNAT), 127.0.0.0/8, 169.254.0.0/16 (link-local, the
 *   cloud metadata address), 172.16.0.0/12, 192.0.0.0/24 (IETF protocol assignments), 192.0.2.0/24, 198.51.100.0/24
 *   and 203.0.113.0/24 (documentation), 192.88.99.0/24 (6to4 relays), 192.168.0.0/16, 198.18.0.0/15 (benchmarking),
 *   224.0.0.0/4 (multicast), 240.0.0.0/4 (reserved, with 255.255.255.255, the broadcast address).
 * - IPv6: :: and ::1, ::/96 (IPv4-compatible, deprecated), 100::/64 (discard), 2001::/23 (IETF protocol assignments:
 *   Teredo, benchmarking, ORCHID), 2001:db8::/32 (documentation), 3fff::/20 (documentation), 5f00::/16 (SRv6),
 *   64:ff9b:1::/48 (local NAT64), fc00::/7 (unique local), fe80::/10 (link-local), fec0::/10 (site-local, deprecated),
 *   ff00::/8 (multicast).
 * - An IPv6 address that carries an IPv4 one is judged by that IPv4 address: IPv4-mapped (::ffff:0:0/96), the
 *   well-known NAT64 prefix (64:ff9b::/96) and 6to4 (2002::/16, the IPv4 address in bits 16-47). `::ffff:10.0.0.1`,
 *   `64:ff9b::a00:1` and `2002:a00:1::` are refused, `64:ff9b::808:808` (8.8.8.8 through NAT64) is not.
 */

type Range = readonly [prefix: bigint, bits: number];

/** An IPv4 address as a 32-bit number; null when it is not one. */
function ipv4Number(ip: string): bigint | null {
  const parts = ip.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => (n << 8n) | BigInt(Number(p)), 0n);
}

/** An IPv6 address (a dotted IPv4 tail and a zone allowed) as a 128-bit number; null when it is not one. */
function ipv6Number(address: string): bigint | null {
  const ip = address.replace(/%.*$/, "");
  if (isIP(ip) !== 6) return null;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  let text = ip;
  if (tail) {
    const v4 = ipv4Number(tail[1]!);
    if (v4 === null) return null;
    text = `${ip.slice(0, -tail[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const groups = (s: string) => (s ? s.split(":") : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all =
    rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  if (all.length !== 8) return null;
  return all.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

const v4 = (ip: string, bits: number): Range => [ipv4Number(ip)!, bits];
const v6 = (ip: string, bits: number): Range => [ipv6Number(ip)!, bits];

const REFUSED_V4: readonly Range[] = [
  v4("0.0.0.0", 8),
  v4("10.0.0.0", 8),
  v4("100.64.0.0", 10),
  v4("127.0.0.0", 8),
  v4("169.254.0.0", 16),
  v4("172.16.0.0", 12),
  v4("192.0.0.0", 24),
  v4("192.0.2.0", 24),
  v4("192.88.99.0", 24),
  v4("192.168.0.0", 16),
  v4("198.18.0.0", 15),
  v4("198.51.100.0", 24),
  v4("203.0.113.0", 24),
  v4("224.0.0.0", 4),
  v4("240.0.0.0", 4),
];

const REFUSED_V6: readonly Range[] = [
  v6("::", 96),
  v6("64:ff9b:1::", 48),
  v6("100::", 64),
  v6("2001::", 23),
  v6("2001:db8::", 32),
  v6("3fff::", 20),
  v6("5f00::", 16),
  v6("fc00::", 7),
  v6("fe80::", 10),
  v6("fec0::", 10),
  v6("ff00::", 8),
];

const within = (n: bigint, width: number, [prefix, bits]: Range) =>
  n >> BigInt(width - bits) === prefix >> BigInt(width - bits);

/** The IPv4 address an IPv6 one carries (IPv4-mapped, NAT64's well-known prefix, 6to4), or null. */
function embeddedIpv4(n: bigint): bigint | null {
  if (within(n, 128, v6("::ffff:0:0", 96)) || within(n, 128, v6("64:ff9b::", 96))) return n & 0xffffffffn;
  if (within(n, 128, v6("2002::", 16))) return (n >> 80n) & 0xffffffffn;
  return null;
}

/** Whether private addresses may be fetched: `EMBEDDED_FETCH_ALLOW_PRIVATE=1`, read on every request. */
export function allowsPrivateFetch(): boolean {
  return process.env.EMBEDDED_FETCH_ALLOW_PRIVATE === "1";
}

/**
 * Whether an IP address (bare or in brackets) is one the service must not reach: not a public unicast address (the
 * ranges above). False for what is not an IP address.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "");
  const four = ipv4Number(ip);
  if (four !== null) return REFUSED_V4.some((r) => within(four, 32, r));
  const six = ipv6Number(ip);
  if (six === null) return false;
  const carried = embeddedIpv4(six);
  if (carried !== null) return REFUSED_V4.some((r) => within(carried, 32, r));
  return REFUSED_V6.some((r) => within(six, 128, r));
}

/** A host never asked, by its name alone: loopback hosts, other `*.localhost` names and refused IP literals. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
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
