import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  AsyncChatRef,
  ChatWithUsage,
  ErrorV2,
  Message,
  MessageList,
  type AgentActionPart,
  type BashPart,
  type Part,
  type ResolveTask,
  type SuggestedPermission,
  type ToolCallPart,
} from "@/lib/api";
import { applyPartsDelta } from "@/lib/api/parts";
import { BlockedTaskV1, ChatV1, ErrorV1, MessageV1 } from "@/lib/api/schemas/v1";
import { call, expectSchema, readAll, request, waitFor, serviceForFile } from "../test-support";

/**
 * The state machine of interface.md Part 3 (rows about integrations and permissions) and the resolve rules of 4.5,
 * table-driven over v1 and v2, through real Requests. Every body is checked against the lib/api schemas.
 */

const svc = serviceForFile();

type Pending =
  | { kind: "integrations"; integrations: string[]; presets: string[] }
  | { kind: "permissions"; permissions: SuggestedPermission[] };

interface Reply {
  status: number;
  body: unknown;
}

/** One interface version, seen the way its clients see it. */
interface Api {
  name: "v1" | "v2";
  /** Creates a chat (sync) and returns its id. */
  create(prompt: string): Promise<string>;
  send(chatId: string, prompt: string): Promise<Reply>;
  resolve(chatId: string, task: unknown): Promise<Reply>;
  /** The request the chat's latest message waits on, read from v2 parts or v1 experimental_content. */
  pending(chatId: string): Promise<Pending | null>;
  /** id and finishReason of the chat's latest message. */
  latest(chatId: string): Promise<{ id: string; finishReason: string | null | undefined; content: string }>;
  /** Everything a client sees of the chat's messages (to prove "state unchanged"). */
  snapshot(chatId: string): Promise<unknown>;
  /** The new assistant message of a successful resolve or send. */
  answered(reply: Reply): { id: string; finishReason: string | null | undefined; content: string };
  errorSchema: z.ZodType;
}

const BlockedContent = z.array(z.tuple([z.literal(1), BlockedTaskV1])).length(1);

/** The request of a v2 message, from its parts. */
function pendingOfParts(message: Message): Pending | null {
  if (message.finishReason !== "tool-calls") return null;
  const parts = message.parts ?? [];
  const last = parts.at(-1);
  if (last?.type === "agent-action" && (last as AgentActionPart).name === "get_or_request_integration") {
    const data = (last as AgentActionPart).data ?? {};
    if (data.status !== "pending") return null;
    return {
      kind: "integrations",
      integrations: data.requestedIntegrations ?? [],
      presets: data.requestedMcpPresets ?? [],
    };
  }
  if (last?.type === "tool-call" && (last as ToolCallPart).suggestedPermissions) {
    return { kind: "permissions", permissions: (last as ToolCallPart).suggestedPermissions! };
  }
  return null;
}

async function v2Messages(chatId: string): Promise<Message[]> {
  const res = await call(svc, "GET", `/v2/chats/${chatId}/messages?limit=100`);
  expect(res.status).toBe(200);
  return expectSchema(MessageList, res.body).messages;
}

async function v2Message(chatId: string, messageId: string): Promise<Message> {
  return expectSchema(Message, (await call(svc, "GET", `/v2/chats/${chatId}/messages/${messageId}`)).body);
}

const v2: Api = {
  name: "v2",
  async create(prompt) {
    const res = await call(svc, "POST", "/v2/chats", { body: { message: prompt } });
    expect(res.status).toBe(200);
    return expectSchema(ChatWithUsage, res.body).chat.id;
  },
  send: (chatId, prompt) => call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: prompt } }),
  resolve: (chatId, task) => call(svc, "POST", `/v2/chats/${chatId}/messages/resolve`, { body: { task } }),
  async pending(chatId) {
    return pendingOfParts((await v2Messages(chatId))[0]!);
  },
  async latest(chatId) {
    const m = (await v2Messages(chatId))[0]!;
    return { id: m.id, finishReason: m.finishReason, content: m.content };
  },
  snapshot: (chatId) => v2Messages(chatId),
  answered(reply) {
    const m = expectSchema(Message, reply.body);
    expect(m.role).toBe("assistant");
    return { id: m.id, finishReason: m.finishReason, content: m.content };
  },
  errorSchema: ErrorV2,
};

