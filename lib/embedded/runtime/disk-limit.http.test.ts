import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PreviewListener } from "../preview/listener";
import { bwrapUnavailable, killAll } from "../sandbox/test-support";
import type { EmbeddedService } from "../service";
import { waitFor } from "../test-support";
import { RESTART_PATH } from "./status-page";
import { askPreview, previewChat, startPreviewService, type PreviewTarget } from "./test-support";

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
  ({ svc, listener } = await startPreviewService((port) => ({
    appRuntime: {
      settings: { cacheDir, startTimeoutMs: 20_000, limits: { diskMb: 3 }, diskCheckMs: 200 },
      ownPorts: [port],
    },
  })));
});
afterAll(async () => {
  await svc?.close();
  await listener?.close();
  killAll(MARK);
  rmSync(cacheDir, { recursive: true, force: true });
});

async function ask(chat: PreviewTarget, at: string) {
  const res = await askPreview(chat, at);
  return { ...res, state: String(res.headers["x-atelier-app-state"] ?? "") };
}

describe.skipIf(bwrapUnavailable)("a running app over its disk limit", () => {
  test("is stopped with a state saying so, its copy removed; Restart brings it back with a fresh copy", async () => {
    const files = [
      { name: "package.json", content: JSON.stringify({ name: "app", scripts: { start: `node ${MARK}.js` } }) },
      { name: `${MARK}.js`, content: SERVER },
    ];
    const chat = await previewChat(svc, listener.port, files);
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
