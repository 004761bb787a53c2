import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as s from "./schemas";
import { allKindsOfParts, sampleChat, sampleMessage, sampleUsage } from "./testing/fixtures";

const { v1 } = s;

/** Parses a valid example: nothing may be stripped or changed, and it survives JSON. */
function roundTrip(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`expected valid: ${JSON.stringify(parsed.error.issues)}`);
  expect(parsed.data).toEqual(value);
  expect(schema.parse(JSON.parse(JSON.stringify(parsed.data)))).toEqual(value);
}

/** An invalid example: parsing fails with an issue at `path` (dot-joined). */
function rejects(schema: z.ZodType, value: unknown, path: string) {
  const parsed = schema.safeParse(value);
  expect(parsed.success, `expected invalid at ${path}`).toBe(false);
  const paths = parsed.error!.issues.flatMap((i) => {
    const own = i.path.map(String).join(".");
    // union issues carry the members' issues
    const nested =
      "errors" in i && Array.isArray(i.errors)
        ? (i.errors as z.core.$ZodIssue[][]).flat().map((n) => [own, ...n.path.map(String)].filter(Boolean).join("."))
        : [];
    return [own, ...nested];
  });
  expect(paths).toContain(path);
}

/**
 * An invalid part: rejected somewhere under `path`. (The Part union reports a known kind's broken field as
 * "parts.N.type: known part type", from its UnknownPart member, rather than the field itself.)
 */
function rejectsUnder(schema: z.ZodType, value: unknown, path: string) {
  const parsed = schema.safeParse(value);
  expect(parsed.success, `expected invalid under ${path}`).toBe(false);
  expect(parsed.error!.issues.some((i) => i.path.map(String).join(".").startsWith(path))).toBe(true);
}

// ---------- examples shaped like interface.md Part 2 ----------

const chat = sampleChat({
  title: "Landing page",
  updatedAt: "2025-01-01T12:05:30.123Z",
  hostProjectId: "hp_1",
  metadata: { team: "web" },
});

const versionV1 = {
  id: "v_1",
  object: "version",
  status: "completed",
  demoUrl: "https://demo.example/v_1",
  screenshotUrl: "https://svc.example/v1/chats/c1/versions/v_1/screenshot",
  createdAt: "2025-01-01T12:00:00.000Z",
  updatedAt: "2025-01-01T12:01:00.000Z",
  files: [{ object: "file", name: "index.html", content: "<h1>Hi</h1>", locked: false }],
};

const messageV1 = {
  id: "m_1",
  object: "message",
  content: "Build a landing page",
  experimental_content: [[1, { stopReason: "permissions", suggestedPermissions: [] }]],
  createdAt: "2025-01-01T12:00:00.000Z",
  updatedAt: "2025-01-01T12:00:00.000Z",
  type: "open-in-svc",
  role: "assistant",
  finishReason: "tool-calls",
  apiUrl: "https://svc.example/v1/chats/c1/messages/m_1",
  authorId: null,
  parentId: null,
  attachments: [
    { url: "https://x.example/a.png", name: "a.png", contentType: "image/png", size: 12, type: "screenshot" },
  ],
};

const chatV1 = {
  id: "c1",
  object: "chat",
  shareable: false,
  privacy: "team-edit",
  name: "My chat",
  title: "Landing page",
  createdAt: "2025-01-01T12:00:00.000Z",
  updatedAt: "2025-01-01T12:05:00.000Z",
  favorite: true,
  authorId: "user_1",
  projectId: "p_1",
  hostProjectId: "hp_1",
  webUrl: "https://svc.example/chat/c1",
  apiUrl: "https://svc.example/v1/chats/c1",
  latestVersion: versionV1,
  url: "https://svc.example/chat/c1",
  messages: [messageV1],
  files: [{ lang: "html", meta: { file: "index.html" }, source: "<h1>Hi</h1>" }],
  demo: "https://demo.example/v_1",
  text: "Build a landing page",
  modelConfiguration: { modelId: "svc-max-fast", imageGenerations: true, thinking: false },
  permissions: { write: true },
  metadata: {},
};

const userV1 = {
  id: "user_1",
  object: "user",
  name: "Ada",
  email: "ada@example.com",
  avatar: "https://avatars.example/ada.png",
  createdAt: "2024-06-01T00:00:00.000Z",
};

