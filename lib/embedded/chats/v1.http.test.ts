import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatFiles, Message, type StreamEvent } from "@/lib/api";
import { ChatListV1, ChatV1, ErrorV1, MessageListV1, MessageV1, UserV1, VersionV1 } from "@/lib/api/schemas/v1";
import type { EmbeddedService } from "../service";
import { BASE, call, expectSchema, readAll, request, startService, waitFor } from "../test-support";

/** The v1 endpoints (interface.md 4.2) through real Requests; every body checked against the lib/api v1 schemas. */
let svc: EmbeddedService;
let chat: ChatV1;
beforeAll(async () => {
  svc = await startService();
  const res = await call(svc, "POST", "/v1/chats", { body: { message: "Build a recipe box with tags" } });
  expect(res.status).toBe(200);
  chat = expectSchema(ChatV1, res.body);
});
afterAll(() => svc.close());

function expectV1Error(res: { status: number; body: unknown }, status: number, code?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = expectSchema(ErrorV1, res.body);
  if (code) expect(body.error.code).toBe(code);
  return body;
}

async function getChat(chatId: string): Promise<ChatV1> {
  const res = await call(svc, "GET", `/v1/chats/${chatId}`);
  expect(res.status).toBe(200);
  return expectSchema(ChatV1, res.body);
}

