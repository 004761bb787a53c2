import "server-only";
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import net from "node:net";
import type { Duplex } from "node:stream";
import { FORWARDED_HEADER } from "../runtime/forward";
import { withReporter } from "./reporter";

/**
 * A preview request passed through to a chat's running app as it came (body, method, WebSocket upgrade), over the unix
 * socket that reaches its port in the sandbox, or forwarded to the preview listener of the instance that runs the app
 * (its address recorded in the database by that instance, never taken from a request: runtime/store.ts). What the
 * preview origin answers is a Response (files, refusals, the app's state pages) or one of these.
 */
export interface PreviewPass {
  pass: true;
  /** The app's socket (SandboxProcess.socketPath), or another instance's preview listener (forwarded). */
  to: { socketPath: string } | { host: string; port: number };
  /**
   * Forwarded to another instance: this signature goes in the `x-atelier-forwarded` header and the request's own
   * credentials (token, cookie) are kept, as that instance checks them again (runtime/forward.ts).
   */
  forwarded?: string;
  /** The Host header sent (dev servers accept `localhost`); unset: the request's own. */
  host?: string;
  /** The preview origin's headers added to the answers: `content-security-policy` is added beside the app's own. */
  headers: Record<string, string>;
  /** HTML pages get the reporter (its nonce'd script first, its `script-src` added to our policy). */
  reporter: boolean;
  /** A request is a view of the app; an upgraded connection is one while it stays open: call the result when done. */
  viewing(): () => void;
}

export type PreviewAnswer = Response | PreviewPass;

export const isPass = (answer: PreviewAnswer): answer is PreviewPass => !(answer instanceof Response);

/** `viewing()`'s end, once however many ways a connection ends. */
function viewingOnce(pass: PreviewPass): () => void {
  const done = pass.viewing();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    done();
  };
}

/** The largest HTML page the reporter is put into (bigger ones pass unchanged). */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer"]);
const COOKIE = "atelier_preview";
const TOKEN_HEADER = "x-v0-preview-token";

/** The request's headers as sent on: Host set, the preview's own credentials kept from the app, compression off. */
function headersFor(
  pass: PreviewPass,
  headers: IncomingHttpHeaders,
  upgrade: boolean,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || (!upgrade && HOP_BY_HOP.has(name))) continue;
    out[name] = value;
  }
  if (pass.forwarded) {
    out[FORWARDED_HEADER] = pass.forwarded;
    if (!upgrade) out["accept-encoding"] = "identity";
    return out;
  }
  delete out[FORWARDED_HEADER];
  if (pass.host) {
    out["x-forwarded-host"] = headers.host ?? "";
    out.host = pass.host;
  }
  delete out[TOKEN_HEADER];
  if (typeof out.cookie === "string") {
    const kept = out.cookie
      .split(";")
      .map((c) => c.trim())
      .filter((c) => c && !c.startsWith(`${COOKIE}=`));
    if (kept.length) out.cookie = kept.join("; ");
    else delete out.cookie;
  }
  // The reporter is put into pages as text: ask the app for them uncompressed.
  if (!upgrade) out["accept-encoding"] = "identity";
  return out;
}

/** The response's headers with ours: our policy beside the app's, the rest only where the app set none. */
function responseHeaders(pass: PreviewPass, res: IncomingMessage, scriptSrc: string | null) {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    out[name] = value;
  }
  for (const [name, value] of Object.entries(pass.headers)) {
    if (name === "content-security-policy") {
      const ours = scriptSrc ? `${value}; ${scriptSrc}` : value;
      const theirs = out[name];
      out[name] = theirs === undefined ? ours : [...(Array.isArray(theirs) ? theirs : [theirs]), ours];
    } else if (out[name] === undefined) out[name] = value;
  }
  return out;
}

/** Where to connect: the app's socket or the other instance's listener. */
const target = (pass: PreviewPass) =>
  "socketPath" in pass.to ? { socketPath: pass.to.socketPath } : { host: pass.to.host, port: pass.to.port };
const connect = (pass: PreviewPass) =>
  "socketPath" in pass.to ? net.connect({ path: pass.to.socketPath }) : net.connect(pass.to);

const isPage = (res: IncomingMessage) =>
  /^text\/html\b/i.test(String(res.headers["content-type"] ?? "")) && !res.headers["content-encoding"];

/**
 * Passes an HTTP request through (the listener's plain requests): the body streams to the target and the answer
 * back, an HTML page with the reporter put in. Resolves once the answer has been sent or failed.
 */