const webhook = {
  id: "hook_1",
  createdAt: "2025-01-01T12:00:00Z",
  name: "CI",
  events: ["chat.created", "message.finished"],
  url: "https://ci.example/hook",
  chatId: null,
};

const oauthConfig = {
  authorizationUrl: "https://auth.example/authorize",
  tokenUrl: "https://auth.example/token",
  clientId: "client_1",
  scopes: ["read", "write"],
  usePKCE: true,
  resource: "https://mcp.example/mcp",
};

const permission = {
  type: "ALLOW_DYNAMIC_TOOL_STRICT",
  toolName: "run_script",
  input: { path: "scripts/seed.sh" },
  toolDisplayName: null,
  taskNameActive: "Running seed",
  taskNameComplete: null,
  userMessage: "Run the seed script?",
};

describe("v2 resources (2.1–2.4, 2.9)", () => {
  it("Chat: valid examples round-trip (timestamps with and without seconds)", () => {
    roundTrip(s.Chat, chat);
    roundTrip(s.Chat, sampleChat());
    roundTrip(s.Chat, sampleChat({ createdAt: "2025-01-01T12:00Z", updatedAt: "2025-01-01T12:00:59Z" }));
  });

  it("Chat: strict, exact enums, required fields, UTC timestamps", () => {
    rejects(s.Chat, { ...chat, object: "chat" }, "");
    rejects(s.Chat, { ...chat, shareable: true }, "");
    rejects(s.Chat, { ...chat, privacy: "secret" }, "privacy");
    const { authorId: _a, ...noAuthor } = chat;
    rejects(s.Chat, noAuthor, "authorId");
    const { writePermission: _w, ...noWrite } = chat;
    rejects(s.Chat, noWrite, "writePermission");
    rejects(s.Chat, { ...chat, createdAt: "2025-01-01 12:00:00" }, "createdAt");
    rejects(s.Chat, { ...chat, createdAt: "2025-01-01T12:00:00+02:00" }, "createdAt");
    rejects(s.Chat, { ...chat, createdAt: "2025-13-45T12:00:00Z" }, "createdAt");
    rejects(s.Chat, { ...chat, metadata: { n: 1 } }, "metadata.n");
  });

  it("Chat with usage: all five numbers of tokens and creditsCost, model string or null", () => {
    roundTrip(s.ChatWithUsage, { chat, usage: sampleUsage() });
    roundTrip(s.ChatWithUsage, { chat, usage: sampleUsage({ model: null }) });
    const { total: _t, ...noTotal } = sampleUsage().tokens;
    rejects(s.ChatWithUsage, { chat, usage: { ...sampleUsage(), tokens: noTotal } }, "usage.tokens.total");
    const { creditsCost: _c, ...noCredits } = sampleUsage();
    rejects(s.ChatWithUsage, { chat, usage: noCredits }, "usage.creditsCost");
    rejects(s.ChatWithUsage, { chat: { ...chat, extra: 1 }, usage: sampleUsage() }, "chat");
  });

  it("Async chat reference", () => {
    roundTrip(s.AsyncChatRef, { chatId: "c1", messageId: "m2" });
    rejects(s.AsyncChatRef, { chatId: "c1" }, "messageId");
  });

  it("Message with all eight part kinds and an unknown kind", () => {
    const unknown = { type: "image-generation", url: "https://img.example/1.png", startedAt: "2025-01-01T12:00:03Z" };
    const message = sampleMessage({ parts: [...allKindsOfParts(), unknown as s.Part] });
    roundTrip(s.Message, message);
    expect(new Set(message.parts!.map((p) => p.type))).toEqual(new Set([...s.KNOWN_PART_TYPES, "image-generation"]));
    // parts are loose: fields the service adds are kept
    roundTrip(s.Message, sampleMessage({ parts: [{ type: "text", text: "x", citations: [1] } as s.Part] }));
    roundTrip(s.Message, sampleMessage({ parts: undefined, finishReason: null, usage: undefined, role: "user" }));
  });

  it("Message: invalid parts, enums, fields and timestamps", () => {
    const withPart = (part: unknown) => sampleMessage({ parts: [part as s.Part] });
    rejectsUnder(s.Message, withPart({ type: "text" }), "parts.0");
    rejectsUnder(s.Message, withPart({ type: "file-edit", operation: "move", path: "a" }), "parts.0");
    rejectsUnder(s.Message, withPart({ type: "search", scope: "local", query: "q" }), "parts.0");
    rejectsUnder(s.Message, withPart({ type: "bash", command: "ls", exitCode: 1.5 }), "parts.0");
    rejectsUnder(s.Message, withPart({ type: "tool-call", name: "t", status: "pending" }), "parts.0");
    rejectsUnder(
      s.Message,
      withPart({ type: "tool-call", name: "t", suggestedPermissions: [{ ...permission, type: "ALLOW" }] }),
      "parts.0",
    );
    rejectsUnder(
      s.Message,
      withPart({ type: "agent-action", name: "x", data: { requestedIntegrations: "db" } }),
      "parts.0",
    );
    rejectsUnder(s.Message, withPart({ type: "text", text: "x", startedAt: "noon" }), "parts.0");
    rejectsUnder(s.Message, withPart({ text: "no type" }), "parts.0");
    rejects(s.Message, sampleMessage({ role: "system" as "user" }), "role");
    rejects(s.Message, sampleMessage({ finishReason: "done" as "stop" }), "finishReason");
    const { updatedAt: _u, ...noUpdated } = sampleMessage();
    rejects(s.Message, noUpdated, "updatedAt");
    rejects(s.Message, sampleMessage({ createdAt: "2025-01-01T12:00:00" }), "createdAt");
  });

  it("each known part kind names its broken field (KnownPart)", () => {
    for (const part of allKindsOfParts()) roundTrip(s.KnownPart, part);
    rejects(s.KnownPart, { type: "text" }, "text");
    rejects(s.KnownPart, { type: "thinking", text: 1 }, "text");
    rejects(s.KnownPart, { type: "file-read", paths: "a" }, "paths");
    rejects(s.KnownPart, { type: "file-edit", operation: "move", path: "a" }, "operation");
    rejects(s.KnownPart, { type: "search", scope: "local", query: "q" }, "scope");
    rejects(s.KnownPart, { type: "bash", command: "ls", exitCode: 1.5 }, "exitCode");
    rejects(s.KnownPart, { type: "tool-call", name: "t", status: "pending" }, "status");
    rejects(
      s.KnownPart,
      { type: "tool-call", name: "t", suggestedPermissions: [{ ...permission, type: "ALLOW" }] },
      "suggestedPermissions.0.type",
    );
    rejects(
      s.KnownPart,
      { type: "agent-action", name: "x", data: { requestedIntegrations: "db" } },
      "data.requestedIntegrations",
    );
    rejects(s.KnownPart, { type: "text", text: "x", finishedAt: "noon" }, "finishedAt");
    rejects(s.UnknownPart, { type: "text" }, "type");
    roundTrip(s.UnknownPart, { type: "image-generation", anything: { goes: true } });
  });

  it("Lists, chat files, preview, host project", () => {
    roundTrip(s.ChatList, { chats: [chat], cursor: "abc" });
    roundTrip(s.MessageList, { messages: [sampleMessage()], cursor: null });
    rejects(s.ChatList, { chats: [chat] }, "cursor");
    roundTrip(s.ChatFiles, {
      files: [
        { path: "index.html", content: "<h1/>", encoding: "utf8" },
        { path: "logo.png", content: "iVBORw0KGgo=", encoding: "base64" },
      ],
    });
    rejects(s.ChatFile, { path: "a", content: "", encoding: "hex" }, "encoding");
    rejects(s.ChatFile, { path: "a", encoding: "utf8" }, "content");
    roundTrip(s.Preview, null);
    roundTrip(s.Preview, { url: "https://preview.example/c1", expiresAt: "2025-01-01T13:00:00Z" });
    rejects(s.Preview, { url: "https://preview.example/c1", expiresAt: "soon" }, "expiresAt");
    roundTrip(s.HostProject, { hostProjectId: "hp_1" });
  });
});

