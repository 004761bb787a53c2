import "server-only";
import { chmod } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import type { Duplex } from "node:stream";
import { isPrivateAddress, isPrivateHost, publicOnlyLookup, type Resolve } from "./addresses";

/** How long connecting to a host may take. */
const CONNECT_TIMEOUT_MS = 10_000;

interface ProxyPolicy {
  /** Host names allowed (AGENT_COMMAND_HOSTS; `*.example.com` for its subdomains); empty: every public host. */
  hosts: readonly string[];
  /** `host:port`s allowed although private (AGENT_COMMAND_PRIVATE_HOSTS): a LAN registry, the tests' peers. */
  privateHosts: readonly string[];
  /** The server's own ports: never reached on a private address, whatever else says so. */
  ownPorts: readonly number[];
  /** The resolver behind the address check (tests); default the system's. */
  resolve?: Resolve;
}

export interface SandboxProxy {
  close(): Promise<void>;
}

class Refused extends Error {}

const normalHost = (host: string) =>
  host
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/\.$/, "");

function allowedName(host: string, hosts: readonly string[]): boolean {
  if (!hosts.length) return true;
  return hosts.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith("*.") ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p;
  });
}

/**
 * How a connection to host:port is opened under the policy: for a listed private host:port, a socket that refuses only
 * the server's own ports; else, when the host list lets the name through, a socket whose own lookup refuses private
 * addresses (outbound/addresses.ts, checked on the address connected to). Throws Refused before any connection when
 * the name alone decides.
 */
function connector(host: string, port: number, policy: ProxyPolicy): () => net.Socket {
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Refused(`${port} is not a port`);
  const listed = policy.privateHosts.some((h) => normalHost(h) === `${host}:${port}`);
  if (!listed && !allowedName(host, policy.hosts)) throw new Refused(`${host} is not in AGENT_COMMAND_HOSTS`);
  if (listed) {
    const ownPort = policy.ownPorts.includes(port);
    // An IP literal is connected to without a lookup: its check is here.
    if (ownPort && isPrivateAddress(host)) throw new Refused(`${host}:${port} is the server's own port`);
    return () =>
      net.connect({
        host,
        port,
        lookup: (hostname, options, callback) =>
          publicOrListed(policy.resolve, hostname, ownPort, options as { all?: boolean }, callback as never),
      });
  }
  if (isPrivateHost(host)) throw new Refused(`${host} is not a public host`);
  return () => net.connect({ host, port, lookup: publicOnlyLookup(policy.resolve) as never });
}

/** The lookup of a listed private host: any address, except a private one on one of the server's own ports. */
function publicOrListed(
  resolve: Resolve | undefined,
  hostname: string,
  ownPort: boolean,
  options: { all?: boolean },
  callback: (error: Error | null, address: string | { address: string; family: number }[], family?: number) => void,
): void {
  const lookup = resolve ?? ((name, cb) => import("node:dns").then((dns) => dns.lookup(name, { all: true }, cb)));
  lookup(hostname, (error, addresses) => {
    if (error) return callback(error, []);
    if (ownPort && addresses.some((a) => isPrivateAddress(a.address)))
      return callback(Object.assign(new Error(`${hostname}: the server's own port`), { code: "EPRIVATEADDRESS" }), []);
    if (!addresses.length) return callback(new Error(`${hostname} resolves to nothing`), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

function refuse(socket: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${status === 403 ? "Forbidden" : "Bad Gateway"}\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

const why = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === "EPRIVATEADDRESS"
    ? `refused: ${(error as Error).message}`
    : `cannot be reached (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;

/** Hop-by-hop and proxy headers, not forwarded. */
const HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "te",
  "trailer",
  "upgrade",
]);

/**
 * The sandbox's way out (network `public`): an HTTP proxy on a unix socket (bound read-only into the sandbox, where
 * the relay joins 127.0.0.1:3128 to it) that tunnels `CONNECT host:port` and forwards plain `http://` requests, each
 * to a public address only (or a listed private host:port), after the host allow-list. Refusals answer 403 with the
 * reason. Its connections end when it closes (with the sandbox).
 */
export async function startProxy(socketPath: string, policy: ProxyPolicy): Promise<SandboxProxy> {
  const open = new Set<Duplex>();
  const track = (s: Duplex) => {
    open.add(s);
    s.on("close", () => open.delete(s));
  };
  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? "");
      if (target.protocol !== "http:") throw new Refused("only http:// is forwarded; https goes through CONNECT");
    } catch (error) {
      res.writeHead(400, { "content-type": "text/plain" }).end(`${(error as Error).message}\n`);
      return;
    }
    const host = normalHost(target.hostname);
    let connect: () => net.Socket;
    try {
      connect = connector(host, Number(target.port || 80), policy);
    } catch (error) {
      res.writeHead(403, { "content-type": "text/plain" }).end(`${host}: ${(error as Error).message}\n`);
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP.has(name)) headers[name] = value;
    const upstream = http.request({
      method: req.method,
      path: `${target.pathname}${target.search}`,
      headers: { ...headers, connection: "close" },
      createConnection: connect,
      timeout: CONNECT_TIMEOUT_MS,
    });
    upstream.on("response", (answer) => {
      const back: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP.has(name)) back[name] = value;
      res.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(res);
    });
    upstream.on("timeout", () => upstream.destroy(new Error("timed out")));
    upstream.on("error", (error) => {
      const status = (error as NodeJS.ErrnoException).code === "EPRIVATEADDRESS" ? 403 : 502;
      if (!res.headersSent) res.writeHead(status, { "content-type": "text/plain" }).end(`${host}: ${why(error)}\n`);
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.on("connect", (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    client.on("error", () => client.destroy());
    const at = (req.url ?? "").lastIndexOf(":");
    const host = normalHost((req.url ?? "").slice(0, at));
    let connect: () => net.Socket;
    try {
      if (at < 1) throw new Refused("CONNECT needs host:port");
      connect = connector(host, Number((req.url ?? "").slice(at + 1)), policy);
    } catch (error) {
      return refuse(client, 403, `${host}: ${(error as Error).message}`);
    }
    const upstream = connect();
    track(upstream);
    upstream.setTimeout(CONNECT_TIMEOUT_MS, () => upstream.destroy(new Error("timed out")));
    let connected = false;
    upstream.once("connect", () => {
      connected = true;
      upstream.setTimeout(0);
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", (error) => {
      if (connected) client.destroy();
      else
        refuse(
          client,
          (error as NodeJS.ErrnoException).code === "EPRIVATEADDRESS" ? 403 : 502,
          `${host}: ${why(error)}`,
        );
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  server.on("connection", track);
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  // The sandbox's user must be able to connect (its folder is bound read-only: nothing inside can replace it).
  await chmod(socketPath, 0o666);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
