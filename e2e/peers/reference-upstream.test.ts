import { create } from "jsondiffpatch";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveOverHttp } from "@/lib/embedded/mcp/test-http";
import { startService, TEST_KEY } from "@/lib/embedded/test-support";
import {
  ReferenceDocument,
  restorePermissions,
  StreamTranslator,
  translateAnswer,
  translateChat,
  translateMcpServer,
  translateMessage,
  translatePart,
  translateRequestBody,
  upstreamPath,
} from "./reference-translate";
import { startReferenceUpstream, type ReferenceUpstream } from "./reference-upstream";

const doc = new ReferenceDocument();
const op = (method: string, path: string) => doc.operation(method, path)!;
const usage = {
  model: "svc-pro",
  tokens: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, total: 3 },
  creditsCost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
const chat = {
  id: "chat_1",
  title: "T",
  privacy: "private",
  createdAt: "2026-01-01T00:00:00.000Z",
  authorId: "u1",
  hostProjectId: "hp_1",
  metadata: {},
  writePermission: true,
};
const message = {
  id: "msg_1",
  chatId: "chat_1",
  role: "assistant",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:01.000Z",
  content: "Hi",
  parts: [
    { type: "text", text: "Hi" },
    {
      type: "tool-call",
      name: "run",
      toolDisplayName: "Run",
      input: {},
      suggestedPermissions: [{ type: "ALLOW_DYNAMIC_TOOL_STRICT", toolName: "run", toolDisplayName: "Run" }],
    },
    { type: "agent-action", name: "request-integrations", data: { requestedIntegrations: ["Neon"] } },
    { type: "agent-action", name: "plan", data: { steps: ["a"] } },
  ],
  finishReason: "stop",
  usage,
};

describe("the document", () => {
  test("matches operations, literal segments first", () => {
    expect(op("POST", "/chats/c1/messages/stream").key).toBe("POST /chats/{chatId}/messages/stream");
    expect(op("GET", "/chats/c1/messages/m1")).toMatchObject({
      key: "GET /chats/{chatId}/messages/{messageId}",
      params: { chatId: "c1", messageId: "m1" },
    });
    expect(doc.operation("GET", "/hooks/h1/deliveries")).toBeNull();
  });
});