describe("v1 resources (2.5–2.8)", () => {
  it("Chat, Version, Message and User round-trip", () => {
    roundTrip(v1.ChatV1, chatV1);
    roundTrip(v1.VersionV1, versionV1);
    roundTrip(v1.MessageV1, messageV1);
    roundTrip(v1.UserV1, userV1);
    for (const type of v1.MessageTypeV1.options) roundTrip(v1.MessageV1, { ...messageV1, type });
  });

  it("rejects wrong fixed values, enums and missing fields", () => {
    rejects(v1.ChatV1, { ...chatV1, object: "chats" }, "object");
    rejects(v1.ChatV1, { ...chatV1, privacy: "hidden" }, "privacy");
    rejects(v1.ChatV1, { ...chatV1, modelConfiguration: { modelId: "svc-ultra" } }, "modelConfiguration.modelId");
    const { permissions: _p, ...noPermissions } = chatV1;
    rejects(v1.ChatV1, noPermissions, "permissions");
    rejects(v1.ChatV1, { ...chatV1, files: [{ lang: "html", meta: {} }] }, "files.0.source");
    rejects(v1.VersionV1, { ...versionV1, status: "running" }, "status");
    rejects(v1.VersionV1, { ...versionV1, files: [{ object: "file", name: "a", content: "" }] }, "files.0.locked");
    rejects(v1.MessageV1, { ...messageV1, type: "open-in-v0" }, "type");
    rejects(v1.MessageV1, { ...messageV1, finishReason: "done" }, "finishReason");
    rejects(v1.MessageV1, { ...messageV1, attachments: [{ url: "u" }] }, "attachments.0.size");
    const { authorId: _a, ...noAuthor } = messageV1;
    rejects(v1.MessageV1, noAuthor, "authorId");
    const { email: _e, ...noEmail } = userV1;
    rejects(v1.UserV1, noEmail, "email");
    rejects(v1.UserV1, { ...userV1, object: "account" }, "object");
  });

  it("blocked tasks of experimental_content", () => {
    roundTrip(v1.BlockedTaskV1, {
      stopReason: "user-input-required",
      task: { type: "task-get-or-request-integration-v1", requestedIntegrations: ["Neon"] },
    });
    roundTrip(v1.BlockedTaskV1, { stopReason: "permissions", suggestedPermissions: [permission] });
    rejects(v1.BlockedTaskV1, { stopReason: "paused" }, "stopReason");
  });

  it("v1 bodies: chat creation or initialization, messages, version patch", () => {
    expect(v1.CreateChatBodyV1.safeParse({ message: "hi", responseMode: "experimental_stream" }).success).toBe(true);
    expect(v1.CreateChatBodyV1.safeParse({ initialMessage: "hi" }).success).toBe(true);
    expect(v1.CreateChatBodyV1.safeParse({ type: "files", files: [{ name: "a.txt", content: "x" }] }).success).toBe(
      true,
    );
    rejects(v1.CreateChatBodyV1, { type: "repo" }, "repo");
    rejects(v1.CreateChatBodyV1, {}, "message");
    rejects(v1.CreateChatBodyV1, { message: "hi", responseMode: "stream" }, "responseMode");
    rejects(v1.SendMessageBodyV1, { prompt: "hi" }, "message");
    roundTrip(v1.PatchVersionBodyV1, { files: [{ name: "a.ts", content: "x", locked: true }] });
    rejects(v1.PatchVersionBodyV1, { files: [] }, "files");
  });
});

