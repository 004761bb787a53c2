import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A webhook target on a loopback port for specs: answers 200 to everything and keeps each event once, by its
 * Standard Webhooks `webhook-id` (retries of one delivery carry the same id). Not a spec file.
 */

export interface ReceivedEvent {
  id: string;
  type: string;
  chatId: string | undefined;
}

export interface HookReceiver {
  url: string;
  /** Distinct events in the order they first arrived. */
  events(): ReceivedEvent[];
  close(): Promise<void>;
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const byId = new Map<string, ReceivedEvent>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = String(req.headers["webhook-id"] ?? "");
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string; data?: { chatId?: string } };
        if (id && !byId.has(id)) byId.set(id, { id, type: body.type, chatId: body.data?.chatId });
      } catch {
        // not an event: ignored
      }
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    events: () => [...byId.values()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
