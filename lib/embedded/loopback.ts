import "server-only";
import { BlockList, isIP } from "node:net";

/**
 * Loopback hosts, for the two rules that depend on them:
 * - plain http is acceptable to a loopback host (`isLoopbackHost`, `isLoopbackUrl`): our MCP client's OAuth
 *   endpoints on the test peers and in local development; `localhost`, 127.0.0.0/8 and ::1.
 * - a native app's redirect URI (RFC 8252): http is allowed on a loopback host (`allowsHttpRedirect`: 127.0.0.1,
 *   ::1 and, as RFC 8252 8.3 tolerates, `localhost`), and a loopback IP literal may come back on any port
 *   (`isLoopbackRedirectIp`, RFC 8252 7.3: 127.0.0.1 and ::1 only, as the RFC names them).
 * Hosts are taken as `URL.hostname` gives them (IPv6 in brackets) or bare.
 */

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

const bare = (host: string) => host.replace(/^\[|\]$/g, "").toLowerCase();

/** An IP address literal in 127.0.0.0/8 (also IPv4-mapped, `::ffff:127.…`) or ::1. */
export function isLoopbackIp(host: string): boolean {
  const ip = bare(host);
  const family = isIP(ip);
  return family !== 0 && LOOPBACK.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/** `localhost` or a loopback IP literal: a host whose traffic never leaves the machine. */
export function isLoopbackHost(host: string): boolean {
  return bare(host) === "localhost" || isLoopbackIp(host);
}

/** Whether the URL's host is a loopback host; false for what is not a URL. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** RFC 8252 7.3: a loopback IP literal redirect URI (127.0.0.1 or [::1]), which may come back on any port. */
export function isLoopbackRedirectIp(host: string): boolean {
  const ip = bare(host);
  return ip === "127.0.0.1" || ip === "::1";
}

/** RFC 8252 7.3 and 8.3: a redirect URI host on which plain http is allowed. */
export function allowsHttpRedirect(host: string): boolean {
  return isLoopbackRedirectIp(host) || bare(host) === "localhost";
}