async function v1Chat(chatId: string): Promise<ChatV1> {
  const res = await call(svc, "GET", `/v1/chats/${chatId}`);
  expect(res.status).toBe(200);
  return expectSchema(ChatV1, res.body);
}

const v1: Api = {
  name: "v1",
  async create(prompt) {
    const res = await call(svc, "POST", "/v1/chats", { body: { message: prompt, responseMode: "sync" } });
    expect(res.status).toBe(200);
    return expectSchema(ChatV1, res.body).id;
  },
  send: (chatId, prompt) =>
    call(svc, "POST", `/v1/chats/${chatId}/messages`, { body: { message: prompt, responseMode: "sync" } }),
  resolve: (chatId, task) => call(svc, "POST", `/v1/chats/${chatId}/tasks/resolve`, { body: { task } }),
  async pending(chatId) {
    const last = (await v1Chat(chatId)).messages.at(-1)!;
    if (!last.experimental_content) return null;
    expect(last.finishReason).toBe("tool-calls");
    const [[, blocked]] = expectSchema(BlockedContent, last.experimental_content);
    if (blocked.stopReason === "permissions") return { kind: "permissions", permissions: blocked.suggestedPermissions };
    expect(blocked.task.type).toBe("task-get-or-request-integration-v1");
    return {
      kind: "integrations",
      integrations: blocked.task.requestedIntegrations,
      presets: blocked.task.requestedMcpPresets ?? [],
    };
  },
  async latest(chatId) {
    const m = (await v1Chat(chatId)).messages.at(-1)!;
    return { id: m.id, finishReason: m.finishReason, content: m.content };
  },
  snapshot: async (chatId) => (await v1Chat(chatId)).messages,
  answered(reply) {
    const m = expectSchema(MessageV1, reply.body);
    expect(m).toMatchObject({ role: "assistant", type: "message", object: "message" });
    return { id: m.id, finishReason: m.finishReason, content: m.content };
  },
  errorSchema: ErrorV1,
};

const steps = (...names: string[]): ResolveTask => ({ type: "confirmed-steps", connectedIntegrationNames: names });
const permissions = (items: unknown[]) => ({ type: "confirmed-permissions", permissions: items });

function expectError(api: Api, reply: Reply, status: number, code?: string) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expectSchema(api.errorSchema, reply.body);
  if (code && api.name === "v1") expect((reply.body as ErrorV1).error.code).toBe(code);
}

async function pendingPermissions(api: Api, chatId: string): Promise<SuggestedPermission[]> {
  const pending = await api.pending(chatId);
  expect(pending?.kind).toBe("permissions");
  return (pending as Extract<Pending, { kind: "permissions" }>).permissions;
}

/** Runs an action that must leave the chat exactly as it was. */
async function expectUnchanged(api: Api, chatId: string, action: () => Promise<void>) {
  const before = await api.snapshot(chatId);
  await action();
  expect(await api.snapshot(chatId)).toEqual(before);
}

