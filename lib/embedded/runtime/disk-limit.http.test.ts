import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, Preview } from "@/lib/api";
import { listenForPreviews, type PreviewListener } from "../preview/listener";
import type { PreviewAnswer } from "../preview/pass";
import { bwrapUnavailable, killAll } from "../sandbox/test-support";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService, waitFor } from "../test-support";
import { RESTART_PATH } from "./status-page";

/**
 * The disk limit of a running app (APP_DISK_MB, issue 41), over real HTTP: an app that fills its copy past the limit
 * is stopped with a state saying so, its copy removed; Restart copies and starts it again.
 */
const MARK = `atelier-disk-${process.pid}-${Date.now()}`;
const SERVER = `
const http = require("node:http");
const fs = require("node:fs");
http.createServer((req, res) => {
  if (req.url === "/fill") {
    fs.writeFileSync("filled.bin", Buffer.alloc(6 * 1024 * 1024, 1));
    res.end("filled");
    return;
  }
  res.end("small: " + fs.existsSync("filled.bin"));
}).listen(Number(process.env.PORT), process.env.HOST);
`;

let svc: EmbeddedService;
let listener: PreviewListener;
const cacheDir = mkdtempSync(path.join(tmpdir(), "atelier-disk-cache-"));

beforeAll(async () => {
  let handle: (req: Request) => Promise<PreviewAnswer> = async () => new Response(null, { status: 503 });
  listener = await listenForPreviews({ port: 0, host: "127.0.0.1", handle: (req) => handle(req) });
  svc = await startService({
    previewOrigin: `http://*.localhost:${listener.port}`,
    appRuntime: {
      settings: { cacheDir, startTimeoutMs: 20_000, limits: { diskMb: 3 }, diskCheckMs: 200 },
      ownPorts: [listener.port],
    },
  });
  handle = (req) => svc.handlePreview(req);
});
afterAll(async () => {
  await svc?.close();
  await listener?.close();
  killAll(MARK);
  rmSync(cacheDir, { recursive: true, force: true });
});

function ask(
  chat: { host: string; token: string },
  at: string,
): Promise<{ status: number; state: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: "127.0.0.1",
          port: listener.port,
          path: at,
          headers: { host: chat.host, "x-v0-preview-token": chat.token },
        },
        (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () =>
            resolve({ status: res.statusCode!, state: String(res.headers["x-atelier-app-state"] ?? ""), body }),
          );
        },
      )
      .on("error", reject);
  });
}

describe.skipIf(bwrapUnavailable)("a running app over its disk limit", () => {
  test("is stopped with a state saying so, its copy removed; Restart brings it back with a fresh copy", async () => {
    const files = [
      { name: "package.json", content: JSON.stringify({ name: "app", scripts: { start: `node ${MARK}.js` } }) },
      { name: `${MARK}.js`, content: SERVER },
    ];
    const created = await call(svc, "POST", "/v2/chats/from-files", { body: { files } });
    const chatId = expectSchema(ChatWithUsage, created.body).chat.id;
    const preview = expectSchema(Preview, (await call(svc, "GET", `/v2/chats/${chatId}/preview`)).body)!;
    const chat = { host: new URL(preview.url).host, token: preview.token! };
    const served = await waitFor(async () => {
      const res = await ask(chat, "/");
      return res.status === 200 ? res : undefined;
    }, 30_000);
    expect(served.body).toBe("small: false");

    expect((await ask(chat, "/fill")).body).toBe("filled");
    const stopped = await waitFor(async () => {
      const res = await ask(chat, "/");
      return res.state === "crashed" ? res : undefined;
    }, 30_000);
    expect(stopped.status).toBe(502);
    expect(stopped.body).toContain("over its disk limit of 3 MB (APP_DISK_MB)");
    expect(stopped.body).toMatch(/its copy and HOME use \d+ MB\. Its copy was removed; Restart installs it again\./);

    await ask(chat, RESTART_PATH);
    const back = await waitFor(async () => {
      const res = await ask(chat, "/");
      return res.status === 200 ? res : undefined;
    }, 30_000);
    // A fresh copy: the file that filled it is gone.
    expect(back.body).toBe("small: false");
  });
});
