import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatWithUsage, Message, v1 } from "@/lib/api";
import { MAX_ATTACHMENT_BYTES } from "@/lib/api/attachments/limits";
import { queryPgliteDir } from "@/lib/db/open";
import type { EmbeddedService } from "../service";
import { BASE, call, expectSchema, filesOf, messagesOf, request, startService } from "../test-support";

/** Attachments of prompts over HTTP: stored bytes served back without the key, links kept, refusals store nothing. */

// A 1×1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const zipOf = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files, { level: 9 })).toString("base64");

const dataDir = mkdtempSync(path.join(tmpdir(), "atelier-attachments-"));
let svc: EmbeddedService;
/** Attachments the accepted requests stored: the table must hold exactly these at the end. */
let storedExpected = 0;
beforeAll(async () => {
  svc = await startService({ dataDir });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function create(body: Record<string, unknown>) {
  const res = await call(svc, "POST", "/v2/chats", { body: { message: "A page /fast", ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat;
}

/** GET without any key, as a browser's <img> or link does. */
const fetchPublic = (url: string, method = "GET") => svc.handle(request(method, url, { auth: null }));

describe("attachments of a prompt", () => {
  let chatId = "";
  let listed: NonNullable<Message["attachments"]> = [];

  it("stores given bytes (data: URL or content), keeps links, lists them on the user message; the answer names each", async () => {
    const chat = await create({
      attachments: [
        { url: `data:text/plain;base64,${b64("Shopping list\nmilk\n")}`, name: "notes.txt" },
        { url: "https://example.com/shot.png", content: PNG, contentType: "image/png", type: "screenshot" },
        { url: "https://files.example.com/spec%20v2.pdf" },
      ],
    });
    chatId = chat.id;
    storedExpected += 2;
    const [assistant, user] = await messagesOf(svc, chatId);
    listed = user!.attachments!;
    expect(listed).toEqual([
      {
        url: expect.stringMatching(/^http:\/\/svc\.test\/svc\/attachments\/att_[A-Za-z0-9]{32}$/),
        name: "notes.txt",
        contentType: "text/plain",
        size: 19,
      },
      {
        url: expect.stringMatching(/^http:\/\/svc\.test\/svc\/attachments\/att_[A-Za-z0-9]{32}$/),
        name: "shot.png",
        contentType: "image/png",
        size: Buffer.from(PNG, "base64").length,
        type: "screenshot",
      },
      { url: "https://files.example.com/spec%20v2.pdf", name: "spec v2.pdf", contentType: "application/pdf" },
    ]);
    const text = assistant!
      .parts!.filter((p) => p.type === "text")
      .map((p) => (p as { text: string }).text)
      .join("");
    expect(text).toContain("I read all 3 attachments");
    expect(text).toContain("**notes.txt**: a text file (2 lines), beginning “Shopping list”");
    expect(text).toContain("**shot.png**: an image (image/png, 70 bytes)");
    expect(text).toContain("**spec v2.pdf**: a link (https://files.example.com/spec%20v2.pdf), named but not fetched");
  });

  it("serves stored bytes without a key: images inline, anything else as a download, nosniff and a sandbox CSP", async () => {
    const image = await fetchPublic(listed[1]!.url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).toString("base64")).toBe(PNG);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-disposition")).toBe(`inline; filename="shot.png"; filename*=UTF-8''shot.png`);
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-security-policy")).toMatch(/^sandbox /);

    const text = await fetchPublic(listed[0]!.url);
    expect(await text.text()).toBe("Shopping list\nmilk\n");
    expect(text.headers.get("content-disposition")).toMatch(/^attachment; filename="notes.txt"/);
    expect(text.headers.get("x-content-type-options")).toBe("nosniff");

    expect((await fetchPublic(listed[0]!.url, "HEAD")).headers.get("content-length")).toBe("19");
    expect((await fetchPublic(`${BASE}/attachments/att_${"x".repeat(32)}`)).status).toBe(404);
    expect((await fetchPublic(`${BASE}/attachments/../v2/chats`)).status).not.toBe(200);
    expect((await svc.handle(request("POST", listed[0]!.url, { auth: null }))).status).toBe(405);
  });

  it("v1 send takes attachments too; v1 messages list them with a size", async () => {
    const res = await call(svc, "POST", `/v1/chats/${chatId}/messages`, {
      body: { message: "Use this /fast", attachments: [{ url: `data:image/png;base64,${PNG}` }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    storedExpected += 1;
    const list = expectSchema(v1.MessageListV1, (await call(svc, "GET", `/v1/chats/${chatId}/messages`)).body);
    const user = list.data.find((m) => m.role === "user" && m.content === "Use this /fast")!;
    expect(user.attachments).toEqual([
      {
        url: expect.stringContaining("/attachments/att_"),
        name: "attachment-1.png",
        contentType: "image/png",
        size: 70,
      },
    ]);
  });

  it("a zip attachment adds its files to the chat before the answer; its version holds them", async () => {
    const zip = zipOf({
      "docs/readme.md": new TextEncoder().encode("# Docs\n"),
      "img/dot.png": new Uint8Array(Buffer.from(PNG, "base64")),
    });
    const res = await call(svc, "POST", `/v2/chats/${chatId}/messages`, {
      body: {
        message: "Add my files /fast",
        attachments: [{ url: "data:,", content: zip, name: "site.zip", type: "zip" }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    storedExpected += 1;
    const files = await filesOf(svc, chatId);
    expect(files.find((f) => f.path === "docs/readme.md")).toMatchObject({ content: "# Docs\n", encoding: "utf8" });
    expect(files.find((f) => f.path === "img/dot.png")).toMatchObject({ content: PNG, encoding: "base64" });
    const answer = expectSchema(Message, res.body);
    expect(answer.parts!.map((p) => (p as { text?: string }).text ?? "").join("")).toContain(
      "**site.zip**: a zip archive",
    );
  });
});

describe("refusals store nothing", () => {
  let chatId = "";
  beforeAll(async () => {
    chatId = (await create({})).id;
  });

  const refusals: Array<[string, number, unknown[]]> = [
    ["11 attachments", 422, Array.from({ length: 11 }, () => ({ url: "https://example.com/a.png" }))],
    [
      "one byte over 3 MB",
      413,
      [
        { url: "https://example.com/ok.txt", content: b64("ok") },
        { url: "data:,", name: "big.bin", content: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1).toString("base64") },
      ],
    ],
    ["content that is not base64", 422, [{ url: "https://example.com/a.txt", content: "not base64!" }]],
    ["a URL that is neither http(s) nor data:", 422, [{ url: "javascript:alert(1)" }]],
    [
      "a zip with a ../ entry",
      422,
      [
        {
          url: "data:,",
          name: "evil.zip",
          type: "zip",
          content: zipOf({ "../escape.txt": new TextEncoder().encode("x") }),
        },
      ],
    ],
    [
      "a zip bomb (30 MB of zeros in 30 KB)",
      413,
      [
        {
          url: "data:,",
          name: "bomb.zip",
          type: "zip",
          content: zipOf({ "zeros.bin": new Uint8Array(30 * 1024 * 1024) }),
        },
      ],
    ],
    [
      "a file that is no zip archive",
      422,
      [{ url: "data:,", name: "broken.zip", type: "zip", content: b64("PK not really") }],
    ],
  ];

  for (const [what, status, attachments] of refusals) {
    it(`${what}: ${status}, no message, no file`, async () => {
      const before = { messages: await messagesOf(svc, chatId), files: await filesOf(svc, chatId) };
      for (const path of [`/v2/chats/${chatId}/messages`, `/v1/chats/${chatId}/messages`]) {
        const res = await call(svc, "POST", path, { body: { message: "With files", attachments } });
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
      }
      expect(await messagesOf(svc, chatId)).toEqual(before.messages);
      expect(await filesOf(svc, chatId)).toEqual(before.files);
    });
  }

  it("the attachments table holds only what accepted requests stored", async () => {
    await svc.close();
    const [row] = await queryPgliteDir<{ n: number }>(path.join(dataDir, "pglite"), {
      sql: "select count(*)::int as n from attachments",
      params: [],
    });
    expect(row!.n).toBe(storedExpected);
  });
});