describe.each([v2, v1])("interface.md Part 3 state machine over $name", (api) => {
  describe("chat running → agent needs an integration → blocked on integration", () => {
    test("/integration A,B: the latest assistant message carries the request; finishReason tool-calls", async () => {
      const chatId = await api.create("Build a store /integration Stripe,Neon");
      expect((await api.latest(chatId)).finishReason).toBe("tool-calls");
      expect(await api.pending(chatId)).toEqual({
        kind: "integrations",
        integrations: ["Stripe", "Neon"],
        presets: [],
      });
    });

    test("/integration mcp:Preset asks for MCP presets", async () => {
      const chatId = await api.create("A tracker /integration Neon,mcp:Linear");
      expect(await api.pending(chatId)).toEqual({ kind: "integrations", integrations: ["Neon"], presets: ["Linear"] });
    });
  });

  describe("blocked on integration → resolve confirmed-steps", () => {
    test("with the names exactly as requested: the chat resumes in a new assistant message", async () => {
      const chatId = await api.create("Build a store /integration Stripe,Neon");
      const blocked = await api.latest(chatId);
      const reply = await api.resolve(chatId, steps("Neon", "Stripe"));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const resumed = api.answered(reply);
      expect(resumed.id).not.toBe(blocked.id);
      expect(resumed.finishReason).toBe("stop");
      expect(resumed.content).toMatch(/Stripe and Neon are connected/);
      expect(await api.latest(chatId)).toMatchObject({ id: resumed.id, finishReason: "stop" });
      expect(await api.pending(chatId)).toBeNull();
      const files = await call(svc, "GET", `/v2/chats/${chatId}/files`);
      expect((files.body as { files: unknown[] }).files).toHaveLength(3);
    });

    test("a subset of the requested names connects those; the agent continues without the others", async () => {
      const chatId = await api.create("Build a store /integration Stripe,Neon");
      const resumed = api.answered(await api.resolve(chatId, steps("Stripe")));
      expect(resumed.finishReason).toBe("stop");
      expect(resumed.content).toMatch(/Stripe is connected/);
      expect(resumed.content).toMatch(/Neon was rejected/);
    });

    test("the agent may block again for permissions when the prompt also asked for a script", async () => {
      const chatId = await api.create("A store /integration Stripe /script scripts/seed.ts");
      const resumed = api.answered(await api.resolve(chatId, steps("Stripe")));
      expect(resumed.finishReason).toBe("tool-calls");
      const items = await pendingPermissions(api, chatId);
      expect(items[0]).toMatchObject({ type: "ALLOW_DYNAMIC_TOOL_STRICT", toolName: "run_script" });
      const ran = api.answered(await api.resolve(chatId, permissions(items)));
      expect(ran.finishReason).toBe("stop");
    });

    test("MCP presets are confirmed by name in connectedIntegrationNames", async () => {
      const chatId = await api.create("A tracker /integration mcp:Linear");
      const resumed = api.answered(await api.resolve(chatId, steps("Linear")));
      expect(resumed.content).toMatch(/Linear is connected/);
    });

    test("with an empty list: the request is rejected and the agent continues without it, saying so", async () => {
      const chatId = await api.create("Build a store /integration Stripe,Neon");
      const resumed = api.answered(await api.resolve(chatId, steps()));
      expect(resumed.finishReason).toBe("stop");
      expect(resumed.content).toMatch(/request for Stripe and Neon was rejected, so I continue without them/);
      expect(await api.pending(chatId)).toBeNull();
    });

    test("with names that were not requested (spelling differs): 409, state unchanged", async () => {
      const chatId = await api.create("Build a store /integration Stripe,Neon");
      await expectUnchanged(api, chatId, async () => {
        expectError(api, await api.resolve(chatId, steps("stripe")), 409, "integration_mismatch");
        expectError(api, await api.resolve(chatId, steps("Stripe", "Vercel")), 409, "integration_mismatch");
      });
      expect(api.answered(await api.resolve(chatId, steps("Stripe", "Neon"))).finishReason).toBe("stop");
    });
  });

  describe("chat running → agent needs to run a follow-up script → blocked on permissions", () => {
    test("/script path: the request carries suggestedPermissions per the spec's item table", async () => {
      const chatId = await api.create("A shop /script scripts/seed.ts");
      expect((await api.latest(chatId)).finishReason).toBe("tool-calls");
      const [item, ...rest] = await pendingPermissions(api, chatId);
      expect(rest).toEqual([]);
      expect(item).toEqual({
        type: "ALLOW_DYNAMIC_TOOL_STRICT",
        toolName: "run_script",
        input: { command: "npx tsx scripts/seed.ts", path: "scripts/seed.ts", cwd: "." },
        toolDisplayName: "Run script",
        taskNameActive: "Running scripts/seed.ts",
        taskNameComplete: "Ran scripts/seed.ts",
        userMessage: expect.stringContaining("npx tsx scripts/seed.ts"),
      });
    });
  });

  describe("blocked on permissions → resolve confirmed-permissions", () => {
    test("equal to the pending ones: the script runs (a dangerous bash part with its output)", async () => {
      const chatId = await api.create("A shop /script scripts/seed.ts");
      const blocked = await api.latest(chatId);
      const items = await pendingPermissions(api, chatId);
      // Passed back unchanged, but keys in another order: deep equality.
      const reordered = items.map((item) => Object.fromEntries(Object.entries(item).reverse()));
      const reply = await api.resolve(chatId, permissions(reordered));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const ran = api.answered(reply);
      expect(ran.finishReason).toBe("stop");
      expect(ran.content).toMatch(/^## Ran `scripts\/seed.ts`/);
      const parts = (await v2Message(chatId, ran.id)).parts!;
      const bash = parts.find((p): p is BashPart => p.type === "bash")!;
      expect(bash).toMatchObject({ command: "npx tsx scripts/seed.ts", isDangerous: true });
      expect(bash.output).toMatch(/Seeded \d+ items/);
      // The answered request no longer carries suggestedPermissions (interface.md 2.4) and is no longer pending.
      const tool = (await v2Message(chatId, blocked.id)).parts!.at(-1) as ToolCallPart;
      expect(tool).not.toHaveProperty("suggestedPermissions");
      expect(tool).toMatchObject({ status: "ok", output: { approved: true } });
      expect(await api.pending(chatId)).toBeNull();
    });

    test.each([
      [
        "changed input",
        (p: SuggestedPermission[]) => [{ ...p[0], input: { command: "rm -rf /", path: "scripts/seed.ts", cwd: "." } }],
      ],
      ["a field dropped", (p: SuggestedPermission[]) => [{ ...p[0], userMessage: undefined }]],
      ["an extra item", (p: SuggestedPermission[]) => [...p, { ...p[0], toolName: "other" }]],
      ["none", () => []],
    ])("that differ (%s): 409, state unchanged", async (_label, tamper) => {
      const chatId = await api.create("A shop /script scripts/seed.ts");
      const items = await pendingPermissions(api, chatId);
      await expectUnchanged(api, chatId, async () => {
        expectError(api, await api.resolve(chatId, permissions(tamper(items))), 409, "permissions_mismatch");
      });
      expect(await pendingPermissions(api, chatId)).toEqual(items);
    });
  });

  describe("blocked on permissions → any other follow-up message", () => {
    test("rejects the request; the new message is handled normally; a later resolve is 409", async () => {
      const chatId = await api.create("A shop /script scripts/seed.ts");
      const blocked = await api.latest(chatId);
      const items = await pendingPermissions(api, chatId);
      const reply = await api.send(chatId, "Make the header blue");
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const next = api.answered(reply);
      expect(next.finishReason).toBe("stop");
      expect(next.content).toMatch(/^## /);
      expect(await api.pending(chatId)).toBeNull();
      // Recorded on the blocked message (no suggestedPermissions any more, status error) and in the new one.
      const tool = (await v2Message(chatId, blocked.id)).parts!.at(-1) as ToolCallPart;
      expect(tool).not.toHaveProperty("suggestedPermissions");
      expect(tool).toMatchObject({ status: "error", output: { approved: false, rejectedBy: "new-message" } });
      const thinking = (await v2Message(chatId, next.id)).parts!.find((p) => p.type === "thinking") as { text: string };
      expect(thinking.text).toMatch(/instead of approving `scripts\/seed.ts`, so that request is rejected/);
      if (api.name === "v1") {
        const old = (await call(svc, "GET", `/v1/chats/${chatId}/messages/${blocked.id}`)).body;
        expect(expectSchema(MessageV1, old)).not.toHaveProperty("experimental_content");
      }
      await expectUnchanged(api, chatId, async () => {
        expectError(api, await api.resolve(chatId, permissions(items)), 409, "task_not_pending");
      });
    });
  });

  describe("any → resolve addressed to an older task (the chat has moved on) → 409, unchanged", () => {
    test("a second resolve of an integration request already answered", async () => {
      const chatId = await api.create("Build a store /integration Stripe");
      api.answered(await api.resolve(chatId, steps("Stripe")));
      await expectUnchanged(api, chatId, async () => {
        expectError(api, await api.resolve(chatId, steps("Stripe")), 409, "task_not_pending");
      });
    });

    test("an integration request the user left for a new message (any other follow-up rejects it)", async () => {
      const chatId = await api.create("Build a store /integration Stripe");
      const blocked = await api.latest(chatId);
      const reply = await api.send(chatId, "Forget that, make a blog");
      expect(reply.status).toBe(200);
      expect(api.answered(reply).finishReason).toBe("stop");
      expect(await api.pending(chatId)).toBeNull();
      const action = (await v2Message(chatId, blocked.id)).parts!.at(-1) as AgentActionPart;
      expect(action.data).toMatchObject({
        status: "rejected",
        rejectedBy: "new-message",
        requestedIntegrations: ["Stripe"],
      });
      await expectUnchanged(api, chatId, async () => {
        expectError(api, await api.resolve(chatId, steps("Stripe")), 409, "task_not_pending");
      });
    });

    test("a task of the other type: confirmed-permissions while integrations are pending, and confirmed-steps while permissions are", async () => {
      const integration = await api.create("Build a store /integration Stripe");
      await expectUnchanged(api, integration, async () => {
        expectError(api, await api.resolve(integration, permissions([])), 409, "stale_task");
      });
      const script = await api.create("A shop /script scripts/seed.ts");
      await expectUnchanged(api, script, async () => {
        expectError(api, await api.resolve(script, steps()), 409, "stale_task");
      });
    });

    test("a permission request a follow-up replaced with an integration request", async () => {
      const chatId = await api.create("A shop /script scripts/seed.ts");
      const items = await pendingPermissions(api, chatId);
      const reply = await api.send(chatId, "Now take payments /integration Stripe");
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(await api.pending(chatId)).toMatchObject({ kind: "integrations", integrations: ["Stripe"] });
      await expectUnchanged(api, chatId, async () => {
        expectError(api, await api.resolve(chatId, permissions(items)), 409, "stale_task");
      });
    });

    test("a permission request answered already (approved)", async () => {
      const chatId = await api.create("A shop /script scripts/seed.ts");
      const items = await pendingPermissions(api, chatId);
      api.answered(await api.resolve(chatId, permissions(items)));
      await expectUnchanged(api, chatId, async () => {
        expectError(api, await api.resolve(chatId, permissions(items)), 409, "task_not_pending");
      });
    });

    test("a chat that never waited", async () => {
      const chatId = await api.create("A plain landing page");
      await expectUnchanged(api, chatId, async () => {
        expectError(api, await api.resolve(chatId, steps()), 409, "task_not_pending");
      });
    });
  });

  describe("malformed task, unknown chat → 422 / 404, nothing changes", () => {
    test.each([
      ["no task", {}],
      ["unknown type", { task: { type: "confirmed-everything" } }],
      ["names not an array", { task: { type: "confirmed-steps", connectedIntegrationNames: "Stripe" } }],
      [
        "a permission item without toolName",
        { task: { type: "confirmed-permissions", permissions: [{ type: "ALLOW_DYNAMIC_TOOL_STRICT" }] } },
      ],
    ])("malformed (%s) → 422", async (_label, body) => {
      const chatId = await api.create("Build a store /integration Stripe");
      const path = api.name === "v2" ? `/v2/chats/${chatId}/messages/resolve` : `/v1/chats/${chatId}/tasks/resolve`;
      await expectUnchanged(api, chatId, async () => {
        expectError(api, await call(svc, "POST", path, { body }), 422, "validation_failed");
      });
    });

    test("unknown chat → 404", async () => {
      expectError(api, await api.resolve("chat_missing", steps()), 404, "chat_not_found");
    });
  });

  describe("concurrency", () => {
    test("two simultaneous resolves: exactly one wins, the other is 409", async () => {
      const chatId = await api.create("A shop /script scripts/seed.ts");
      const items = await pendingPermissions(api, chatId);
      const before = (await v2Messages(chatId)).length;
      const replies = await Promise.all([
        api.resolve(chatId, permissions(items)),
        api.resolve(chatId, permissions(items)),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expectError(
        api,
        replies.find((r) => r.status === 409)!,
        409,
      );
      await waitFor(async () => ((await api.latest(chatId)).finishReason ? true : undefined));
      const messages = await v2Messages(chatId);
      expect(messages).toHaveLength(before + 1);
      expect(
        messages.filter((m) => m.parts?.some((p) => p.type === "bash" && (p as BashPart).isDangerous)),
      ).toHaveLength(1);
    });

    test("a resolve and a follow-up message at once: exactly one goes through", async () => {
      const chatId = await api.create("Build a store /integration Stripe");
      const replies = await Promise.all([
        api.resolve(chatId, steps("Stripe")),
        api.send(chatId, "Make it a blog instead"),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    });
  });
});

describe("v2 resolve response modes", () => {
  test("/stream: the 6.2 events of the new assistant message, the same parts as stored", async () => {
    const chatId = await v2.create("Build a store /integration Stripe");
    const res = await svc.handle(
      request("POST", `/v2/chats/${chatId}/messages/resolve/stream`, { body: { task: steps("Stripe") } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await readAll(res);
    const kinds = events.map((e) => e.object);
    expect(kinds[0]).toBe("chat");
    expect(kinds.at(-2)).toBe("message.usage");
    expect(kinds.at(-1)).toBe("chat");
    expect(kinds).not.toContain("chat.title");
    let parts: Part[] = [];
    let messageId = "";
    for (const e of events) {
      if (e.object === "message.parts.chunk") {
        parts = applyPartsDelta(parts, e.delta);
        messageId = e.id;
      }
    }
    const stored = await v2Message(chatId, messageId);
    expect(stored.finishReason).toBe("stop");
    expect(parts).toEqual(stored.parts);
    expect(parts.map((p) => p.type)).toEqual([
      "thinking",
      "agent-action",
      "file-edit",
      "file-edit",
      "file-edit",
      "tool-call",
      "bash",
      "text",
    ]);
  });

  test("/async: 202 with the new message to poll", async () => {
    const chatId = await v2.create("A shop /script scripts/seed.ts");
    const items = await pendingPermissions(v2, chatId);
    const res = await call(svc, "POST", `/v2/chats/${chatId}/messages/resolve/async`, {
      body: { task: permissions(items) },
    });
    expect(res.status).toBe(202);
    const ref = expectSchema(AsyncChatRef, res.body);
    expect(ref.chatId).toBe(chatId);
    const done = await waitFor(async () => {
      const m = await v2Message(chatId, ref.messageId);
      return m.finishReason ? m : undefined;
    });
    expect(done.finishReason).toBe("stop");
    expect(done.parts!.some((p) => p.type === "bash" && (p as BashPart).isDangerous === true)).toBe(true);
  });

  test("/stream and /async answer a stale resolve with 409 (JSON, not a stream) and change nothing", async () => {
    const chatId = await v2.create("Build a store /integration Stripe");
    expect(v2.answered(await v2.resolve(chatId, steps("Stripe"))).finishReason).toBe("stop");
    const before = await v2.snapshot(chatId);
    for (const suffix of ["/stream", "/async"]) {
      const res = await svc.handle(
        request("POST", `/v2/chats/${chatId}/messages/resolve${suffix}`, { body: { task: steps("Stripe") } }),
      );
      expect(res.status).toBe(409);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expectSchema(ErrorV2, await res.json());
    }
    expect(await v2.snapshot(chatId)).toEqual(before);
  });

  test("the resume emits webhook events like any generation (the blocked message gets message.updated)", async () => {
    const chatId = await v2.create("Build a store /integration Stripe");
    const blocked = await v2.latest(chatId);
    const hook = await call(svc, "POST", "/v2/hooks", {
      body: {
        name: "approvals",
        events: ["message.created", "message.updated", "message.finished"],
        url: "http://127.0.0.1:9/hook",
        chatId,
      },
    });
    expect(hook.status).toBe(201);
    const hookId = (hook.body as { id: string }).id;
    const resumed = v2.answered(await v2.resolve(chatId, steps("Stripe")));
    const list = await waitFor(async () => {
      const res = await call(svc, "GET", `/v2/hooks/${hookId}/deliveries?limit=100`);
      const items = (res.body as { deliveries: Array<{ type: string; messageId: string | null }> }).deliveries;
      return items.some((d) => d.type === "message.finished") ? items : undefined;
    });
    const of = (id: string) => new Set(list.filter((d) => d.messageId === id).map((d) => d.type));
    expect(of(blocked.id)).toEqual(new Set(["message.updated"]));
    expect(of(resumed.id)).toEqual(new Set(["message.created", "message.updated", "message.finished"]));
  });

  test("while the chat is generating a resolve is 409 and changes nothing", async () => {
    const chatId = await v2.create("Build a store /integration Stripe");
    const started = await call(svc, "POST", `/v2/chats/${chatId}/messages/async`, { body: { message: "Go on /slow" } });
    expect(started.status).toBe(202);
    const res = await v2.resolve(chatId, steps("Stripe"));
    expectError(v2, res, 409);
    const ref = expectSchema(AsyncChatRef, started.body);
    await waitFor(async () => ((await v2Message(chatId, ref.messageId)).finishReason ? true : undefined));
  });
});
