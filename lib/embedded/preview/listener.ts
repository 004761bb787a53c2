import "server-only";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface PreviewListener {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  /** Stops taking connections and ends the idle ones; resolves once it is closed. */
  close(): Promise<void>;
}

/** The request as a fetch `Request`: GET and HEAD only are served, so the body is never read. */
function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const host = req.headers.host ?? "preview.invalid";
  return new Request(new URL(req.url ?? "/", `http://${host}`), { method: req.method ?? "GET", headers });
}

async function send(res: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(answer.status, headers);
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/**
 * The previews' own listener (PREVIEW_PORT): a plain Node HTTP server beside Next's, every request handed to
 * `handle` (the embedded service's preview origin). It answers 500 in plain text if `handle` throws.
 */
export function listenForPreviews(opts: {
  port: number;
  host?: string;
  handle: (req: Request) => Promise<Response>;
}): Promise<PreviewListener> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        await send(res, await opts.handle(toRequest(req)));
      } catch (error) {
        console.error("[preview] a request failed", error);
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("The preview could not be served.");
      }
    })();
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
          }),
      });
    });
  });
}
