import type { LookupAddress } from "node:dns";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startProxy, type SandboxProxy } from "./sandbox-proxy";

/**
 * The sandbox's filtering proxy on its own (escapes.test.ts drives it from inside a sandbox): what a command may reach
 * through it, by name, by address, by what a name resolves to, and by port.
 */
const resolvingTo =
  (map: Record<string, string>) =>
  (host: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) =>
    map[host] ? callback(null, [{ address: map[host]!, family: 4 }]) : callback(new Error(`ENOTFOUND ${host}`), []);

let peer: http.Server;
let peerPort: number;
const dir = mkdtempSync(path.join(tmpdir(), "atelier-proxy-"));
const proxies: SandboxProxy[] = [];

beforeAll(async () => {
  peer = http.createServer((req, res) => res.end(`peer: ${req.method} ${req.url} host=${req.headers.host}`));
  await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
  peerPort = (peer.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const p of proxies) await p.close();
  await new Promise((resolve) => peer.close(resolve));
});

async function proxy(policy: Parameters<typeof startProxy>[1], name: string) {
  const socketPath = path.join(dir, `${name}.sock`);
  proxies.push(await startProxy(socketPath, policy));
  return socketPath;
}

/** A plain HTTP request through the proxy: status and body. */
const get = (socketPath: string, url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ socketPath, path: url, headers: { host: new URL(url).host } }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });

/** CONNECT through the proxy: its status line, then (when 200) an HTTP request through the tunnel. */
const tunnel = (socketPath: string, target: string) =>
  new Promise<string>((resolve, reject) => {
    const s = net.connect(socketPath, () => s.write(`CONNECT ${target} HTTP/1.1\r\nhost: ${target}\r\n\r\n`));
    let text = "";
    s.on("data", (d: Buffer) => {
      text += d.toString();
      if (text.startsWith("HTTP/1.1 200") && text.endsWith("\r\n\r\n") && !text.includes("peer:"))
        s.write(`GET /through HTTP/1.1\r\nhost: ${target}\r\nconnection: close\r\n\r\n`);
    });
    s.on("close", () => resolve(text));
    s.on("error", reject);
  });

describe("the sandbox's proxy", () => {
  test("a listed private host:port is reached, plain and tunnelled; the same host on another port is not", async () => {
    const socket = await proxy({ hosts: [], privateHosts: [`127.0.0.1:${peerPort}`], ownPorts: [] }, "listed");
    expect(await get(socket, `http://127.0.0.1:${peerPort}/hello?x=1`)).toEqual({
      status: 200,
      body: `peer: GET /hello?x=1 host=127.0.0.1:${peerPort}`,
    });
    expect(await tunnel(socket, `127.0.0.1:${peerPort}`)).toMatch(
      /^HTTP\/1.1 200 Connection Established[\s\S]*peer: GET \/through/,
    );
    const other = await get(socket, `http://127.0.0.1:${peerPort + 1}/`);
    expect(other).toMatchObject({ status: 403 });
    expect(other.body).toMatch(/127\.0\.0\.1: .*not a public host/);
  });

  test("loopback, private and link-local hosts are refused by name or address, plain and tunnelled", async () => {
    const socket = await proxy({ hosts: [], privateHosts: [], ownPorts: [] }, "public");
    for (const url of [
      "http://localhost:80/",
      "http://10.0.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]:8080/",
    ]) {
      const res = await get(socket, url);
      expect(res.status, url).toBe(403);
    }
    expect(await tunnel(socket, `127.0.0.1:${peerPort}`)).toMatch(/^HTTP\/1.1 403 Forbidden[\s\S]*not a public host/);
    expect(await tunnel(socket, "192.168.1.1:443")).toMatch(/^HTTP\/1.1 403/);
  });

  test("a name that resolves to a private address is refused on the address connected to (DNS rebinding)", async () => {
    const socket = await proxy(
      { hosts: [], privateHosts: [], ownPorts: [], resolve: resolvingTo({ "rebind.example": "127.0.0.1" }) },
      "rebind",
    );
    const res = await get(socket, `http://rebind.example:${peerPort}/`);
    expect(res.status).toBe(403);
    expect(res.body).toMatch(/127\.0\.0\.1: not a public address/);
    expect(await tunnel(socket, `rebind.example:${peerPort}`)).toMatch(/^HTTP\/1.1 403[\s\S]*not a public address/);
  });

  test("AGENT_COMMAND_HOSTS: only the listed names (and a domain's subdomains) pass, and the listed private hosts", async () => {
    const socket = await proxy(
      {
        hosts: ["registry.example", "*.pkgs.example"],
        privateHosts: [`127.0.0.1:${peerPort}`],
        ownPorts: [],
        resolve: resolvingTo({ "registry.example": "127.0.0.1" }),
      },
      "hosts",
    );
    const other = await get(socket, "http://elsewhere.example/");
    expect(other.status).toBe(403);
    expect(other.body).toContain("elsewhere.example is not in AGENT_COMMAND_HOSTS");
    expect((await get(socket, "http://pkgs.example/")).body).toContain("not in AGENT_COMMAND_HOSTS");
    // Listed, but it resolves to loopback here: still refused by the address rule.
    expect((await get(socket, "http://registry.example/")).body).toContain("not a public address");
    expect(await tunnel(socket, "evil.example:443")).toMatch(/^HTTP\/1.1 403[\s\S]*not in AGENT_COMMAND_HOSTS/);
    // A private host:port listed on its own (a registry mirror on the LAN) passes whatever the host list says.
    expect((await get(socket, `http://127.0.0.1:${peerPort}/mirror`)).body).toContain("peer: GET /mirror");
  });

  test("the server's own ports are refused even when listed as private hosts", async () => {
    const socket = await proxy(
      {
        hosts: [],
        privateHosts: [`127.0.0.1:${peerPort}`, `peer.test:${peerPort}`],
        ownPorts: [peerPort],
        resolve: resolvingTo({ "peer.test": "127.0.0.1" }),
      },
      "own",
    );
    expect(await get(socket, `http://127.0.0.1:${peerPort}/`)).toMatchObject({ status: 403 });
    expect((await get(socket, `http://peer.test:${peerPort}/`)).body).toContain("the server's own port");
    expect(await tunnel(socket, `127.0.0.1:${peerPort}`)).toMatch(/^HTTP\/1.1 403[\s\S]*the server's own port/);
  });

  test("bad requests: https:// in a plain request, a CONNECT without a port, a port out of range", async () => {
    const socket = await proxy({ hosts: [], privateHosts: [], ownPorts: [] }, "bad");
    expect((await get(socket, "https://example.com/")).status).toBe(400);
    expect(await tunnel(socket, "example.com")).toMatch(/^HTTP\/1.1 403[\s\S]*CONNECT needs host:port/);
    expect(await tunnel(socket, "example.com:70000")).toMatch(/^HTTP\/1.1 403[\s\S]*not a port/);
  });
});
