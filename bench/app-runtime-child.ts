import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { listenForPreviews } from "../lib/embedded/preview/listener";
import { createEmbeddedService, type EmbeddedService } from "../lib/embedded/service";

/**
 * The app runtime bench's measuring process (bench/app-runtime.ts runs it with the `react-server` condition, which
 * `server-only` needs): an embedded service with its preview listener and the app runtime on; for each round a new
 * chat holding a zero-dependency Node server app, timed from the first preview request to the app's first answer,
 * then from a hand edit to the preview answering the edited text. Prints the samples as JSON.
 */
const [warmup, repeats] = process.argv.slice(2).map(Number) as [number, number];
const KEY = "sk_bench_app_runtime";
const cacheDir = mkdtempSync(path.join(tmpdir(), "atelier-bench-app-cache-"));

let svc: EmbeddedService | null = null;
const listener = await listenForPreviews({
  port: 0,
  host: "127.0.0.1",
  handle: (req) => svc!.handlePreview(req),
});
svc = await createEmbeddedService({
  apiKey: KEY,
  dataDir: "memory://",
  publicBaseUrl: "http://bench.test/svc",
  agentDelayMs: 0,
  previewOrigin: `http://*.localhost:${listener.port}`,
  appRuntime: { settings: { cacheDir, maxRunning: 2 }, ownPorts: [listener.port] },
});
const service = svc;

async function api(method: string, at: string, body?: unknown): Promise<unknown> {
  const res = await service.handle(
    new Request(`http://bench.test/svc${at}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  if (!res.ok) throw new Error(`${method} ${at}: ${res.status} ${await res.text()}`);
  return res.json();
}

function ask(host: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) =>
    http
      .get(
        { host: "127.0.0.1", port: listener.port, path: "/", headers: { host, "x-v0-preview-token": token } },
        (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode!, body }));
        },
      )
      .on("error", reject),
  );
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("the app did not answer within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const SERVER = `require("node:http").createServer((req, res) => res.end(require("node:fs").readFileSync("message.txt", "utf8"))).listen(Number(process.env.PORT), process.env.HOST);`;

const firstByte: number[] = [];
const edit: number[] = [];
for (let round = 0; round < warmup + repeats; round++) {
  const created = (await api("POST", "/v2/chats/from-files", {
    files: [
      { name: "package.json", content: JSON.stringify({ name: "bench", scripts: { start: "node server.js" } }) },
      { name: "server.js", content: SERVER },
      { name: "message.txt", content: "first" },
    ],
  })) as { chat: { id: string } };
  const chatId = created.chat.id;
  const preview = (await api("GET", `/v2/chats/${chatId}/preview`)) as { url: string; token: string };
  const host = new URL(preview.url).host;
  let start = performance.now();
  await until(async () => (await ask(host, preview.token)).status === 200);
  const opened = performance.now() - start;
  start = performance.now();
  await api("PATCH", `/v2/chats/${chatId}/files`, { files: [{ path: "message.txt", content: "second" }] });
  await until(async () => (await ask(host, preview.token)).body === "second");
  const edited = performance.now() - start;
  if (round >= warmup) {
    firstByte.push(opened);
    edit.push(edited);
  }
}
await service.close();
await listener.close();
rmSync(cacheDir, { recursive: true, force: true });
console.log(
  JSON.stringify([
    { label: "open the preview → the Node app's first answer", samples: firstByte },
    { label: "hand edit → the app answers the edited file", samples: edit },
  ]),
);
