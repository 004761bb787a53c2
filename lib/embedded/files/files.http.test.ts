import { describe, expect, test } from "vitest";
import { Chat, ChatFiles, ChatWithUsage, ErrorV2, HostProject, Message, Preview, type Part } from "@/lib/api";
import { ChatV1, ErrorV1, VersionListV1, VersionV1 } from "@/lib/api/schemas/v1";
import { unzipSync } from "fflate";
import { call, expectSchema, openPreview, request, serviceForFile, startService, waitFor } from "../test-support";

/**
 * Files, versions, locks, interface.md Part 8 limits and the host project, through real Requests; every body is
 * checked against the lib/api schemas.
 */
const svc = serviceForFile();

const MB3 = 3 * 1024 * 1024;

async function newChat(message: string): Promise<string> {
  const res = await call(svc, "POST", "/v2/chats", { body: { message } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat.id;
}
const filesOf = async (chatId: string) =>
  expectSchema(ChatFiles, (await call(svc, "GET", `/v2/chats/${chatId}/files`)).body).files;
const chatV1 = async (chatId: string) => expectSchema(ChatV1, (await call(svc, "GET", `/v1/chats/${chatId}`)).body);
const send = async (chatId: string, message: string) => {
  const res = await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(Message, res.body);
};
const patch = (chatId: string, versionId: string, files: { name: string; content: string; locked: boolean }[]) =>
  call(svc, "PATCH", `/v1/chats/${chatId}/versions/${versionId}`, { body: { files } });
const initFiles = (files: { name: string; content: string }[]) =>
  call(svc, "POST", "/v1/chats", { body: { type: "files", files, initialContext: "seeded" } });
const textOf = (parts: readonly Part[]) =>
  parts
    .filter((p) => p.type === "text")
    .map((p) => (p as { text: string }).text)
    .join("\n");

function expectError(res: { status: number; body: unknown }, status: number, version: "v1" | "v2", code?: string) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
  if (version === "v2") return expectSchema(ErrorV2, res.body).message;
  const body = expectSchema(ErrorV1, res.body);
  if (code) expect(body.error.code).toBe(code);
  return body.error.message;
}

describe("GET /v2/chats/{chatId}/files", () => {
  test("text files are utf8; /image adds public/og.png, a real PNG in base64, served by the preview", async () => {
    const chatId = await newChat("A landing page for a bakery /image");
    const files = await filesOf(chatId);
    expect(files.map((f) => [f.path, f.encoding])).toEqual([
      ["app.js", "utf8"],
      ["index.html", "utf8"],
      ["public/og.png", "base64"],
      ["styles.css", "utf8"],
    ]);
    const png = Buffer.from(files.find((f) => f.path === "public/og.png")!.content, "base64");
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.readUInt32BE(16)).toBe(240); // IHDR width
    expect(png.subarray(png.length - 8, png.length - 4).toString("ascii")).toBe("IEND");

    const message = expectSchema(
      Message,
      ((await call(svc, "GET", `/v2/chats/${chatId}/messages?limit=1`)).body as { messages: unknown[] }).messages[0],
    );
    expect(message.parts!.filter((p) => p.type === "file-edit").map((p) => (p as { path: string }).path)).toContain(
      "public/og.png",
    );

    const res = await openPreview(svc, chatId, "public/og.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    // The v1 version carries the same base64 content.
    expect((await chatV1(chatId)).latestVersion!.files.find((f) => f.name === "public/og.png")!.content).toBe(
      png.toString("base64"),
    );
  });

  test("an unknown chat is 404 in the v2 shape", async () => {
    expectError(await call(svc, "GET", "/v2/chats/chat_missing/files"), 404, "v2");
  });
});

describe("versions", () => {
  test("every message that changes files makes a new completed version; GET /v1/chats carries the latest", async () => {
    const chatId = await newChat("A recipe box");
    const first = (await chatV1(chatId)).latestVersion!;
    expect(first).toMatchObject({ object: "version", status: "completed" });
    expect(first.demoUrl).toMatch(/\/__atelier\/handoff\?token=/);
    expect(first.files.map((f) => f.name)).toEqual(["app.js", "index.html", "styles.css"]);
    expect(first.files.every((f) => f.object === "file" && f.locked === false)).toBe(true);

    await send(chatId, "Add a dark mode");
    const second = (await chatV1(chatId)).latestVersion!;
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe("completed");
    expect(second.files.find((f) => f.name === "styles.css")!.content).not.toBe(
      first.files.find((f) => f.name === "styles.css")!.content,
    );
    // The older version keeps its snapshot and no longer has the preview link.
    const old = expectSchema(VersionV1, (await call(svc, "GET", `/v1/chats/${chatId}/versions/${first.id}`)).body);
    expect(old.files).toEqual(first.files);
    expect(old.demoUrl).toBeUndefined();

    const list = expectSchema(VersionListV1, (await call(svc, "GET", `/v1/chats/${chatId}/versions`)).body);
    expect(list.data.map((v) => v.id)).toEqual([second.id, first.id]);
    expect(list.data[0]).not.toHaveProperty("files");
    const page = expectSchema(VersionListV1, (await call(svc, "GET", `/v1/chats/${chatId}/versions?limit=1`)).body);
    expect(page.data.map((v) => v.id)).toEqual([second.id]);
    const rest = expectSchema(
      VersionListV1,
      (await call(svc, "GET", `/v1/chats/${chatId}/versions?limit=1&cursor=${page.cursor}`)).body,
    );
    expect(rest).toMatchObject({ data: [{ id: first.id }], cursor: null });
  });

  test("/fail makes a failed version (files unchanged); a message asking the user makes none", async () => {
    const chatId = await newChat("A blog");
    const before = (await chatV1(chatId)).latestVersion!;
    await send(chatId, "More posts /fail");
    const failed = (await chatV1(chatId)).latestVersion!;
    expect(failed.id).not.toBe(before.id);
    expect(failed.status).toBe("failed");
    expect(failed.demoUrl).toBeUndefined();
    expect(failed.files).toEqual(before.files);

    await send(chatId, "Payments /integration Stripe");
    expect((await chatV1(chatId)).latestVersion!.id).toBe(failed.id);
    // The preview stays available: an earlier version was completed.
    expect(expectSchema(Preview, (await call(svc, "GET", `/v2/chats/${chatId}/preview`)).body)).not.toBeNull();
  });

  test("the version is pending while the message generates, then completed", async () => {
    const slow = await startService({ agentDelayMs: 10 });
    try {
      const res = await call(slow, "POST", "/v2/chats/async", { body: { message: "A gallery" } });
      expect(res.status).toBe(202);
      const { chatId } = res.body as { chatId: string };
      const pending = await waitFor(async () => {
        const chat = expectSchema(ChatV1, (await call(slow, "GET", `/v1/chats/${chatId}`)).body);
        return chat.latestVersion?.status === "pending" ? chat.latestVersion : undefined;
      });
      expect(pending.demoUrl).toBeUndefined();
      expect(expectSchema(Preview, (await call(slow, "GET", `/v2/chats/${chatId}/preview`)).body)).toBeNull();
      // Not while generating: 409.
      expectError(
        await call(slow, "PATCH", `/v1/chats/${chatId}/versions/${pending.id}`, {
          body: { files: [{ name: "a.txt", content: "", locked: true }] },
        }),
        409,
        "v1",
        "chat_busy",
      );
      const done = await waitFor(async () => {
        const chat = expectSchema(ChatV1, (await call(slow, "GET", `/v1/chats/${chatId}`)).body);
        return chat.latestVersion?.status === "completed" ? chat.latestVersion : undefined;
      });
      expect(done.id).toBe(pending.id);
      expect(done.files).toHaveLength(3);
    } finally {
      await slow.close();
    }
  });

  test("PATCH with new content is a hand edit: a new version with the content and locks (v2 files reflect it)", async () => {
    const chatId = await newChat("A habit tracker /image");
    const latest = (await chatV1(chatId)).latestVersion!;
    const png = latest.files.find((f) => f.name === "public/og.png")!;
    const res = await patch(chatId, latest.id, [
      { name: "styles.css", content: "body { color: teal; }\n", locked: false },
      { name: "public/og.png", content: png.content, locked: true },
      { name: "docs/notes.md", content: "# Notes\n", locked: false },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const version = expectSchema(VersionV1, res.body);
    expect(version.id).not.toBe(latest.id);
    expect(version.status).toBe("completed");
    expect(version.files.map((f) => f.name)).toEqual([
      "app.js",
      "docs/notes.md",
      "index.html",
      "public/og.png",
      "styles.css",
    ]);
    expect(version.files.find((f) => f.name === "public/og.png")).toEqual({ ...png, locked: true });

    const files = await filesOf(chatId);
    expect(files.find((f) => f.path === "styles.css")).toEqual({
      path: "styles.css",
      content: "body { color: teal; }\n",
      encoding: "utf8",
    });
    expect(files.find((f) => f.path === "public/og.png")).toEqual({
      path: "public/og.png",
      content: png.content,
      encoding: "base64",
    });
    expect(files.find((f) => f.path === "docs/notes.md")!.encoding).toBe("utf8");
    expect((await chatV1(chatId)).latestVersion).toEqual(version);
  });
});

describe("locks are honoured by the agent", () => {
  test("a locked file survives a prompt that asks to rewrite it; the answer says it skipped it; unlocking lets it change", async () => {
    const chatId = await newChat("A todo list");
    const v1 = (await chatV1(chatId)).latestVersion!;
    const index = v1.files.find((f) => f.name === "index.html")!;
    expect((await patch(chatId, v1.id, [{ ...index, locked: true }])).status).toBe(200);

    const answer = await send(chatId, "Rewrite index.html with a bigger title");
    const after = await filesOf(chatId);
    expect(after.find((f) => f.path === "index.html")!.content).toBe(index.content);
    const edits = answer.parts!.filter((p) => p.type === "file-edit").map((p) => (p as { path: string }).path);
    expect(edits).not.toContain("index.html");
    expect(edits).toEqual(["styles.css", "app.js"]);
    expect(answer.parts!.find((p) => p.type === "agent-action")).toMatchObject({
      data: { plan: expect.stringContaining("Leave index.html unchanged (locked)") },
    });
    expect(textOf(answer.parts!)).toContain("Skipped `index.html`: it is locked, so I left it unchanged.");
    const locked = (await chatV1(chatId)).latestVersion!;
    expect(locked.files.find((f) => f.name === "index.html")).toMatchObject({ content: index.content, locked: true });

    // Unlock (content unchanged), ask again: now it is rewritten.
    expect(
      (await patch(chatId, locked.id, [{ name: "index.html", content: index.content, locked: false }])).status,
    ).toBe(200);
    const again = await send(chatId, "Rewrite index.html with a bigger title");
    expect((await filesOf(chatId)).find((f) => f.path === "index.html")!.content).not.toBe(index.content);
    expect(textOf(again.parts!)).not.toContain("Skipped");
  });

  test("a prompt naming another file updates it, unless it is locked; /image skips a locked og.png", async () => {
    const init = expectSchema(
      ChatV1,
      (
        await initFiles([
          { name: "notes/todo.md", content: "# Todo\n" },
          { name: "src/config.ts", content: "export const a = 1;\n" },
          { name: "data.json", content: "{}" },
        ])
      ).body,
    );
    const chatId = init.id;
    const updated = await send(chatId, "Update notes/todo.md and src/config.ts, keep data.json");
    const files = await filesOf(chatId);
    expect(files.find((f) => f.path === "notes/todo.md")!.content).toBe(
      "# Todo\n<!-- Updated for: Update notes/todo.md and src/config.ts, keep data.json -->\n",
    );
    expect(files.find((f) => f.path === "src/config.ts")!.content).toMatch(/^export const a = 1;\n\/\/ Updated for: /);
    expect(files.find((f) => f.path === "data.json")!.content).toBe("{}"); // cannot be annotated: only read
    // An imported project: the agent changes the files named and writes no app of its own over them.
    expect(updated.parts!.filter((p) => p.type === "file-edit").map((p) => (p as { path: string }).path)).toEqual([
      "notes/todo.md",
      "src/config.ts",
    ]);
    expect(files.map((f) => f.path).sort()).toEqual(["data.json", "notes/todo.md", "src/config.ts"]);

    const latest = (await chatV1(chatId)).latestVersion!;
    const todo = latest.files.find((f) => f.name === "notes/todo.md")!;
    await patch(chatId, latest.id, [{ ...todo, locked: true }]);
    const skipped = await send(chatId, "Rewrite notes/todo.md completely");
    expect((await filesOf(chatId)).find((f) => f.path === "notes/todo.md")!.content).toBe(todo.content);
    expect(textOf(skipped.parts!)).toContain("Skipped `notes/todo.md`: it is locked");

    await send(chatId, "A social card /image");
    const og = (await chatV1(chatId)).latestVersion!;
    const png = og.files.find((f) => f.name === "public/og.png")!;
    await patch(chatId, og.id, [{ ...png, content: "iVBORw0KGgo=", locked: true }]);
    const again = await send(chatId, "Another social card /image");
    expect((await filesOf(chatId)).find((f) => f.path === "public/og.png")!.content).toBe("iVBORw0KGgo=");
    expect(textOf(again.parts!)).toContain("Skipped `public/og.png`");
  });
});

describe("limits (interface.md Part 8): 1,000 files per chat, 3 MB per file → 413, nothing changes", () => {
  const many = (n: number, prefix = "f") =>
    Array.from({ length: n }, (_, i) => ({ name: `${prefix}/${String(i).padStart(4, "0")}.txt`, content: `${i}\n` }));
  let seeded: ChatV1;

  test("initialization: 1,000 files are fine, the 1,001st is 413 and no chat is created", async () => {
    const before = (await call(svc, "GET", "/v1/chats?limit=100")).body as { data: unknown[] };
    const over = await initFiles(many(1001));
    expect(expectError(over, 413, "v1", "too_many_files")).toMatch(/at most 1000 files/);
    const after = (await call(svc, "GET", "/v1/chats?limit=100")).body as { data: unknown[] };
    expect(after.data.length).toBe(before.data.length);

    const ok = await initFiles(many(1000));
    expect(ok.status).toBe(200);
    seeded = expectSchema(ChatV1, ok.body);
    expect(seeded.latestVersion!.files).toHaveLength(1000);
    expect((await filesOf(seeded.id)).length).toBe(1000);
  });

  test("a PATCH adding a 1,001st file is 413; the version and the files are unchanged", async () => {
    const version = seeded.latestVersion!;
    const res = await patch(seeded.id, version.id, [
      { name: "f/0000.txt", content: "changed\n", locked: true },
      { name: "extra.txt", content: "x", locked: false },
    ]);
    expect(expectError(res, 413, "v1", "too_many_files")).toMatch(/1001/);
    const files = await filesOf(seeded.id);
    expect(files).toHaveLength(1000);
    expect(files.find((f) => f.path === "f/0000.txt")!.content).toBe("0\n");
    expect(
      expectSchema(VersionV1, (await call(svc, "GET", `/v1/chats/${seeded.id}/versions/${version.id}`)).body),
    ).toEqual(version);
  });

  test("a folder lock toggle over all 1,000 files is one PATCH", async () => {
    const version = (await chatV1(seeded.id)).latestVersion!;
    const res = await patch(
      seeded.id,
      version.id,
      version.files.map((f) => ({ name: f.name, content: f.content, locked: true })),
    );
    expect(res.status).toBe(200);
    expect(expectSchema(VersionV1, res.body).files.every((f) => f.locked)).toBe(true);
    const unlocked = await patch(
      seeded.id,
      version.id,
      version.files.map((f) => ({ name: f.name, content: f.content, locked: false })),
    );
    expect(expectSchema(VersionV1, unlocked.body).files.some((f) => f.locked)).toBe(false);
    seeded = { ...seeded, latestVersion: expectSchema(VersionV1, unlocked.body) };
  });

  test("an agent answer that would create a 1,001st file is 413 before anything is stored", async () => {
    // In this imported project the agent writes no app; /image would add public/og.png.
    const res = await call(svc, "POST", `/v2/chats/${seeded.id}/messages`, {
      body: { message: "A social card /image" },
    });
    expect(expectError(res, 413, "v2")).toMatch(/1001 files.*at most 1000/);
    const stream = await call(svc, "POST", `/v2/chats/${seeded.id}/messages/stream`, {
      body: { message: "A card /image" },
    });
    expect(stream.status).toBe(413);
    const v1 = await call(svc, "POST", `/v1/chats/${seeded.id}/messages`, { body: { message: "A card /image" } });
    expectError(v1, 413, "v1", "too_many_files");
    expect((await call(svc, "GET", `/v2/chats/${seeded.id}/messages`)).body).toEqual({ messages: [], cursor: null });
    expect((await chatV1(seeded.id)).latestVersion!.id).toBe(seeded.latestVersion!.id);
  });

  test("a resolve whose build would pass 1,000 files is 413 and the request stays pending", async () => {
    const chat = expectSchema(ChatV1, (await initFiles(many(1000))).body);
    const blocked = await send(chat.id, "Payments /integration Stripe /image"); // asks first: writes nothing yet
    expect(blocked.finishReason).toBe("tool-calls");
    const task = { type: "confirmed-steps", connectedIntegrationNames: ["Stripe"] };
    const res = await call(svc, "POST", `/v2/chats/${chat.id}/messages/resolve`, { body: { task } });
    expect(expectError(res, 413, "v2")).toMatch(/1001 files/);
    const messages = (await call(svc, "GET", `/v2/chats/${chat.id}/messages`)).body as { messages: { id: string }[] };
    expect(messages.messages[0]!.id).toBe(blocked.id);
    const still = expectSchema(Message, (await call(svc, "GET", `/v2/chats/${chat.id}/messages/${blocked.id}`)).body);
    expect(still).toEqual(blocked);
    expect(await filesOf(chat.id)).toHaveLength(1000);
  });

  test("3 MB is fine; 3 MB + 1 byte is 413 (initialization and PATCH), nothing changes", async () => {
    const exact = "a".repeat(MB3);
    const ok = expectSchema(ChatV1, (await initFiles([{ name: "big.txt", content: exact }])).body);
    expect((await filesOf(ok.id))[0]!.content.length).toBe(MB3);

    expect(
      expectError(await initFiles([{ name: "big.txt", content: `${exact}b` }]), 413, "v1", "file_too_large"),
    ).toMatch(/3 MB/);
    // Multi-byte characters count as bytes: 3 MB of "é" is twice over.
    expectError(await initFiles([{ name: "utf.txt", content: "é".repeat(MB3 / 2 + 1) }]), 413, "v1", "file_too_large");

    const version = ok.latestVersion!;
    expectError(
      await patch(ok.id, version.id, [{ name: "big.txt", content: `${exact}b`, locked: true }]),
      413,
      "v1",
      "file_too_large",
    );
    const after = (await chatV1(ok.id)).latestVersion!;
    expect(after.files[0]).toMatchObject({ locked: false });
    expect(after.files[0]!.content.length).toBe(MB3);
  });

  test("an agent answer that would grow a file over 3 MB is 413 before anything is stored", async () => {
    const chat = expectSchema(ChatV1, (await initFiles([{ name: "notes.md", content: "n".repeat(MB3 - 10) }])).body);
    const res = await call(svc, "POST", `/v2/chats/${chat.id}/messages`, {
      body: { message: "Please update notes.md" },
    });
    expect(expectError(res, 413, "v2")).toMatch(/notes\.md.*3 MB/);
    expect((await call(svc, "GET", `/v2/chats/${chat.id}/messages`)).body).toEqual({ messages: [], cursor: null });
    expect((await filesOf(chat.id))[0]!.content.length).toBe(MB3 - 10);
  });
});

describe("preview readiness", () => {
  test("null before any version is completed (a failed first message), then {url, expiresAt}", async () => {
    const chatId = await newChat("/fail A shop");
    expect((await chatV1(chatId)).latestVersion!.status).toBe("failed");
    expect((await call(svc, "GET", `/v2/chats/${chatId}/preview`)).body).toBeNull();
    await send(chatId, "A shop");
    const preview = expectSchema(Preview, (await call(svc, "GET", `/v2/chats/${chatId}/preview`)).body)!;
    expect(preview.url).toMatch(/^http:\/\/p[a-z2-7]{26}\.localhost:3001\/$/);
    const res = await openPreview(svc, chatId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  test("a chat initialized from files has its preview at once", async () => {
    const chat = expectSchema(ChatV1, (await initFiles([{ name: "index.html", content: "<h1>Hi</h1>" }])).body);
    // The page as written, after the preview's one-line reporter script (preview/reporter.ts).
    const page = await (await openPreview(svc, chat.id)).text();
    expect(page).toMatch(/^<script nonce="[^"]+">[^\n]*<\/script><h1>Hi<\/h1>$/);
  });
});

describe("POST /v2/chats/{chatId}/host-project", () => {
  test("creates one when the chat has none, returns it afterwards, also under concurrency; the chat shows it", async () => {
    const chatId = await newChat("A portfolio");
    expect(expectSchema(Chat, (await call(svc, "GET", `/v2/chats/${chatId}`)).body).hostProjectId).toBeUndefined();
    const results = await Promise.all([1, 2, 3].map(() => call(svc, "POST", `/v2/chats/${chatId}/host-project`)));
    const ids = results.map((r) => expectSchema(HostProject, r.body).hostProjectId);
    expect(new Set(ids).size).toBe(1);
    expect(expectSchema(Chat, (await call(svc, "GET", `/v2/chats/${chatId}`)).body).hostProjectId).toBe(ids[0]);
    expect((await chatV1(chatId)).hostProjectId).toBe(ids[0]);
    expect(
      expectSchema(HostProject, (await call(svc, "POST", `/v2/chats/${chatId}/host-project`)).body).hostProjectId,
    ).toBe(ids[0]);
    expectError(await call(svc, "POST", "/v2/chats/chat_missing/host-project"), 404, "v2");
  });
});

describe("GET /v2/chats/{chatId}/files/download", () => {
  const download = (chatId: string) => svc.handle(request("GET", `/v2/chats/${chatId}/files/download`));

  test("a .zip of exactly the chat's files (text and binary byte for byte), named after the chat", async () => {
    const chatId = await newChat("A gallery with a social card /image /fast");
    const res = await download(chatId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const title = expectSchema(Chat, (await call(svc, "GET", `/v2/chats/${chatId}`)).body).title!;
    expect(res.headers.get("content-disposition")).toContain(`filename="${title.replace(/\s+/g, "-")}.zip"`);

    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const files = await filesOf(chatId);
    expect(Object.keys(entries).sort()).toEqual(files.map((f) => f.path).sort());
    for (const f of files) {
      const expected = f.encoding === "base64" ? Buffer.from(f.content, "base64") : Buffer.from(f.content, "utf8");
      expect(Buffer.from(entries[f.path]!).equals(expected), f.path).toBe(true);
    }
    expect(files.some((f) => f.encoding === "base64")).toBe(true);
  });

  test("an unknown chat: 404 in the error shape; no key: 401", async () => {
    const empty = await svc.handle(request("GET", "/v2/chats/chat_nope/files/download"));
    expect(empty.status).toBe(404);
    expectSchema(ErrorV2, await empty.json());
    const unauthorised = await svc.handle(request("GET", `/v2/chats/chat_nope/files/download`, { auth: null }));
    expect(unauthorised.status).toBe(401);
  });
});
