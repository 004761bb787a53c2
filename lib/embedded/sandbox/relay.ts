import "server-only";

/**
 * The relay: a small Node program that runs first inside a sandbox whose command needs the network (`public`) or
 * whose port the server reaches (`start`), then starts the command and exits with its status (a signal as 128 + its
 * number, as a shell does). The sandbox has no network of its own, so:
 *
 * - `proxy`: it listens on 127.0.0.1:<port> in the sandbox (HTTP_PROXY points there) and joins each connection to the
 *   server's filtering proxy, a unix socket in a folder bound read-only into the sandbox (which cannot replace it).
 * - `inbound`: it accepts connections on a listening socket the server made and handed in as a file descriptor (its
 *   path exists only outside the sandbox, so nothing inside can swap it for another socket) and joins each to
 *   127.0.0.1:<port>, where the app listens.
 *
 * It is run as `node -e RELAY_SOURCE <spec JSON> <program> <args…>`; it loads nothing but Node's own modules.
 */
export interface RelaySpec {
  proxy?: { port: number; socketPath: string };
  inbound?: { fd: number; port: number };
}

export const RELAY_SOURCE = `"use strict";
const net = require("node:net");
const { spawn } = require("node:child_process");
const { constants } = require("node:os");
const [specText, program, ...args] = process.argv.slice(1);
const spec = JSON.parse(specText);
const join = (a, b) => {
  const end = () => { a.destroy(); b.destroy(); };
  a.on("error", end); b.on("error", end); a.on("close", end); b.on("close", end);
  a.pipe(b); b.pipe(a);
};
const listening = [];
if (spec.proxy) {
  const server = net.createServer((socket) => join(socket, net.connect(spec.proxy.socketPath)));
  listening.push(new Promise((ready) => server.listen(spec.proxy.port, "127.0.0.1", ready)));
}
if (spec.inbound) {
  const server = net.createServer((socket) => join(socket, net.connect(spec.inbound.port, "127.0.0.1")));
  listening.push(new Promise((ready) => server.listen({ fd: spec.inbound.fd }, ready)));
}
Promise.all(listening).then(() => {
  const env = { ...process.env };
  const child = spawn(program, args, { stdio: ["ignore", "inherit", "inherit"], env });
  child.on("error", (error) => { console.error(error.message); process.exit(127); });
  child.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] || 0)));
  for (const s of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(s, () => child.kill(s));
});
`;
