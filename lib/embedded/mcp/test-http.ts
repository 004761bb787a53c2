import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { EmbeddedService } from "../service";
import { TEST_KEY } from "../test-support";

/**
 * Serves an embedded service over real HTTP on a loopback port, for tests whose peers call it back (the OAuth
 * provider's redirect, followed by a real GET). Not a test file. The service is created once the port is known.
 */
export async function serveOverHttp(
  create: (publicBaseUrl: string) => Promise<EmbeddedService>,
): Promise<{ baseUrl: string; service: EmbeddedService; close(): Promise<void> }> {
  let service: EmbeddedService | null = null;
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const method = req.method ?? "GET";
      const request = new Request(`${origin}${req.url ?? "/"}`, {
        method,
        headers: toHeaders(req.headers),
        body: method === "GET" || method === "HEAD" || !chunks.length ? undefined : Buffer.concat(chunks),
      });
      const response = await service!.handle(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) for await (const chunk of response.body) res.write(chunk);
      res.end();
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const baseUrl = `${origin}/svc`;
  service = await create(baseUrl);
  const svc = service;
  return {
    baseUrl,
    service: svc,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await svc.close();
    },
  };
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    for (const value of Array.isArray(v) ? v : [v]) headers.append(k, value);
  }
  return headers;
}

/** A request to a service served over HTTP with the test key; the body text is also pushed to `texts` (redaction checks). */
export async function callOverHttp(
  baseUrl: string,
  method: string,
  p: string,
  body: unknown,
  texts: string[],
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}${p}`, {
    method,
    headers: {
      authorization: `Bearer ${TEST_KEY}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  texts.push(text);
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}