describe("webhooks (2.10)", () => {
  it("Webhook, creation response, list and deletion", () => {
    roundTrip(s.Webhook, webhook);
    roundTrip(s.Webhook, { ...webhook, chatId: "c1", events: s.WebhookEvent.options });
    roundTrip(s.WebhookCreated, { ...webhook, secret: "whsec_abc" });
    roundTrip(s.WebhookList, { items: [{ id: "hook_1", name: "CI" }] });
    roundTrip(s.WebhookDeleted, { id: "hook_1", deleted: true });
    rejects(s.Webhook, { ...webhook, events: ["chat.archived"] }, "events.0");
    const { chatId: _c, ...noChatId } = webhook;
    rejects(s.Webhook, noChatId, "chatId");
    rejects(s.WebhookCreated, { ...webhook, secret: "abc" }, "secret");
    rejects(s.WebhookDeleted, { id: "hook_1", deleted: false }, "deleted");
  });

  it("Webhook bodies", () => {
    roundTrip(s.CreateWebhookBody, {
      name: "CI",
      events: ["message.finished"],
      url: "https://ci.example/hook",
      chatId: null,
    });
    rejects(s.CreateWebhookBody, { name: "CI", events: [], url: "https://ci.example/hook" }, "events");
    rejects(s.CreateWebhookBody, { name: "CI", events: ["chat.created"], url: "ftp://ci.example" }, "url");
    roundTrip(s.UpdateWebhookBody, { name: "renamed" });
    rejects(s.UpdateWebhookBody, { events: ["nope"] }, "events.0");
  });
});

