import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  AsyncChatRef,
  Chat,
  ChatFiles,
  ChatList,
  ChatWithUsage,
  ErrorV2,
  HostProject,
  KNOWN_PART_TYPES,
  Message,
  MessageList,
} from "@/lib/api";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService, waitFor } from "../test-support";

/** v2 chats, messages and files through real Requests, each response checked against the lib/api schema. */
let svc: EmbeddedService;
let first: ChatWithUsage;
beforeAll(async () => {
  svc = await startService();
  const res = await call(svc, "POST", "/v2/chats", {
    body: { message: "Build a todo app with dark mode and due dates" },
  });
  expect(res.status).toBe(200);
  first = expectSchema(ChatWithUsage, res.body);
});
afterAll(() => svc.close());

const sumOf = (t: { input: number; output: number; cacheRead: number; cacheWrite: number }) =>
  t.input + t.output + t.cacheRead + t.cacheWrite;

async function messagesOf(chatId: string, query = ""): Promise<MessageList> {
  const res = await call(svc, "GET", `/v2/chats/${chatId}/messages${query}`);
  expect(res.status).toBe(200);
  return expectSchema(MessageList, res.body);
}

describe("POST /v2/chats (sync)", () => {
  test("answers Chat with usage once generation completed", () => {
    expect(first.chat.title).toBe("Todo app");
    expect(first.chat.privacy).toBe("private");
    expect(first.chat.writePermission).toBe(true);
    expect(first.usage.model).toBe("svc-pro");
    expect(first.usage.tokens.total).toBe(sumOf(first.usage.tokens));
    expect(first.usage.tokens.output).toBeGreaterThan(0);
    expect(first.usage.creditsCost.total).toBeCloseTo(sumOf(first.usage.creditsCost), 6);
  });

  test("the chat holds the user message and the finished assistant message with all eight part kinds", async () => {
    const { messages } = await messagesOf(first.chat.id);
    expect(messages.map((m) => m.role)).toEqual(["assistant", "user"]);
    const [assistant, user] = messages as [Message, Message];
    expect(user.content).toBe("Build a todo app with dark mode and due dates");
    expect(user.finishReason).toBe("stop");
    expect(assistant.finishReason).toBe("stop");
    expect(assistant.usage).toEqual(first.usage);
    const parts = assistant.parts!;
    const kinds = [...new Set(parts.map((p) => p.type))];
    expect(kinds).toEqual([
      "thinking",
      "search",
      "file-read",
      "agent-action",
      "file-edit",
      "tool-call",
      "bash",
      "text",
    ]);
    expect(new Set(kinds)).toEqual(new Set(KNOWN_PART_TYPES));
    for (const part of parts) {
      expect(part.startedAt, part.type).toBeTruthy();
      expect(part.finishedAt, part.type).toBeTruthy();
      expect(Date.parse(part.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(part.startedAt!));
    }
    expect(parts.filter((p) => p.type === "file-edit")).toMatchObject([
      { operation: "create", path: "index.html" },
      { operation: "create", path: "styles.css" },
      { operation: "create", path: "app.js" },
    ]);
    expect(parts.find((p) => p.type === "search")).toMatchObject({ scope: "repo" });
    expect(parts.find((p) => p.type === "tool-call")).toMatchObject({ status: "ok", name: "check_project" });
    expect(parts.find((p) => p.type === "tool-call")).not.toHaveProperty("suggestedPermissions");
    const bash = parts.find((p) => p.type === "bash") as { command: string; output: string };
    expect(bash.command).toBe("npm run build");
    expect(bash.output.split("\n").length).toBeGreaterThan(3);
    const text = parts[parts.length - 1] as { type: string; text: string };
    expect(text.type).toBe("text");
    expect(assistant.content).toBe(text.text);
    expect(text.text).toMatch(/^## Todo app/);
  });

  test("the files exist once the chat is created", async () => {
    const res = await call(svc, "GET", `/v2/chats/${first.chat.id}/files`);
    const { files } = expectSchema(ChatFiles, res.body);
    expect(files.map((f) => f.path).sort()).toEqual(["app.js", "index.html", "styles.css"]);
    expect(files.every((f) => f.encoding === "utf8")).toBe(true);
    expect(files.find((f) => f.path === "index.html")!.content).toContain("<h1>Todo app</h1>");
  });

  test("the model comes from modelConfiguration; svc-auto is handled as svc-pro", async () => {
    const max = expectSchema(
      ChatWithUsage,
      (await call(svc, "POST", "/v2/chats", { body: { message: "x", modelConfiguration: { modelId: "svc-max" } } }))
        .body,
    );
    expect(max.usage.model).toBe("svc-max");
    const auto = expectSchema(
      ChatWithUsage,
      (await call(svc, "POST", "/v2/chats", { body: { prompt: "y", modelConfiguration: { modelId: "svc-auto" } } }))
        .body,
    );
    expect(auto.usage.model).toBe("svc-pro");
  });

  test("privacy and metadata are kept", async () => {
    const res = await call(svc, "POST", "/v2/chats", {
      body: { message: "A poll", privacy: "team", metadata: { ticket: "T-1" } },
    });
    const created = expectSchema(ChatWithUsage, res.body);
    expect(created.chat).toMatchObject({ privacy: "team", metadata: { ticket: "T-1" } });
  });
});

describe("GET /v2/chats and /v2/chats/{chatId}", () => {
  test("gets one chat (strict v2 Chat)", async () => {
    const res = await call(svc, "GET", `/v2/chats/${first.chat.id}`);
    expect(res.status).toBe(200);
    expect(expectSchema(Chat, res.body)).toEqual(first.chat);
  });

  test("lists newest first and pages with an opaque cursor", async () => {
    for (let i = 0; i < 3; i++)
      expect((await call(svc, "POST", "/v2/chats/async", { body: { message: `Chat ${i}` } })).status).toBe(202);
    const all = expectSchema(ChatList, (await call(svc, "GET", "/v2/chats?limit=100")).body);
    expect(all.cursor).toBeNull();
    expect(all.chats.length).toBeGreaterThanOrEqual(6);
    const created = all.chats.map((c) => Date.parse(c.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const walked: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2";
      const page = expectSchema(ChatList, (await call(svc, "GET", `/v2/chats${query}`)).body);
      expect(page.chats.length).toBeLessThanOrEqual(2);
      walked.push(...page.chats.map((c) => c.id));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(walked).toEqual(all.chats.map((c) => c.id));
    expect(pages).toBe(Math.ceil(all.chats.length / 2));
  });

  test("the default page size is 20", async () => {
    const page = expectSchema(ChatList, (await call(svc, "GET", "/v2/chats")).body);
    expect(page.chats.length).toBeLessThanOrEqual(20);
  });

  test("a messages cursor is refused by the chats list", async () => {
    const chat = first.chat.id;
    await call(svc, "POST", `/v2/chats/${chat}/messages`, { body: { message: "Add a footer" } });
    const page = await messagesOf(chat, "?limit=1");
    const res = await call(svc, "GET", `/v2/chats?cursor=${page.cursor}`);
    expect(res.status).toBe(422);
  });
});

describe("messages", () => {
  test("a follow-up (sync) answers the finished assistant Message and updates the files", async () => {
    const created = expectSchema(
      ChatWithUsage,
      (await call(svc, "POST", "/v2/chats", { body: { message: "Make a recipe box" } })).body,
    );
    const res = await call(svc, "POST", `/v2/chats/${created.chat.id}/messages`, {
      body: { message: "Add a dark theme" },
    });
    expect(res.status).toBe(200);
    const message = expectSchema(Message, res.body);
    expect(message).toMatchObject({ chatId: created.chat.id, role: "assistant", finishReason: "stop" });
    expect(
      message.parts!.filter((p) => p.type === "file-edit").map((p) => (p as { operation: string }).operation),
    ).toEqual(["update", "update", "update"]);
    expect(message.parts!.find((p) => p.type === "file-read")).toMatchObject({
      paths: ["app.js", "index.html", "styles.css"],
    });
    const { files } = expectSchema(ChatFiles, (await call(svc, "GET", `/v2/chats/${created.chat.id}/files`)).body);
    const html = files.find((f) => f.path === "index.html")!.content;
    expect(html).toContain("Add a dark theme");
    expect(html).toContain("<h1>Recipe box</h1>");
    expect(files.find((f) => f.path === "styles.css")!.content).toContain("color-scheme: dark");
    // The title stays; the chat was updated.
    const chat = expectSchema(Chat, (await call(svc, "GET", `/v2/chats/${created.chat.id}`)).body);
    expect(chat.title).toBe("Recipe box");
    expect(Date.parse(chat.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(created.chat.updatedAt!));
    // And the single message can be fetched by id.
    const got = expectSchema(
      Message,
      (await call(svc, "GET", `/v2/chats/${created.chat.id}/messages/${message.id}`)).body,
    );
    expect(got).toEqual(message);
  });

  test("lists messages newest first across pages", async () => {
    const created = expectSchema(
      ChatWithUsage,
      (await call(svc, "POST", "/v2/chats", { body: { message: "One" } })).body,
    );
    await call(svc, "POST", `/v2/chats/${created.chat.id}/messages`, { body: { message: "Two" } });
    const page1 = await messagesOf(created.chat.id, "?limit=3");
    expect(page1.messages.map((m) => [m.role, m.role === "user" ? m.content : ""])).toEqual([
      ["assistant", ""],
      ["user", "Two"],
      ["assistant", ""],
    ]);
    expect(page1.cursor).toEqual(expect.any(String));
    const page2 = await messagesOf(created.chat.id, `?limit=3&cursor=${encodeURIComponent(page1.cursor!)}`);
    expect(page2.messages.map((m) => m.content)).toEqual(["One"]);
    expect(page2.cursor).toBeNull();
  });

  test("async: 202 with the reference, then polling the message until finishReason is set", async () => {
    const created = expectSchema(
      ChatWithUsage,
      (await call(svc, "POST", "/v2/chats", { body: { message: "A timer" } })).body,
    );
    const res = await call(svc, "POST", `/v2/chats/${created.chat.id}/messages/async`, {
      body: { message: "Add a reset button" },
    });
    expect(res.status).toBe(202);
    const ref = expectSchema(AsyncChatRef, res.body);
    expect(ref.chatId).toBe(created.chat.id);
    const done = await waitFor(async () => {
      const m = expectSchema(
        Message,
        (await call(svc, "GET", `/v2/chats/${ref.chatId}/messages/${ref.messageId}`)).body,
      );
      return m.finishReason === null ? undefined : m;
    });
    expect(done.finishReason).toBe("stop");
    expect(done.parts).toHaveLength(10);
    expect(done.usage?.model).toBe("svc-pro");
  });

  test("async chat creation: the new chat and its message can be polled", async () => {
    const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "A weather widget" } });
    expect(res.status).toBe(202);
    const ref = expectSchema(AsyncChatRef, res.body);
    const done = await waitFor(async () => {
      const m = expectSchema(
        Message,
        (await call(svc, "GET", `/v2/chats/${ref.chatId}/messages/${ref.messageId}`)).body,
      );
      return m.finishReason ? m : undefined;
    });
    expect(done.role).toBe("assistant");
    const chat = expectSchema(Chat, (await call(svc, "GET", `/v2/chats/${ref.chatId}`)).body);
    expect(chat.title).toBe("Weather widget");
  });

  test("while generating: finishReason null, parts persisted as they go, a second send is 409", async () => {
    const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "/slow A slow app" } });
    const ref = expectSchema(AsyncChatRef, res.body);
    const busy = await call(svc, "POST", `/v2/chats/${ref.chatId}/messages`, { body: { message: "too soon" } });
    expect(busy.status).toBe(409);
    expectSchema(ErrorV2, busy.body);
    const partial = await waitFor(async () => {
      const m = expectSchema(
        Message,
        (await call(svc, "GET", `/v2/chats/${ref.chatId}/messages/${ref.messageId}`)).body,
      );
      return m.parts!.length >= 2 && m.finishReason === null ? m : undefined;
    });
    expect(partial.parts![0]!.type).toBe("thinking");
    const done = await waitFor(async () => {
      const m = expectSchema(
        Message,
        (await call(svc, "GET", `/v2/chats/${ref.chatId}/messages/${ref.messageId}`)).body,
      );
      return m.finishReason ? m : undefined;
    });
    expect(done.parts!.length).toBeGreaterThan(partial.parts!.length);
    // Once finished, the chat takes messages again.
    expect(
      (await call(svc, "POST", `/v2/chats/${ref.chatId}/messages/async`, { body: { message: "now" } })).status,
    ).toBe(202);
  });

  test("an unknown message id is 404", async () => {
    const res = await call(svc, "GET", `/v2/chats/${first.chat.id}/messages/msg_nope`);
    expect(res.status).toBe(404);
    expectSchema(ErrorV2, res.body);
  });
});

