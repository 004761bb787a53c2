import { describe, expect, it } from "vitest";
import { createServiceClient } from "../client";
import { readChat, readList, readMessage, readParts, readStreamEvent, readUsage, readWebhook } from ".";
import { readAsyncRef, readChatList, readMessageList, readPreview } from "./reads";

/** Payloads in the real service's document's shapes (docs/interoperability.md), read by the dashboard. */

const docChat = {
  id: "chat_1",
  privacy: "private",
  createdAt: "2026-11-25T07:00:00.000Z",
  authorId: "user_1",
  vercelProjectId: "prj_1",
  metadata: { team: "web" },
  writePermission: true,
};
const docUsage = {
  tokens: { input: 10, output: 20, cacheRead: 5, cacheWrite: 0, total: 35 },
  creditsCost: { input: 0.1, output: 0.2, cacheRead: 0, cacheWrite: 0, total: 0.3 },
};
const docMessage = {
  id: "msg_2",
  chatId: "chat_1",
  role: "assistant",
  createdAt: "2026-11-25T07:00:01Z",
  updatedAt: "2026-11-25T07:00:09Z",
  content: "Done.",
  parts: [
    { type: "thinking", text: "Plan the app" },
    {
      type: "agent-action",
      name: "plan",
      summary: "Planned three files",
      data: { plan: "1. index.html", path: "plan.md" },
    },
    { type: "agent-action", name: "ask", summary: "Two questions" },
    { type: "tool-call", name: "check", status: "ok", input: {}, output: {} },
  ],
  finishReason: "stop",
  restorable: true,
  authorId: null,
  usage: docUsage,
};

function transport(body: unknown, status = 200) {
  return createServiceClient({
    baseUrl: "http://svc.test",
    fetch: (async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      })) as typeof fetch,
  });
}

describe("resources", () => {
  it("a chat: the document's vercelProjectId is the hostProjectId, unknown fields are dropped", () => {
    expect(readChat({ ...docChat, somethingNew: { x: 1 } })).toEqual({
      id: "chat_1",
      privacy: "private",
      createdAt: "2026-11-25T07:00:00.000Z",
      authorId: "user_1",
      hostProjectId: "prj_1",
      metadata: { team: "web" },
      writePermission: true,
    });
  });

  it("a chat's share link and its expiry (our extension) are kept", () => {
    const link = { shareUrl: "https://atelier.example/share/abc", shareExpiresAt: "2030-01-01T00:00:00.000Z" };
    expect(readChat({ ...docChat, privacy: "unlisted", ...link })).toMatchObject(link);
    expect(readChat({ ...docChat, shareUrl: "https://atelier.example/share/abc" }).shareExpiresAt).toBeNull();
    expect(readChat(docChat)).not.toHaveProperty("shareUrl");
  });

  it("usage without a model reads as model null", () => {
    expect(readUsage(docUsage)).toEqual({ model: null, ...docUsage });
    expect(readUsage({ model: "svc-pro", tokens: { output: 3 } })?.tokens).toEqual({
      input: 0,
      output: 3,
      cacheRead: 0,
      cacheWrite: 0,
      total: 3,
    });
    expect(readUsage(undefined)).toBeUndefined();
  });

  it("a message in the document's shape keeps every part, restorable and authorId", () => {
    const m = readMessage(docMessage);
    expect(m.parts).toHaveLength(4);
    expect(m.parts![2]).toEqual({ type: "agent-action", name: "ask", summary: "Two questions" });
    expect(m.usage?.model).toBeNull();
    expect(m.restorable).toBe(true);
    expect(m.authorId).toBeNull();
  });

  it("a part that is not an object with a type becomes an unreadable part holding it", () => {
    expect(readParts([{ type: "text", text: "a" }, "stray", { text: "no type" }, null])).toEqual([
      { type: "text", text: "a" },
      { type: "unreadable", value: "stray" },
      { type: "unreadable", value: { text: "no type" } },
      { type: "unreadable", value: null },
    ]);
  });

  it("a message without chatId takes the chat's; an unknown finish reason still means finished", () => {
    const m = readMessage({ ...docMessage, chatId: undefined, finishReason: "cancelled" }, "chat_9");
    expect(m.chatId).toBe("chat_9");
    expect(m.finishReason).toBe("cancelled");
  });

  it("webhooks with or without a secret", () => {
    const hook = {
      id: "hook_1",
      createdAt: "2026-11-25T07:00:00Z",
      name: "ci",
      events: ["chat.created"],
      url: "https://x.test/h",
      chatId: null,
    };
    expect(readWebhook(hook)).toEqual(hook);
    expect(readWebhook({ ...hook, secret: "whsec_abc" }).secret).toBe("whsec_abc");
  });

  it("preview: the document's token is kept (the handoff needs it), null stays null", () => {
    expect(readPreview({ url: "https://p.test/x", token: "t", expiresAt: "2026-11-25T08:00:00Z" })).toEqual({
      url: "https://p.test/x",
      token: "t",
      expiresAt: "2026-11-25T08:00:00Z",
    });
    expect(readPreview({ url: "https://p.test/x", expiresAt: "2026-11-25T08:00:00Z" })).not.toHaveProperty("token");
    expect(readPreview(null)).toBeNull();
  });

  it("async references: the document's {messageId} for a known chat", () => {
    expect(readAsyncRef({ messageId: "msg_3" }, "chat_1")).toEqual({ chatId: "chat_1", messageId: "msg_3" });
    expect(readAsyncRef({ chatId: "chat_2", messageId: "msg_4" })).toEqual({ chatId: "chat_2", messageId: "msg_4" });
    expect(() => readAsyncRef({ messageId: "msg_3" })).toThrow(/chatId/);
  });
});

