import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatList, ChatWithUsage, ErrorV2 } from "@/lib/api";
import type { EmbeddedService } from "../service";
import { call, expectSchema, filesOf, startService } from "../test-support";

/**
 * POST /v2/chats/from-zip against archives served by a local HTTP server (EMBEDDED_FETCH_ALLOW_PRIVATE=1 lets the
 * service reach it, except in the test proving the refusal): the import limits, a `../` entry, zip bombs.
 */
let svc: EmbeddedService;
let server: Server;
let base: string;
const archives = new Map<string, Uint8Array>();

/** Sets the uncompressed size of every entry, in the local headers and the central directory, to `size`. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, size, true);
    else if (sig === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

beforeAll(async () => {
  process.env.EMBEDDED_FETCH_ALLOW_PRIVATE = "1";
  svc = await startService();
  archives.set(
    "/site.zip",
    zipSync({
      "site-main/index.html": strToU8("<h1>Zipped</h1>\n"),
      "site-main/css/site.css": strToU8("h1 { color: teal; }\n"),
      "site-main/img/dot.bin": new Uint8Array([0, 200, 3]),
    }),
  );
  archives.set("/climb.zip", zipSync({ "ok.txt": strToU8("ok"), "../evil.txt": strToU8("evil") }));
  archives.set("/absolute.zip", zipSync({ "/etc/passwd": strToU8("root") }));
  archives.set("/big.zip", zipSync({ "big.txt": new Uint8Array(3 * 1024 * 1024 + 1) }, { level: 9 }));
  // 64 MB of zeros in ~64 KB that says it holds 10 bytes: only inflating under the cap stops it.
  archives.set("/bomb.zip", lieAboutSizes(zipSync({ "bomb.txt": new Uint8Array(64 * 1024 * 1024) }, { level: 9 }), 10));
  archives.set(
    "/many.zip",
    zipSync(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}.txt`, strToU8("x")]))),
  );
  archives.set("/not-a-zip.zip", strToU8("this is not an archive"));
  server = createServer((req, res) => {
    const body = archives.get(req.url ?? "");
    if (!body) return void res.writeHead(404).end("no such file");
    res.writeHead(200, { "content-type": "application/zip" }).end(Buffer.from(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.EMBEDDED_FETCH_ALLOW_PRIVATE;
  await svc.close();
  await new Promise((resolve) => server.close(resolve));
});

const fromZip = (url: string) => call(svc, "POST", "/v2/chats/from-zip", { body: { url } });
const chatCount = async () => expectSchema(ChatList, (await call(svc, "GET", "/v2/chats?limit=100")).body).chats.length;

describe("POST /v2/chats/from-zip", () => {
  test("the archive's files (its one top folder dropped, a binary file as base64) in a new chat", async () => {
    const res = await fromZip(`${base}/site.zip`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { chat } = expectSchema(ChatWithUsage, res.body);
    expect(chat.title).toBe("Imported site");
    const files = await filesOf(svc, chat.id);
    expect(Object.fromEntries(files.map((f) => [f.path, f.content]))).toEqual({
      "index.html": "<h1>Zipped</h1>\n",
      "css/site.css": "h1 { color: teal; }\n",
      "img/dot.bin": Buffer.from([0, 200, 3]).toString("base64"),
    });
  });

  test.each([
    ["a ../ entry", "/climb.zip", /"\.\.\/evil\.txt" is not a relative path/],
    ["an absolute entry", "/absolute.zip", /"\/etc\/passwd" is not a relative path/],
    ["a file over 3 MB", "/big.zip", /big\.txt is larger than the 3 MB/],
    ["a zip bomb whose directory lies about sizes", "/bomb.zip", /bomb\.txt is larger than the 3 MB/],
    ["1,001 files", "/many.zip", /more than 1000 files/],
    ["not an archive", "/not-a-zip.zip", /not a readable zip archive|holds no files/],
    ["a 404", "/missing.zip", /answered 404/],
  ])("%s → 422 saying which, nothing stored", async (_what, path, message) => {
    const before = await chatCount();
    const res = await fromZip(`${base}${path}`);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(expectSchema(ErrorV2, res.body).message).toMatch(message);
    expect(await chatCount()).toBe(before);
  });

  test("an unreachable host → 422", async () => {
    const res = await fromZip("http://127.0.0.1:9/x.zip");
    expect(res.status).toBe(422);
    expect(expectSchema(ErrorV2, res.body).message).toMatch(/cannot be reached/);
  });

  test("without EMBEDDED_FETCH_ALLOW_PRIVATE the local server is never asked", async () => {
    delete process.env.EMBEDDED_FETCH_ALLOW_PRIVATE;
    try {
      const res = await fromZip(`${base}/site.zip`);
      expect(res.status).toBe(422);
      expect(expectSchema(ErrorV2, res.body).message).toMatch(/127\.0\.0\.1 is not a public host/);
    } finally {
      process.env.EMBEDDED_FETCH_ALLOW_PRIVATE = "1";
    }
  });
});
