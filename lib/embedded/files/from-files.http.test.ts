import { describe, expect, test } from "vitest";
import { ChatFiles, ChatList, ChatWithUsage, ErrorV2, MessageList } from "@/lib/api";
import { call, expectSchema, serviceForFile } from "../test-support";

/** POST /v2/chats/from-files (the document's) through real Requests. */
const svc = serviceForFile();

const fromFiles = (body: unknown) => call(svc, "POST", "/v2/chats/from-files", { body });
const chatCount = async () => expectSchema(ChatList, (await call(svc, "GET", "/v2/chats?limit=100")).body).chats.length;

describe("POST /v2/chats/from-files", () => {
  test("a chat holding exactly those files, with the given title, privacy and metadata, no message, zero usage", async () => {
    const res = await fromFiles({
      files: [
        { name: "index.html", content: "<h1>Hi</h1>\n" },
        { name: "css/site.css", content: "h1 { color: teal; }\n" },
      ],
      title: "Seeded site",
      privacy: "team",
      metadata: { source: "upload" },
    });
    expect(res.status).toBe(200);
    const { chat, usage } = expectSchema(ChatWithUsage, res.body);
    expect(chat).toMatchObject({ title: "Seeded site", privacy: "team", metadata: { source: "upload" } });
    expect(usage.tokens.total).toBe(0);
    const files = expectSchema(ChatFiles, (await call(svc, "GET", `/v2/chats/${chat.id}/files`)).body).files;
    expect(files.map((f) => [f.path, f.content, (f as { locked?: boolean }).locked ?? false]).sort()).toEqual([
      ["css/site.css", "h1 { color: teal; }\n", false],
      ["index.html", "<h1>Hi</h1>\n", false],
    ]);
    expect(expectSchema(MessageList, (await call(svc, "GET", `/v2/chats/${chat.id}/messages`)).body).messages).toEqual(
      [],
    );
    // The agent works on them next.
    const next = await call(svc, "POST", `/v2/chats/${chat.id}/messages`, {
      body: { message: "Update css/site.css with a footer style /fast" },
    });
    expect(next.status).toBe(200);
  });

  test("without a title: named after the import", async () => {
    const res = await fromFiles({ files: [{ name: "a.txt", content: "a" }] });
    expect(expectSchema(ChatWithUsage, res.body).chat.title).toBe("Imported files (1)");
  });

  test.each([
    ["no files", { files: [] }],
    ["21 files", { files: Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.txt`, content: "x" })) }],
    ["an unknown key", { files: [{ name: "a.txt", content: "a" }], prompt: "hi" }],
    ["a file without content", { files: [{ name: "a.txt" }] }],
    ["a bad privacy", { files: [{ name: "a.txt", content: "a" }], privacy: "secret" }],
    ["a path escaping the project", { files: [{ name: "../etc/passwd", content: "a" }] }],
    [
      "the same path twice",
      {
        files: [
          { name: "a.txt", content: "a" },
          { name: "a.txt", content: "b" },
        ],
      },
    ],
  ])("%s: 422 in the error shape; no chat is made", async (_name, body) => {
    const before = await chatCount();
    const res = await fromFiles(body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(expectSchema(ErrorV2, res.body).message.length).toBeGreaterThan(0);
    expect(await chatCount()).toBe(before);
  });
});
