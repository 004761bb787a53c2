import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { createEmbeddedService } from "./service";

/**
 * One embedded-service instance as a process of its own, for tests that kill it (kill -9 mid-answer, right after an
 * answer) while another instance on the same PostgreSQL database goes on: `node --import tsx --conditions
 * react-server lib/embedded/instance-process.ts`. Reads INSTANCE_DATABASE_URL, INSTANCE_API_KEY,
 * INSTANCE_LEASE_MS and INSTANCE_DELAY_MS; serves `/svc/...` on a free loopback port and prints `{"port": n}` once
 * ready. Not a test file, and not part of the app.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const server = createServer((req, res) => void answer(req, res));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;
const base = `http://127.0.0.1:${port}/svc`;
const service = await createEmbeddedService({
  apiKey: env("INSTANCE_API_KEY"),
  dataDir: "memory://",
  databaseUrl: env("INSTANCE_DATABASE_URL"),
  publicBaseUrl: base,
  agentDelayMs: Number(process.env.INSTANCE_DELAY_MS ?? 0),
  generationLeaseMs: Number(process.env.INSTANCE_LEASE_MS ?? 15_000),
  webhookRetrySchedule: [200, 200, 200],
  // A delivery this process took when it was killed is retried by another instance soon after.
  webhookTimeoutMs: 1000,
  // The tests' webhook receivers listen on 127.0.0.1.
  fetchAllowPrivate: true,
});
console.log(JSON.stringify({ port }));

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const response = await service.handle(
      new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(response.body as never).pipe(res);
    else res.end();
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  }
}