describe("MCP servers (2.11, 4.1–4.3)", () => {
  it("v2 creation body with defaults, update body, record, authorize", () => {
    const body = {
      name: "Docs",
      url: "https://mcp.example/mcp",
      enabled: true,
      auth: "oauth",
      scope: "user",
      oauthConfig,
    };
    roundTrip(s.CreateMcpServerBody, body);
    expect(
      s.CreateMcpServerBody.parse({
        name: "Docs",
        url: "https://mcp.example/mcp",
        oauthConfig: { authorizationUrl: oauthConfig.authorizationUrl, tokenUrl: oauthConfig.tokenUrl },
      }),
    ).toEqual({
      name: "Docs",
      url: "https://mcp.example/mcp",
      auth: "oauth",
      oauthConfig: {
        authorizationUrl: oauthConfig.authorizationUrl,
        tokenUrl: oauthConfig.tokenUrl,
        scopes: [],
        usePKCE: true,
      },
    });
    roundTrip(s.CreateMcpServerBody, { name: "Open", url: "http://localhost:4000/mcp", auth: "none" });
    rejects(s.CreateMcpServerBody, { ...body, url: "mcp.example" }, "url");
    rejects(s.CreateMcpServerBody, { ...body, auth: "basic" }, "auth");
    rejects(s.CreateMcpServerBody, { ...body, scope: "org" }, "scope");
    rejects(s.CreateMcpServerBody, { ...body, name: "" }, "name");
    rejects(
      s.CreateMcpServerBody,
      { ...body, oauthConfig: { ...oauthConfig, tokenUrl: "/token" } },
      "oauthConfig.tokenUrl",
    );
    roundTrip(s.UpdateMcpServerBody, { auth: "oauth", oauthConfig });
    roundTrip(s.McpServerRecord, {
      id: "mcp_1",
      name: "Docs",
      url: "https://mcp.example/mcp",
      description: "",
      enabled: true,
      scope: "user",
      userId: "user_1",
      auth: { type: "oauth", connected: false },
      createdAt: "2025-01-01T12:00:00Z",
      updatedAt: "2025-01-01T12:00:00Z",
    });
    roundTrip(s.AuthorizeBody, { returnUrl: "https://dash.example/mcp" });
    rejects(s.AuthorizeBody, { returnUrl: "/mcp" }, "returnUrl");
    roundTrip(s.AuthorizeResponse, {
      url: "https://auth.example/authorize?x=1",
      state: "st",
      expiresAt: "2025-01-01T12:05:00Z",
    });
  });

  it("v1 creation body: auth object with type and config", () => {
    roundTrip(v1.CreateMcpServerBodyV1, {
      name: "Docs",
      url: "https://mcp.example/mcp",
      auth: { type: "oauth", config: oauthConfig },
    });
    rejects(
      v1.CreateMcpServerBodyV1,
      { name: "Docs", url: "https://mcp.example/mcp", auth: { type: "apikey", config: oauthConfig } },
      "auth.type",
    );
  });
});

describe("resolve task union (4.5)", () => {
  it("accepts both task types and rejects the rest", () => {
    roundTrip(s.ResolveBody, { task: { type: "confirmed-steps", connectedIntegrationNames: ["Neon", "Upstash"] } });
    roundTrip(s.ResolveBody, { task: { type: "confirmed-steps", connectedIntegrationNames: [] } });
    roundTrip(s.ResolveBody, { task: { type: "confirmed-permissions", permissions: [permission] } });
    roundTrip(v1.ResolveBodyV1, { task: { type: "confirmed-permissions", permissions: [] } });
    rejects(s.ResolveBody, { task: { type: "confirmed-steps" } }, "task.connectedIntegrationNames");
    rejects(
      s.ResolveBody,
      { task: { type: "confirmed-permissions", permissions: [{ toolName: "x" }] } },
      "task.permissions.0.type",
    );
    rejects(s.ResolveBody, { task: { type: "approve-all" } }, "task.type");
    rejects(s.ResolveBody, {}, "task");
  });
});

