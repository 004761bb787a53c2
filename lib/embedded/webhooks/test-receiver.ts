import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A real HTTP receiver on a loopback port for webhook tests (not a test file itself). */

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface TestReceiver {
  url: string;
  port: number;
  received: Received[];
  /** Decides the answer to the n-th request (0-based); default 200. */
  reply: (n: number, req: Received) => Reply;
  close(): Promise<void>;
}

export async function startReceiver(
  opts: { port?: number; reply?: TestReceiver["reply"] } = {},
): Promise<TestReceiver> {
  const received: Received[] = [];
  const receiver: TestReceiver = {
    url: "",
    port: 0,
    received,
    reply: opts.reply ?? (() => ({ status: 200, body: "ok" })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const got: Received = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      const n = received.length;
      received.push(got);
      const answer = receiver.reply(n, got);
      setTimeout(() => {
        res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
        res.end(answer.body ?? "");
      }, answer.delayMs ?? 0);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}/hook`;
  const close = receiver.close;
  receiver.close = () => {
    server.closeAllConnections();
    return close();
  };
  return receiver;
}

/** A loopback port with nothing listening on it (a receiver that is down). */
export async function freePort(): Promise<number> {
  const r = await startReceiver();
  await r.close();
  return r.port;
}