describe("POST /v1/chats (creation)", () => {
  test("sync (the default): the v1 Chat once the answer finished, messages oldest first, latestVersion", () => {
    expect(chat).toMatchObject({
      object: "chat",
      privacy: "private",
      shareable: false,
      favorite: false,
      authorId: "user_embedded",
      title: "Recipe box",
      text: "Build a recipe box with tags",
      apiUrl: `${BASE}/v1/chats/${chat.id}`,
      webUrl: `http://svc.test/chats/${chat.id}`,
      permissions: { write: true },
      metadata: {},
      modelConfiguration: { modelId: "svc-pro" },
    });
    expect(chat.messages.map((m) => [m.role, m.type, m.finishReason])).toEqual([
      ["user", "message", "stop"],
      ["assistant", "message", "stop"],
    ]);
    expect(chat.messages[1]!.content).toMatch(/^## Recipe box/);
    expect(chat.messages[1]!.apiUrl).toBe(`${BASE}/v1/chats/${chat.id}/messages/${chat.messages[1]!.id}`);
    expect(chat.messages[1]!.authorId).toBeNull();
    expect(chat.messages[1]).not.toHaveProperty("experimental_content");
    const version = chat.latestVersion!;
    expect(version).toMatchObject({ object: "version", status: "completed" });
    expect(version.files.map((f) => [f.object, f.name, f.locked])).toEqual([
      ["file", "app.js", false],
      ["file", "index.html", false],
      ["file", "styles.css", false],
    ]);
    // A link a browser opens as it is: the preview origin's handoff, which carries the token.
    expect(version.demoUrl).toMatch(
      /^http:\/\/p[a-z2-7]{26}\.localhost:3001\/__atelier\/handoff\?token=[^&]+&path=%2F$/,
    );
    expect(chat.demo).toBe(version.demoUrl);
  });

  test("the same chat is visible through v2, and v2 chats through v1", async () => {
    const v2 = await call(svc, "GET", `/v2/chats/${chat.id}`);
    expect(v2.status).toBe(200);
    const created = await call(svc, "POST", "/v2/chats", { body: { message: "A timer" } });
    const id = (created.body as { chat: { id: string } }).chat.id;
    expect((await getChat(id)).messages).toHaveLength(2);
  });

  test("initialMessage is the v1 spelling of message; both and different → 422", async () => {
    const res = await call(svc, "POST", "/v1/chats", { body: { initialMessage: "A quiz game", privacy: "unlisted" } });
    const created = expectSchema(ChatV1, res.body);
    expect(created).toMatchObject({ text: "A quiz game", privacy: "unlisted", shareable: true });
    expectV1Error(
      await call(svc, "POST", "/v1/chats", { body: { message: "a", initialMessage: "b" } }),
      422,
      "validation_failed",
    );
    const missing = expectV1Error(await call(svc, "POST", "/v1/chats", { body: {} }), 422);
    expect(missing.error.message).toBe("message: message is required");
  });

  test("async: 202 with the v1 Chat while the answer is still generating; it finishes", async () => {
    const res = await call(svc, "POST", "/v1/chats", {
      body: { message: "A kanban board /slow", responseMode: "async" },
    });
    expect(res.status).toBe(202);
    const created = expectSchema(ChatV1, res.body);
    const assistant = created.messages.at(-1)!;
    expect(assistant.role).toBe("assistant");
    expect(assistant).not.toHaveProperty("finishReason");
    const done = await waitFor(async () => {
      const m = expectSchema(
        MessageV1,
        (await call(svc, "GET", `/v1/chats/${created.id}/messages/${assistant.id}`)).body,
      );
      return m.finishReason ? m : undefined;
    });
    expect(done.finishReason).toBe("stop");
  });

  test("experimental_stream: the 6.2 event stream", async () => {
    const res = await svc.handle(
      request("POST", "/v1/chats", { body: { message: "A clock", responseMode: "experimental_stream" } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events: StreamEvent[] = await readAll(res);
    expect(events.map((e) => e.object).slice(0, 2)).toEqual(["chat", "chat.title"]);
    expect(events.map((e) => e.object).slice(-2)).toEqual(["message.usage", "chat"]);
  });
});

describe("POST /v1/chats (initialization)", () => {
  const files = [
    { name: "index.html", content: "<h1>Imported</h1>" },
    { name: "src/main.ts", content: "export const x = 1;\n" },
  ];

  test("from files: stores them as the first version, no messages, no generation", async () => {
    const res = await call(svc, "POST", "/v1/chats", {
      body: { type: "files", files, initialContext: "My portfolio site" },
    });
    expect(res.status).toBe(200);
    const created = expectSchema(ChatV1, res.body);
    expect(created).toMatchObject({ messages: [], text: "My portfolio site", title: "My portfolio site" });
    expect(created.latestVersion!.status).toBe("completed");
    expect(created.latestVersion!.files.map((f) => [f.name, f.content])).toEqual(files.map((f) => [f.name, f.content]));
    const v2Files = expectSchema(ChatFiles, (await call(svc, "GET", `/v2/chats/${created.id}/files`)).body);
    expect(v2Files.files.map((f) => f.path).sort()).toEqual(["index.html", "src/main.ts"]);
    const messages = await call(svc, "GET", `/v2/chats/${created.id}/messages`);
    expect((messages.body as { messages: unknown[] }).messages).toEqual([]);
    // The agent then works on the imported files.
    const sent = expectSchema(
      MessageV1,
      (await call(svc, "POST", `/v1/chats/${created.id}/messages`, { body: { message: "Add a footer" } })).body,
    );
    const parts = expectSchema(
      Message,
      (await call(svc, "GET", `/v2/chats/${created.id}/messages/${sent.id}`)).body,
    ).parts!;
    expect(parts.find((p) => p.type === "file-read")).toMatchObject({ paths: ["index.html", "src/main.ts"] });
    expect(parts.find((p) => p.type === "file-edit")).toMatchObject({ operation: "update", path: "index.html" });
  });

  test("file names must be relative paths; over 3 MB is 413; type repo is 501; files are required", async () => {
    for (const name of ["/etc/passwd", "../x", "a//b", "a\\b"]) {
      expectV1Error(
        await call(svc, "POST", "/v1/chats", { body: { type: "files", files: [{ name, content: "" }] } }),
        422,
        "validation_failed",
      );
    }
    const big = "x".repeat(3 * 1024 * 1024 + 1);
    expectV1Error(
      await call(svc, "POST", "/v1/chats", { body: { type: "files", files: [{ name: "big.txt", content: big }] } }),
      413,
      "file_too_large",
    );
    expectV1Error(
      await call(svc, "POST", "/v1/chats", { body: { type: "repo", repo: { url: "https://example.com/r.git" } } }),
      501,
      "repo_import_unsupported",
    );
    expectV1Error(await call(svc, "POST", "/v1/chats", { body: { type: "files" } }), 422);
  });
});

describe("GET /v1/chats and /v1/chats/{chatId}", () => {
  test("lists newest first as {object: list, data, cursor}, items without messages, pages with a cursor", async () => {
    const first = expectSchema(ChatListV1, (await call(svc, "GET", "/v1/chats?limit=2")).body);
    expect(first.object).toBe("list");
    expect(first.data).toHaveLength(2);
    expect(first.data[0]).not.toHaveProperty("messages");
    expect(first.cursor).toEqual(expect.any(String));
    const all = expectSchema(ChatListV1, (await call(svc, "GET", "/v1/chats?limit=100")).body);
    expect(all.cursor).toBeNull();
    expect(all.data.at(-1)!.id).toBe(chat.id);
    expect(all.data.at(-1)!.text).toBe("Build a recipe box with tags");
    const next = expectSchema(ChatListV1, (await call(svc, "GET", `/v1/chats?limit=2&cursor=${first.cursor}`)).body);
    expect(next.data[0]!.id).toBe(all.data[2]!.id);
    expectV1Error(await call(svc, "GET", "/v1/chats?limit=0"), 422);
  });

  test("gets one chat; an unknown chat is 404 in the v1 shape", async () => {
    expect(await getChat(chat.id)).toEqual(chat);
    expectV1Error(await call(svc, "GET", "/v1/chats/chat_missing"), 404, "chat_not_found");
  });
});

describe("v1 messages", () => {
  test("POST sync: the finished assistant v1 Message; the list is newest first; GET one", async () => {
    const res = await call(svc, "POST", `/v1/chats/${chat.id}/messages`, { body: { message: "Add a search box" } });
    expect(res.status).toBe(200);
    const sent = expectSchema(MessageV1, res.body);
    expect(sent).toMatchObject({ object: "message", type: "message", role: "assistant", finishReason: "stop" });
    const list = expectSchema(MessageListV1, (await call(svc, "GET", `/v1/chats/${chat.id}/messages`)).body);
    expect(list.object).toBe("list");
    expect(list.data.map((m) => m.role)).toEqual(["assistant", "user", "assistant", "user"]);
    expect(list.data[0]).toEqual(sent);
    const page = expectSchema(MessageListV1, (await call(svc, "GET", `/v1/chats/${chat.id}/messages?limit=3`)).body);
    expect(page.cursor).not.toBeNull();
    const got = expectSchema(MessageV1, (await call(svc, "GET", `/v1/chats/${chat.id}/messages/${sent.id}`)).body);
    expect(got).toEqual(sent);
    expectV1Error(await call(svc, "GET", `/v1/chats/${chat.id}/messages/msg_missing`), 404, "message_not_found");
  });

  test("POST async: 202 with the assistant message still generating; experimental_stream: events", async () => {
    const res = await call(svc, "POST", `/v1/chats/${chat.id}/messages`, {
      body: { message: "Add sorting", responseMode: "async" },
    });
    expect(res.status).toBe(202);
    const pending = expectSchema(MessageV1, res.body);
    expect(pending.role).toBe("assistant");
    expect(pending).not.toHaveProperty("finishReason");
    await waitFor(async () => {
      const m = expectSchema(MessageV1, (await call(svc, "GET", `/v1/chats/${chat.id}/messages/${pending.id}`)).body);
      return m.finishReason ? m : undefined;
    });
    const streamed = await svc.handle(
      request("POST", `/v1/chats/${chat.id}/messages`, {
        body: { message: "Add a footer", responseMode: "experimental_stream" },
      }),
    );
    const events = await readAll(streamed);
    expect(events[0]!.object).toBe("chat");
    expect(events.at(-1)!.object).toBe("chat");
    expect(events.some((e) => e.object === "message.parts.chunk")).toBe(true);
  });

  test("a blocked message carries experimental_content; errors are in the v1 shape", async () => {
    const res = await call(svc, "POST", `/v1/chats/${chat.id}/messages`, {
      body: { message: "Take payments /integration Stripe" },
    });
    const blocked = expectSchema(MessageV1, res.body);
    expect(blocked.finishReason).toBe("tool-calls");
    expect(blocked.experimental_content).toEqual([
      [
        1,
        {
          stopReason: "user-input-required",
          task: { type: "task-get-or-request-integration-v1", requestedIntegrations: ["Stripe"] },
        },
      ],
    ]);
    expectV1Error(
      await call(svc, "POST", `/v1/chats/${chat.id}/messages`, { body: { message: "" } }),
      422,
      "validation_failed",
    );
    expectV1Error(await call(svc, "POST", `/v1/chats/${chat.id}/messages`, { raw: "{" }), 400, "invalid_json");
    expectV1Error(await call(svc, "GET", `/v1/chats/${chat.id}`, { auth: null }), 401);
    expectV1Error(await call(svc, "DELETE", `/v1/user`), 405);
  });
});

describe("GET /v1/user", () => {
  test("the embedded service's one account", async () => {
    const user = expectSchema(UserV1, (await call(svc, "GET", "/v1/user")).body);
    expect(user).toMatchObject({ id: "user_embedded", object: "user" });
    expect(user.avatar).toMatch(/^data:image\/svg\+xml,/);
  });
});

describe("v1 versions (GET and PATCH)", () => {
  test("PATCH changes content and locks in the latest version and the chat's files; the agent keeps locked files", async () => {
    const created = expectSchema(
      ChatV1,
      (await call(svc, "POST", "/v1/chats", { body: { message: "A notes app" } })).body,
    );
    const versionId = created.latestVersion!.id;
    const path = `/v1/chats/${created.id}/versions/${versionId}`;
    expect(expectSchema(VersionV1, (await call(svc, "GET", path)).body)).toEqual(created.latestVersion);

    const patched = expectSchema(
      VersionV1,
      (
        await call(svc, "PATCH", path, {
          body: { files: [{ name: "index.html", content: "<p>mine</p>", locked: true }] },
        })
      ).body,
    );
    expect(patched.files.find((f) => f.name === "index.html")).toEqual({
      object: "file",
      name: "index.html",
      content: "<p>mine</p>",
      locked: true,
    });
    expect(patched.files).toHaveLength(3);

    await call(svc, "POST", `/v1/chats/${created.id}/messages`, { body: { message: "Rewrite everything in green" } });
    const files = expectSchema(ChatFiles, (await call(svc, "GET", `/v2/chats/${created.id}/files`)).body).files;
    expect(files.find((f) => f.path === "index.html")!.content).toBe("<p>mine</p>");
    const latest = (await getChat(created.id)).latestVersion!;
    expect(latest.id).not.toBe(versionId);
    expect(latest.files.find((f) => f.name === "index.html")).toMatchObject({ locked: true, content: "<p>mine</p>" });

    // Only the latest version can be changed; unknown versions are 404; names are checked.
    expectV1Error(
      await call(svc, "PATCH", path, { body: { files: [{ name: "a.txt", content: "", locked: false }] } }),
      409,
      "version_not_latest",
    );
    expectV1Error(await call(svc, "GET", `/v1/chats/${created.id}/versions/ver_missing`), 404, "version_not_found");
    expectV1Error(
      await call(svc, "PATCH", `/v1/chats/${created.id}/versions/${latest.id}`, {
        body: { files: [{ name: "../a", content: "", locked: false }] },
      }),
      422,
    );
  });
});