describe("stream events (6.2)", () => {
  it("accepts the five kinds", () => {
    roundTrip(s.StreamEvent, { object: "chat", ...chat });
    roundTrip(s.StreamEvent, { object: "chat.title", id: "c1", delta: "Landing page" });
    roundTrip(s.StreamEvent, {
      object: "message.parts.chunk",
      id: "m2",
      delta: { _t: "a", 0: [{ type: "text", text: "" }] },
    });
    roundTrip(s.StreamEvent, { object: "message.usage", id: "m2", usage: sampleUsage() });
    roundTrip(s.StreamEvent, { object: "error", id: "m2", message: "agent failed" });
    roundTrip(s.StreamEvent, { object: "error", id: "c1", message: "agent failed", code: "agent_error" });
  });

  it("rejects unknown kinds, extra chat fields and missing fields", () => {
    rejects(s.StreamEvent, { object: "message.created", id: "m2" }, "object");
    rejects(s.StreamEvent, { object: "chat", ...chat, messages: [] }, "");
    rejects(s.StreamEvent, { object: "chat.title", id: "c1" }, "delta");
    rejects(s.StreamEvent, { object: "message.usage", id: "m2", usage: { model: null } }, "usage.tokens");
    rejects(s.StreamEvent, { object: "error", id: "m2" }, "message");
  });
});

describe("error bodies (interface.md Part 7)", () => {
  it("v2: one message field and nothing else", () => {
    roundTrip(s.ErrorV2, { message: "Chat not found" });
    rejects(s.ErrorV2, { message: "x", code: "not_found" }, "");
    rejects(s.ErrorV2, {}, "message");
  });

  it("v1: error object with code, type, message and userMessage", () => {
    roundTrip(v1.ErrorV1, {
      error: { code: "project_not_found", type: "not_found_error", message: "no project", userMessage: "Not found." },
    });
    rejects(
      v1.ErrorV1,
      { error: { code: "project_not_found", type: "not_found_error", message: "no project" } },
      "error.userMessage",
    );
    rejects(v1.ErrorV1, { message: "flat" }, "error");
  });
});

describe("chat and message bodies (4.1): message is authoritative, prompt an alias", () => {
  const bodies = [s.CreateChatBody, s.SendMessageBody] as const;

  it("accepts message, prompt, or both when equal", () => {
    for (const schema of bodies) {
      roundTrip(schema, { message: "Build it" });
      roundTrip(schema, { prompt: "Build it" });
      roundTrip(schema, { message: "Build it", prompt: "Build it", mcpServerIds: ["mcp_1"] });
    }
    expect(s.promptOf({ prompt: "alias" })).toBe("alias");
    expect(s.promptOf({ message: "m", prompt: "m" })).toBe("m");
  });

  it("rejects neither, both different, and empty prompts", () => {
    for (const schema of bodies) {
      rejects(schema, {}, "message");
      rejects(schema, { message: "a", prompt: "b" }, "prompt");
      rejects(schema, { message: "" }, "message");
      rejects(schema, { prompt: "" }, "prompt");
      rejects(schema, { message: "x", mcpServerIds: Array.from({ length: 51 }, (_, i) => `m${i}`) }, "mcpServerIds");
    }
    const error = s.CreateChatBody.safeParse({}).error!;
    expect(error.issues[0]!.message).toBe("message is required");
  });

  it("chat creation options", () => {
    roundTrip(s.CreateChatBody, {
      message: "Build it",
      privacy: "unlisted",
      metadata: { ticket: "T-1" },
      credentialAccess: { sharedNpm: false, github: true },
      modelConfiguration: { modelId: "svc-pro", thinking: true },
    });
    rejects(s.CreateChatBody, { message: "x", privacy: "secret" }, "privacy");
    rejects(s.CreateChatBody, { message: "x", modelConfiguration: { modelId: "gpt" } }, "modelConfiguration.modelId");
    rejects(s.CreateChatBody, { message: "x", metadata: { a: 1 } }, "metadata.a");
    rejects(s.CreateChatBody, { message: "x", credentialAccess: { github: "yes" } }, "credentialAccess.github");
  });
});