export function passRequest(pass: PreviewPass, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const done = viewingOnce(pass);
  return new Promise<void>((resolve) => {
    const upstream = http.request({
      ...target(pass),
      method: req.method,
      path: req.url,
      headers: headersFor(pass, req.headers, false),
    });
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      done();
      resolve();
    };
    upstream.on("error", () => fail(res, finish));
    upstream.on("response", (answer) => {
      if (pass.reporter && isPage(answer) && req.method !== "HEAD") {
        void withPage(answer, (html) => {
          const page = html === null ? null : withReporter(html);
          const headers = responseHeaders(pass, answer, page?.scriptSrc ?? null);
          const body = page ? Buffer.from(page.html, "utf8") : Buffer.alloc(0);
          headers["content-length"] = String(body.length);
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
          res.end(body);
          finish();
        });
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(pass, answer, null));
      answer.pipe(res);
      answer.on("end", finish);
      answer.on("error", () => fail(res, finish));
      res.on("close", () => {
        answer.destroy();
        finish();
      });
    });
    req.pipe(upstream);
  });
}

/** Reads an HTML page whole (null past MAX_PAGE_BYTES: too big to change; sent as it is, cut). */
function withPage(answer: IncomingMessage, then: (html: string | null) => void): Promise<void> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    answer.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PAGE_BYTES) chunks.push(chunk);
    });
    answer.on("end", () => {
      then(size <= MAX_PAGE_BYTES ? Buffer.concat(chunks).toString("utf8") : null);
      resolve();
    });
    answer.on("error", () => {
      then(null);
      resolve();
    });
  });
}

function fail(res: ServerResponse, finish: () => void): void {
  if (!res.headersSent) {
    res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
    res.end("The app did not answer: it may have stopped. Its state and log are in the dashboard's Preview tab.");
  } else res.destroy();
  finish();
}

/** Sends a fetch Response on a Node response (the listener's answers that are not passed). */
export async function sendResponse(res: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(answer.status, headers);
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/** Writes a fetch Response on a raw socket (an upgrade refused) and closes it. */
async function refuseUpgrade(socket: Duplex, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const lines = [`HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status] ?? ""}`];
  answer.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  lines.push(`content-length: ${body.length}`, "connection: close", "", "");
  socket.end(Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), body]));
}

/**
 * Passes an upgrade (a WebSocket: Vite's hot reload) through: the request's head is written to the target as it came
 * (Host and credentials as for requests) and the bytes flow both ways until either side closes. The app counts as
 * viewed while it stays open.
 */
export async function passUpgrade(answer: PreviewAnswer, req: IncomingMessage, socket: Duplex, head: Buffer) {
  if (!isPass(answer)) return refuseUpgrade(socket, answer);
  const pass = answer;
  const upstream = connect(pass);
  const done = viewingOnce(pass);
  const end = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on("connect", () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (const [name, value] of Object.entries(headersFor(pass, req.headers, true)))
      for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on("error", end);
  upstream.on("close", () => {
    done();
    socket.destroy();
  });
  socket.on("error", end);
  socket.on("close", end);
}

/**
 * A pass as a fetch Response (callers without a listener: `handlePreview`, tests): the request's body is not passed
 * (GET-like requests), and no upgrade.
 */
export function passAsResponse(pass: PreviewPass, req: Request): Promise<Response> {
  return new Promise((resolve) => {
    const headers: IncomingHttpHeaders = {};
    req.headers.forEach((value, name) => (headers[name] = value));
    const url = new URL(req.url);
    const done = viewingOnce(pass);
    const upstream = http.request({
      ...target(pass),
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers: headersFor(pass, headers, false),
    });
    upstream.on("error", () => {
      done();
      resolve(new Response("The app did not answer.", { status: 502 }));
    });
    upstream.on("response", (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (c: Buffer) => chunks.push(c));
      answer.on("end", () => {
        done();
        let body = Buffer.concat(chunks);
        let scriptSrc: string | null = null;
        if (pass.reporter && isPage(answer)) {
          const page = withReporter(body.toString("utf8"));
          body = Buffer.from(page.html, "utf8");
          scriptSrc = page.scriptSrc;
        }
        const out = new Headers();
        for (const [name, value] of Object.entries(responseHeaders(pass, answer, scriptSrc)))
          for (const one of Array.isArray(value) ? value : [value]) out.append(name, one);
        out.delete("content-length");
        const nullBody = req.method === "HEAD" || [204, 304].includes(answer.statusCode ?? 0);
        resolve(
          new Response(nullBody ? null : new Uint8Array(body), { status: answer.statusCode ?? 502, headers: out }),
        );
      });
    });
    upstream.end();
  });
}
