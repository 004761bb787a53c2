import "server-only";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { isPass, passRequest, passUpgrade, sendResponse, type PreviewAnswer } from "./pass";

export interface PreviewListener {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  /** Stops taking connections and ends the idle ones; resolves once it is closed. */
  close(): Promise<void>;
}

/**
 * The request as a fetch `Request`, without its body: the answer is decided by the headers, and a body only ever goes
 * to a running app, passed through as it came (pass.ts).
 */
function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const host = req.headers.host ?? "preview.invalid";
  return new Request(new URL(req.url ?? "/", `http://${host}`), { method: req.method ?? "GET", headers });
}

/**
 * The previews' own listener (PREVIEW_PORT): a plain Node HTTP server beside Next's, every request handed to
 * `handle` (the embedded service's preview origin), which answers it or passes it through to a chat's running app
 * (WebSocket upgrades too: hot reload). It answers 500 in plain text if `handle` throws.
 */
export function listenForPreviews(opts: {
  port: number;
  host?: string;
  handle: (req: Request) => Promise<PreviewAnswer>;
}): Promise<PreviewListener> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const answer = await opts.handle(toRequest(req));
        if (isPass(answer)) await passRequest(answer, req, res);
        else {
          req.resume();
          await sendResponse(res, answer);
        }
      } catch (error) {
        console.error("[preview] a request failed", error);
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("The preview could not be served.");
      }
    })();
  });
  server.on("upgrade", (req: IncomingMessage, socket, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    opts
      .handle(toRequest(req))
      .then((answer) => passUpgrade(answer, req, socket, head))
      .catch((error: unknown) => {
        console.error("[preview] an upgrade failed", error);
        socket.destroy();
      });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
            // Upgraded connections (hot reload) are not the server's to wait for.
            server.closeAllConnections();
          }),
      });
    });
  });
}