describe("host project", () => {
  test("creates a hostProjectId once and keeps it", async () => {
    const a = expectSchema(HostProject, (await call(svc, "POST", `/v2/chats/${first.chat.id}/host-project`)).body);
    const b = expectSchema(HostProject, (await call(svc, "POST", `/v2/chats/${first.chat.id}/host-project`)).body);
    expect(b).toEqual(a);
    const chat = expectSchema(Chat, (await call(svc, "GET", `/v2/chats/${first.chat.id}`)).body);
    expect(chat.hostProjectId).toBe(a.hostProjectId);
  });
});

describe("PATCH /v2/chats/{chatId} (the document's update)", () => {
  const patch = (chatId: string, body: unknown) => call(svc, "PATCH", `/v2/chats/${chatId}`, { body });

  test("renames, changes privacy, merges metadata (null deletes a key, a null map clears it); chat.updated fires", async () => {
    const hook = await call(svc, "POST", "/v2/hooks", {
      body: { name: "updates", events: ["chat.updated"], url: "https://example.test/in", chatId: first.chat.id },
    });
    const created = await call(svc, "POST", "/v2/chats", {
      body: { message: "A recipe box", metadata: { team: "core", stage: "alpha" } },
    });
    const chatId = expectSchema(ChatWithUsage, created.body).chat.id;

    const renamed = await patch(chatId, {
      title: "Recipes",
      privacy: "team",
      metadata: { stage: "beta", owner: "ana" },
    });
    expect(renamed.status).toBe(200);
    expect(expectSchema(Chat, renamed.body)).toMatchObject({
      id: chatId,
      title: "Recipes",
      privacy: "team",
      metadata: { team: "core", stage: "beta", owner: "ana" },
    });
    const deleted = expectSchema(Chat, (await patch(chatId, { metadata: { team: null } })).body);
    expect(deleted.metadata).toEqual({ stage: "beta", owner: "ana" });
    expect(deleted.title).toBe("Recipes");
    const cleared = expectSchema(Chat, (await patch(chatId, { metadata: null })).body);
    expect(cleared.metadata).toEqual({});
    expect(expectSchema(Chat, (await call(svc, "GET", `/v2/chats/${chatId}`)).body)).toMatchObject({
      title: "Recipes",
      privacy: "team",
      metadata: {},
    });

    // The hook scoped to the first chat hears that chat's update only.
    await patch(first.chat.id, { title: "Todo app" });
    const hookId = (hook.body as { id: string }).id;
    const list = await waitFor(async () => {
      const res = await call(svc, "GET", `/v2/hooks/${hookId}/deliveries?limit=10`);
      const items = (res.body as { deliveries: { type: string; chatId: string }[] }).deliveries;
      return items.length ? items : undefined;
    });
    expect(list.map((d) => [d.type, d.chatId])).toEqual([["chat.updated", first.chat.id]]);
  });

  test("bad input gets a 422 in the spec's shape and changes nothing; an unknown chat 404", async () => {
    const before = expectSchema(Chat, (await call(svc, "GET", `/v2/chats/${first.chat.id}`)).body);
    for (const body of [
      { privacy: "everyone" },
      { title: "" },
      { name: "not a field" },
      { metadata: { ["k".repeat(51)]: "v" } },
      { metadata: { key: "v".repeat(501) } },
      { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) },
    ]) {
      const res = await patch(first.chat.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectSchema(ErrorV2, res.body);
    }
    const after = expectSchema(Chat, (await call(svc, "GET", `/v2/chats/${first.chat.id}`)).body);
    expect(after).toEqual(before);
    const missing = await patch("chat_missing", { title: "x" });
    expect(missing.status).toBe(404);
    expect(expectSchema(ErrorV2, missing.body).message).toMatch(/chat_missing/);
  });
});
