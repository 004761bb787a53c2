import "server-only";

/**
 * The relay: a small Node program that runs first inside a sandbox whose command needs the network (`public`), whose
 * port the server reaches (`start`) or whose copy the server writes into or reads from (a volume, `collect`), then
 * starts the command and exits with its status (a signal as 128 + its number, as a shell does). The sandbox has no
 * network of its own, so:
 *
 * - `proxy`: it listens on 127.0.0.1:<port> in the sandbox (HTTP_PROXY points there) and joins each connection to the
 *   server's filtering proxy, a unix socket in a folder bound read-only into the sandbox (which cannot replace it).
 * - `inbound`: it accepts connections on a listening socket the server made and handed in as a file descriptor (its
 *   path exists only outside the sandbox, so nothing inside can swap it for another socket) and joins each to
 *   127.0.0.1:<port>, where the app listens; when nothing listens there, to the port the app does listen on (read from
 *   the sandbox's own /proc/net/tcp: in its network namespace only the app listens), so a dev server that ignores PORT
 *   (Vite's 5173) is reached too.
 * - `control`: messages from the server arrive on its stdin, one JSON object a line, and its answers leave on the file
 *   descriptor `control.out`: `write` (files written into /app and paths removed from it, resolved in the sandbox's own
 *   view, so a symbolic link the command made leads only to what the sandbox sees, read-only outside /app), `size`
 *   (the bytes of /app, symbolic links not followed), and, unasked, `listening` (the port the app listens on, once)
 *   and `collected` (with `collect`: once the command has exited, the regular files of the first of `collect.dirs`
 *   that exists). With `control.first` the command starts after the first `write` is applied.
 *
 * The command gets neither descriptor (Node opens them close-on-exec), nor its stdin. It is run as
 * `node -e RELAY_SOURCE <spec JSON> <program> <args…>`; it loads nothing but Node's own modules.
 */
export interface RelaySpec {
  proxy?: { port: number; socketPath: string };
  inbound?: { fd: number; port: number };
  control?: { out: number; first: boolean };
  collect?: { dirs: string[]; maxFiles: number; maxBytes: number };
}

/** A message from the server to the relay (its stdin). */
export type RelayRequest =
  | { op: "write"; id: number; files: { path: string; content: string }[]; remove: string[] }
  | { op: "size"; id: number };

/** A message from the relay to the server (`control.out`). */
export type RelayMessage =
  | { op: "write"; id: number; errors: string[] }
  | { op: "size"; id: number; bytes: number }
  | { op: "listening"; port: number }
  | { op: "collected"; dir: string | null; files: { path: string; content: string }[]; error: string | null };