describe("list envelopes", () => {
  const items = [docChat, { ...docChat, id: "chat_2" }];
  it.each([
    ["bare array", items],
    ["{items}", { items }],
    ["{chats, cursor}", { chats: items, cursor: "c2" }],
    ["{data} (v1)", { object: "list", data: items }],
  ])("%s", (_name, body) => {
    const list = readChatList(body);
    expect(list.chats.map((c) => c.id)).toEqual(["chat_1", "chat_2"]);
    expect(list.unreadable).toEqual([]);
  });

  it("an item that cannot be read is reported with its id; the others stand", () => {
    const list = readChatList({ chats: [docChat, { id: 7 }, "x", { ...docChat, id: "chat_3" }], cursor: null });
    expect(list.chats.map((c) => c.id)).toEqual(["chat_1", "chat_3"]);
    expect(list.unreadable).toEqual([
      { index: 1, reason: "id is missing or not of the right type" },
      { index: 2, reason: "a chat must be an object" },
    ]);
  });

  it("a message that cannot be read stays in its place as an unreadable one", () => {
    const list = readMessageList([docMessage, { role: "user" }], "chat_1");
    expect(list.messages).toHaveLength(2);
    expect(list.messages[1]).toMatchObject({ id: "unreadable-1", role: "user", parts: [{ type: "unreadable" }] });
  });

  it("refuses an answer with no list", () => {
    expect(() => readList({ nothing: 1 }, (x) => x)).toThrow(/holds no list/);
  });
});

describe("the client over document-shaped answers", () => {
  it.each([[{ id: "chat_1", deleted: true }], [{ chatId: "chat_1" }], [{ success: true }], [undefined]])(
    "a delete answered %j succeeds",
    async (body) => {
      await expect(transport(body).deleteChat("chat_1")).resolves.toBeUndefined();
      await expect(transport(body).deleteHook("hook_1")).resolves.toBeUndefined();
    },
  );

  it("webhooks list as a bare array; creation without a secret", async () => {
    expect((await transport([{ id: "hook_1", name: "ci" }]).listHooks()).items).toEqual([{ id: "hook_1", name: "ci" }]);
    const created = await transport({
      id: "hook_1",
      createdAt: "2026-11-25T07:00:00Z",
      name: "ci",
      events: ["chat.created"],
      url: "https://x.test",
      chatId: null,
    }).createHook({
      name: "ci",
      events: ["chat.created"],
      url: "https://x.test",
    });
    expect(created.secret).toBeUndefined();
  });

  it("a host project answered in the document's spelling", async () => {
    expect(await transport({ vercelProjectId: "prj_2" }).createHostProject("chat_1")).toEqual({
      hostProjectId: "prj_2",
    });
  });

  it("async send answered {messageId}", async () => {
    expect(await transport({ messageId: "msg_5" }).sendMessageAsync("chat_1", { message: "hi" })).toEqual({
      chatId: "chat_1",
      messageId: "msg_5",
    });
  });
});

describe("stream events", () => {
  it("the document's message snapshot, usage without model, unknown and unusable events", () => {
    expect(readStreamEvent({ object: "message", ...docMessage })).toMatchObject({
      object: "message",
      id: "msg_2",
      finishReason: "stop",
    });
    expect(readStreamEvent({ object: "message.usage", id: "msg_2", usage: docUsage })).toEqual({
      object: "message.usage",
      id: "msg_2",
      usage: { model: null, ...docUsage },
    });
    expect(readStreamEvent({ object: "message.reasoning.chunk", id: "m" })).toBeNull();
    expect(readStreamEvent({ object: "chat.title", id: "c" })).toBeNull();
    expect(readStreamEvent({ object: "chat", ...docChat, extra: 1 })).toMatchObject({
      object: "chat",
      hostProjectId: "prj_1",
    });
  });
});