describe("answers in the document's shapes", () => {
  test("chat: hostProjectId → vercelProjectId, nothing else", () => {
    const { hostProjectId: _h, ...rest } = chat;
    expect(translateChat(chat)).toEqual({ ...rest, vercelProjectId: "hp_1" });
    const answer = translateAnswer(doc, op("GET", "/chats/chat_1"), chat);
    expect(answer).toMatchObject({ vercelProjectId: "hp_1" });
    expect(doc.errors(doc.component("Chat"), answer)).toEqual([]);
  });

  test("lists: {chats}, messages; chat with usage drops the model", () => {
    const list = translateAnswer(doc, op("GET", "/chats"), { items: [chat], cursor: null }) as { chats: unknown[] };
    expect(list.chats).toHaveLength(1);
    expect(doc.errors(doc.responseSchema(op("GET", "/chats"), 200)!, list)).toEqual([]);
    const created = translateAnswer(doc, op("POST", "/chats"), { chat, usage }) as { usage: object };
    expect(created.usage).not.toHaveProperty("model");
    expect(doc.errors(doc.component("ChatWithUsage"), created)).toEqual([]);
  });

  test("message: restorable, authorId, usage without model, parts in the document's shapes", () => {
    const m = translateMessage(message) as Record<string, unknown>;
    const out = doc.conform(m, doc.component("Message")) as Record<string, unknown> & {
      parts: Array<Record<string, unknown>>;
    };
    expect(out).toMatchObject({ restorable: true, authorId: null });
    expect(out.usage).not.toHaveProperty("model");
    expect(out.parts[1]).not.toHaveProperty("toolDisplayName");
    expect(out.parts[1]!.suggestedPermissions).toEqual([{ type: "ALLOW_DYNAMIC_TOOL_STRICT", toolName: "run" }]);
    expect(out.parts[2]).toMatchObject({
      summary: expect.any(String),
      data: { requestedIntegrations: ["Neon"], requestedMcpPresets: [] },
    });
    expect(out.parts[3]).not.toHaveProperty("data");
    expect(doc.errors(doc.component("Message"), out)).toEqual([]);
  });

  test("part pruning keeps unknown parts for the validator to flag", () => {
    expect(translatePart({ type: "x-new", a: 1 })).toEqual({ type: "x-new", a: 1 });
  });

  test("hooks: bare list, no secret, delete", () => {
    expect(translateAnswer(doc, op("GET", "/hooks"), { items: [{ id: "h", name: "n", url: "u" }] })).toEqual([
      { id: "h", name: "n" },
    ]);
    const hook = {
      id: "h",
      createdAt: "2026-01-01T00:00:00.000Z",
      name: "n",
      events: ["chat.created"],
      url: "https://x.test/h",
      chatId: null,
      secret: "whsec_x",
    };
    const created = translateAnswer(doc, op("POST", "/hooks"), hook);
    expect(created).not.toHaveProperty("secret");
    expect(doc.errors(doc.component("Webhook"), created)).toEqual([]);
    expect(translateAnswer(doc, op("DELETE", "/hooks/h"), { id: "h", deleted: true })).toEqual({
      id: "h",
      deleted: true,
    });
  });

  test("chats delete, async refs", () => {
    expect(translateAnswer(doc, op("DELETE", "/chats/c9"), { id: "c9", deleted: true })).toEqual({ chatId: "c9" });
    expect(translateAnswer(doc, op("POST", "/chats/c9/messages/async"), { chatId: "c9", messageId: "m" })).toEqual({
      messageId: "m",
    });
    expect(translateAnswer(doc, op("POST", "/chats/async"), { chatId: "c9", messageId: "m" })).toEqual({
      chatId: "c9",
      messageId: "m",
    });
  });

  test("MCP servers: bare list of the document's McpServer, delete {success}", () => {
    const record = {
      id: "mcp_1",
      name: "Docs",
      url: "https://mcp.test/mcp",
      enabled: true,
      scope: "user",
      auth: { type: "oauth", connected: false },
      oauthConfig: {
        authorizationUrl: "https://a.test/auth",
        tokenUrl: "https://a.test/token",
        clientId: "c",
        scopes: ["r"],
        usePKCE: true,
        hasClientSecret: false,
      },
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    const list = translateAnswer(doc, op("GET", "/mcp-servers"), { items: [record] }) as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({
      description: "",
      auth: { type: "oauth", connected: false, config: { clientId: "c" } },
    });
    expect(list[0]).not.toHaveProperty("oauthConfig");
    expect(doc.errors(doc.responseSchema(op("GET", "/mcp-servers"), 200)!, list)).toEqual([]);
    expect(translateMcpServer({ ...record, auth: { type: "none", connected: true } })).toMatchObject({
      auth: { type: "none" },
    });
    expect(translateAnswer(doc, op("DELETE", "/mcp-servers/mcp_1"), { id: "mcp_1", deleted: true })).toEqual({
      success: true,
    });
  });
});

describe("requests", () => {
  test("document bodies become what the service accepts", () => {
    expect(
      translateRequestBody(op("POST", "/chats"), {
        message: "m",
        modelConfiguration: { modelId: "v0-pro", imageGenerations: false },
      }),
    ).toEqual({
      message: "m",
      modelConfiguration: { modelId: "svc-pro", imageGenerations: false },
    });
    expect(
      translateRequestBody(op("POST", "/mcp-servers"), {
        name: "n",
        url: "u",
        enabled: true,
        scope: "user",
        auth: { type: "none" },
      }),
    ).toEqual({
      name: "n",
      url: "u",
      enabled: true,
      scope: "user",
      auth: "none",
    });
    expect(upstreamPath("/chats/c1/vercel-project")).toBe("/chats/c1/host-project");
  });

  test("pending permissions sent back in the document's shape get the stored extension fields back", () => {
    const stored = [{ type: "ALLOW_DYNAMIC_TOOL_STRICT", toolName: "run", toolDisplayName: "Run", input: { a: 1 } }];
    const sent = {
      task: {
        type: "confirmed-permissions",
        permissions: [{ type: "ALLOW_DYNAMIC_TOOL_STRICT", toolName: "run", input: { a: 1 } }],
      },
    };
    expect(restorePermissions(sent, stored)).toEqual({ task: { type: "confirmed-permissions", permissions: stored } });
    const tampered = {
      task: {
        type: "confirmed-permissions",
        permissions: [{ type: "ALLOW_DYNAMIC_TOOL_STRICT", toolName: "run", input: { a: 2 } }],
      },
    };
    expect(restorePermissions(tampered, stored)).toEqual(tampered);
  });

  test("the spec's bodies are flagged by the document's request schemas", () => {
    expect(
      doc.errors(doc.requestSchema(op("POST", "/mcp-servers"))!, { name: "n", url: "https://x.test", auth: "oauth" })
        .length,
    ).toBeGreaterThan(0);
  });
});

describe("stream translation", () => {
  test("text diffs become plain deltas of the translated parts; message snapshots open and close", async () => {
    const fetched = { ...message, parts: [{ type: "text", text: "Hello world" }], content: "Hello world" };
    const t = new StreamTranslator(
      doc,
      "message",
      "chat_1",
      async () => fetched,
      async () => fetched,
    );
    expect(await t.translate({ object: "chat", ...chat })).toEqual([]);
    const first = await t.translate({
      object: "message.parts.chunk",
      id: "msg_1",
      delta: { _t: "a", 0: [{ type: "text", text: "Hello", toolDisplayName: null }] },
    });
    expect(first.map((e) => e.object)).toEqual(["message", "message.parts.chunk"]);
    expect(first[0]).toMatchObject({ id: "msg_1", parts: [], finishReason: null });
    expect(first[1]!.delta).toEqual({ _t: "a", 0: [{ type: "text", text: "Hello" }] });
    // a text diff (jsondiffpatch's [patch, 0, 2]) → a plain [old, new]
    const second = await t.translate({
      object: "message.parts.chunk",
      id: "msg_1",
      delta: { _t: "a", 0: { text: ["@@ -1,5 +1,11 @@\n Hello\n+ world\n", 0, 2] } },
    });
    expect(second).toEqual([
      { id: "msg_1", object: "message.parts.chunk", delta: { _t: "a", 0: { text: ["Hello", "Hello world"] } } },
    ]);
    const plain = create({});
    let parts: unknown = [];
    for (const e of [...first, ...second])
      if (e.object === "message.parts.chunk") parts = plain.patch(parts, e.delta as never);
    expect(parts).toEqual([{ type: "text", text: "Hello world" }]);
    const usageEvents = await t.translate({ object: "message.usage", id: "msg_1", usage });
    expect(usageEvents[0]!.usage).not.toHaveProperty("model");
    const closing = await t.translate({ object: "chat", ...chat });
    expect(closing).toHaveLength(1);
    expect(closing[0]).toMatchObject({ object: "message", id: "msg_1", finishReason: "stop" });
    for (const e of [...first, ...second, ...usageEvents, ...closing])
      expect(doc.errors(doc.component("MessageStreamEvent"), e)).toEqual([]);
    expect(await t.close()).toEqual([]);
  });
});

describe("over HTTP, against an embedded service", () => {
  let embedded: Awaited<ReturnType<typeof serveOverHttp>>;
  let peer: ReferenceUpstream;
  const warnings: string[] = [];
  const auth = { authorization: `Bearer ${TEST_KEY}`, "content-type": "application/json" };
  beforeAll(async () => {
    embedded = await serveOverHttp((publicBaseUrl) => startService({ publicBaseUrl }));
    peer = await startReferenceUpstream({ upstream: embedded.baseUrl, document: doc, log: (l) => warnings.push(l) });
  });
  afterAll(async () => {
    await peer?.close();
    await embedded?.close();
  });

  async function sse(res: Response): Promise<Array<Record<string, unknown>>> {
    const text = await res.text();
    return text
      .split("\n\n")
      .filter(Boolean)
      .map((b) => JSON.parse(b.replace(/^data: /, "")) as Record<string, unknown>);
  }

  test("a chat created by stream, a message sent by stream, lists and deletes — all in the document's shapes", async () => {
    const created = await fetch(`${peer.url}/v2/chats/stream`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ message: "Build a todo app" }),
    });
    expect(created.headers.get("content-type")).toMatch(/text\/event-stream/);
    const chatEvents = await sse(created);
    expect(chatEvents[0]!.object).toBe("chat");
    expect(chatEvents.some((e) => e.object === "message")).toBe(false);
    const chatId = chatEvents[0]!.id as string;

    const sent = await fetch(`${peer.url}/v2/chats/${chatId}/messages/stream`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ message: "Add a dark mode" }),
    });
    const events = await sse(sent);
    const kinds = events.map((e) => e.object);
    expect(kinds).not.toContain("chat");
    expect(kinds[0]).toBe("message");
    expect(kinds.at(-1)).toBe("message");
    expect(events.at(-1)!.finishReason).toBe("stop");
    let parts: unknown = [];
    const plain = create({});
    for (const e of events) if (e.object === "message.parts.chunk") parts = plain.patch(parts, e.delta as never);
    expect(parts).toEqual(events.at(-1)!.parts);

    const list = (await (await fetch(`${peer.url}/v2/chats`, { headers: auth })).json()) as {
      chats: Array<{ id: string }>;
    };
    expect(list.chats.map((c) => c.id)).toContain(chatId);
    const messages = (await (await fetch(`${peer.url}/v2/chats/${chatId}/messages`, { headers: auth })).json()) as {
      messages: unknown[];
    };
    expect(messages.messages.length).toBeGreaterThanOrEqual(4);

    const hook = (await (
      await fetch(`${peer.url}/v2/hooks`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ name: "h", url: "https://hooks.test/x", events: ["chat.created"], chatId: null }),
      })
    ).json()) as { id: string };
    expect(hook).not.toHaveProperty("secret");
    expect(await (await fetch(`${peer.url}/v2/hooks`, { headers: auth })).json()).toEqual([{ id: hook.id, name: "h" }]);
    expect(await (await fetch(`${peer.url}/v2/hooks/${hook.id}`, { method: "DELETE", headers: auth })).json()).toEqual({
      id: hook.id,
      deleted: true,
    });

    expect(await (await fetch(`${peer.url}/v2/chats/${chatId}`, { method: "DELETE", headers: auth })).json()).toEqual({
      chatId,
    });
    expect(peer.responseViolations()).toEqual([]);
    expect(peer.requestViolations()).toEqual([]);
  });

  test("a blocked chat resolved by stream: the new message's snapshots and deltas, in the document's shapes", async () => {
    const created = (await (
      await fetch(`${peer.url}/v2/chats`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ message: "Build a store /integration Stripe" }),
      })
    ).json()) as {
      chat: { id: string };
    };
    const chatId = created.chat.id;
    const listed = (await (await fetch(`${peer.url}/v2/chats/${chatId}/messages`, { headers: auth })).json()) as {
      messages: Array<{ parts: Array<Record<string, unknown>> }>;
    };
    const action = listed.messages.flatMap((m) => m.parts).find((p) => p.type === "agent-action");
    expect(action).toMatchObject({
      summary: expect.any(String),
      data: { requestedIntegrations: ["Stripe"], requestedMcpPresets: [] },
    });
    const res = await fetch(`${peer.url}/v2/chats/${chatId}/messages/resolve/stream`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ task: { type: "confirmed-steps", connectedIntegrationNames: ["Stripe"] } }),
    });
    const events = await sse(res);
    expect(events[0]!.object).toBe("message");
    expect(events.at(-1)).toMatchObject({ object: "message", finishReason: "stop" });
    let parts: unknown = [];
    for (const e of events) if (e.object === "message.parts.chunk") parts = create({}).patch(parts, e.delta as never);
    expect(parts).toEqual(events.at(-1)!.parts);
    expect(peer.responseViolations()).toEqual([]);
  });

  test("request bodies the document refuses are recorded (and forwarded), exposed at /__peer/violations", async () => {
    const res = await fetch(`${peer.url}/v2/mcp-servers`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ name: "Docs", url: "https://mcp.test/mcp", auth: "none" }),
    });
    expect(res.ok).toBe(true);
    const server = (await res.json()) as { id: string; auth: unknown };
    expect(server.auth).toEqual({ type: "none" });
    const recorded = (await (await fetch(`${peer.url}/__peer/violations`)).json()) as {
      violations: Array<{ operation: string }>;
    };
    expect(recorded.violations.map((v) => v.operation)).toEqual(["POST /mcp-servers"]);
    expect(warnings.length).toBeGreaterThan(0);
    expect(await (await fetch(`${peer.url}/v2/mcp-servers`, { headers: auth })).json()).toHaveLength(1);
    expect(
      await (await fetch(`${peer.url}/v2/mcp-servers/${server.id}`, { method: "DELETE", headers: auth })).json(),
    ).toEqual({ success: true });
    await fetch(`${peer.url}/__peer/violations`, { method: "DELETE" });
    expect(
      ((await (await fetch(`${peer.url}/__peer/violations`)).json()) as { violations: unknown[] }).violations,
    ).toEqual([]);
    expect(
      ((await (await fetch(`${peer.url}/__peer/response-violations`)).json()) as { violations: unknown[] }).violations,
    ).toEqual([]);
  });
});