export const RELAY_SOURCE = `"use strict";
const net = require("node:net");
const fs = require("node:fs");
const { spawn } = require("node:child_process");
const { constants } = require("node:os");
const [specText, program, ...args] = process.argv.slice(1);
const spec = JSON.parse(specText);
const APP = "/app";
const join = (a, b) => {
  const end = () => { a.destroy(); b.destroy(); };
  a.on("error", end); b.on("error", end); a.on("close", end); b.on("close", end);
  a.pipe(b); b.pipe(a);
};
const out = spec.control ? new net.Socket({ fd: spec.control.out, readable: false, writable: true }) : null;
const send = (message) => { if (out) out.write(JSON.stringify(message) + "\\n"); };
const inApp = (p) => {
  if (typeof p !== "string" || !p || p.startsWith("/") || p.split("/").some((s) => s === "" || s === "." || s === ".."))
    throw new Error("not a path of the copy: " + JSON.stringify(p));
  return APP + "/" + p;
};
const write = (message) => {
  const errors = [];
  for (const p of message.remove || []) {
    try { fs.unlinkSync(inApp(p)); } catch (e) { if (e.code !== "ENOENT") errors.push(p + ": " + e.message); }
  }
  for (const f of message.files || []) {
    try {
      const target = inApp(f.path);
      fs.mkdirSync(target.slice(0, target.lastIndexOf("/")), { recursive: true });
      fs.writeFileSync(target, Buffer.from(f.content, "base64"));
    } catch (e) { errors.push(f.path + ": " + e.message); }
  }
  return errors;
};
const walk = (dir, visit) => {
  let entries = [];
  try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    const full = dir + "/" + e.name;
    if (e.isDirectory()) walk(full, visit); else if (e.isFile()) visit(full);
  }
};
const size = () => {
  let bytes = 0;
  walk(APP, (file) => { try { bytes += fs.lstatSync(file).size; } catch {} });
  return bytes;
};
const collect = () => {
  const c = spec.collect;
  for (const dir of c.dirs) {
    const root = inApp(dir);
    let stat;
    try { stat = fs.lstatSync(root); } catch { continue; }
    if (!stat.isDirectory()) continue;
    const files = [];
    let bytes = 0;
    let error = null;
    walk(root, (file) => {
      if (error) return;
      const content = fs.readFileSync(file);
      bytes += content.length;
      if (files.length >= c.maxFiles) error = "more than " + c.maxFiles + " files in " + dir;
      else if (bytes > c.maxBytes) error = "more than " + c.maxBytes + " bytes in " + dir;
      else files.push({ path: file.slice(root.length + 1), content: content.toString("base64") });
    });
    return { dir, files: error ? [] : files, error };
  }
  return { dir: null, files: [], error: null };
};
const hex = (text) => parseInt(text, 16);
const listeners = () => {
  const found = [];
  for (const [file, v6] of [["/proc/net/tcp", false], ["/proc/net/tcp6", true]]) {
    let text = "";
    try { text = fs.readFileSync(file, "utf8"); } catch { continue; }
    for (const line of text.split("\\n").slice(1)) {
      const cols = line.trim().split(/\\s+/);
      if (cols.length < 4 || cols[3] !== "0A") continue;
      const port = hex(cols[1].split(":")[1]);
      if (spec.proxy && port === spec.proxy.port) continue;
      found.push({ port, host: v6 ? "::1" : "127.0.0.1" });
    }
  }
  return found.sort((a, b) => a.port - b.port);
};
const target = () => {
  const all = listeners();
  return all.find((l) => l.port === spec.inbound.port) || all[0] || { port: spec.inbound.port, host: "127.0.0.1" };
};
const listening = [];
if (spec.proxy) {
  const server = net.createServer((socket) => join(socket, net.connect(spec.proxy.socketPath)));
  listening.push(new Promise((ready) => server.listen(spec.proxy.port, "127.0.0.1", ready)));
}
if (spec.inbound) {
  const server = net.createServer((socket) => {
    const to = target();
    join(socket, net.connect(to.port, to.host));
  });
  listening.push(new Promise((ready) => server.listen({ fd: spec.inbound.fd }, ready)));
  const watch = setInterval(() => {
    const found = listeners()[0];
    if (!found) return;
    clearInterval(watch);
    send({ op: "listening", port: target().port });
  }, 100);
}
let first = null;
const firstWrite = new Promise((resolve) => { first = resolve; });
if (spec.control) {
  let buffered = "";
  process.stdin.on("data", (chunk) => {
    buffered += chunk.toString("utf8");
    let at;
    while ((at = buffered.indexOf("\\n")) >= 0) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      let message;
      try { message = JSON.parse(line); } catch { continue; }
      if (message.op === "write") { send({ op: "write", id: message.id, errors: write(message) }); first(); }
      else if (message.op === "size") send({ op: "size", id: message.id, bytes: size() });
    }
  });
  process.stdin.on("error", () => {});
  if (!spec.control.first) first();
} else first();
const finish = (status) => {
  if (spec.collect) {
    let result;
    try { result = collect(); } catch (e) { result = { dir: null, files: [], error: e.message }; }
    send({ op: "collected", ...result });
  }
  if (out) out.end(() => process.exit(status)); else process.exit(status);
};
Promise.all([...listening, firstWrite]).then(() => {
  const env = { ...process.env };
  const child = spawn(program, args, { stdio: ["ignore", "inherit", "inherit"], env });
  child.on("error", (error) => { console.error(error.message); finish(127); });
  child.on("exit", (code, signal) => finish(code ?? 128 + (constants.signals[signal] || 0)));
  for (const s of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(s, () => child.kill(s));
});
`;
