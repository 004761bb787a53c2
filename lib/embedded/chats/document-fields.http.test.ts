import { describe, expect, it } from "vitest";
import { ChatList, ChatWithUsage, Message, MessageList, Preview, v1 } from "@/lib/api";
import { call, expectSchema, serviceForFile } from "../test-support";

/** Fields the reference document has where the spec is silent: create/send body fields, list filters, message fields. */

const svc = serviceForFile();

async function messages(chatId: string): Promise<Message[]> {
  return expectSchema(MessageList, (await call(svc, "GET", `/v2/chats/${chatId}/messages`)).body).messages;
}

describe("create and send body fields of the document", () => {
  let chatId = "";
  it("title sets the chat title (none is generated); systemPrompt is stored and read by the agent; v0-* model ids are aliases", async () => {
    const res = await call(svc, "POST", "/v2/chats", {
      body: {
        message: "Build a todo app",
        title: "My todo board",
        systemPrompt: "Always answer in a friendly tone.",
        modelConfiguration: { modelId: "v0-max", imageGenerations: false },
        attachments: [{ url: "https://files.example.com/spec%20v2.pdf" }],
      },
    });
    expect(res.status).toBe(200);
    const { chat } = expectSchema(ChatWithUsage, res.body);
    chatId = chat.id;
    expect(chat.title).toBe("My todo board");
    const v1chat = expectSchema(v1.ChatV1, (await call(svc, "GET", `/v1/chats/${chatId}`)).body);
    expect(v1chat.systemPrompt).toBe("Always answer in a friendly tone.");
    expect(v1chat.modelConfiguration?.modelId).toBe("svc-max");
    const [assistant, user] = await messages(chatId);
    const thinking = assistant!.parts!.find((p) => p.type === "thinking") as { text: string };
    expect(thinking.text).toContain('Following the chat\'s system prompt: "Always answer in a friendly tone."');
    expect(user).toMatchObject({
      role: "user",
      authorId: "user_embedded",
      restorable: false,
      attachments: [{ url: "https://files.example.com/spec%20v2.pdf", name: "spec v2.pdf" }],
    });
    expect(assistant).toMatchObject({ role: "assistant", authorId: null, restorable: true });
  });

  it("send: attachments on the user message; a systemPrompt replaces the chat's", async () => {
    const res = await call(svc, "POST", `/v2/chats/${chatId}/messages`, {
      body: {
        message: "Add a footer",
        systemPrompt: "Be brief.",
        attachments: [{ url: "http://img.example.com/a.png" }],
      },
    });
    expect(res.status).toBe(200);
    const [assistant, user] = await messages(chatId);
    expect(user!.attachments).toEqual([
      { url: "http://img.example.com/a.png", name: "a.png", contentType: "image/png" },
    ]);
    expect((assistant!.parts!.find((p) => p.type === "thinking") as { text: string }).text).toContain('"Be brief."');
    expect(expectSchema(v1.ChatV1, (await call(svc, "GET", `/v1/chats/${chatId}`)).body).systemPrompt).toBe(
      "Be brief.",
    );
  });

  it("rejects unsafe attachment URLs and unknown model ids (422)", async () => {
    for (const body of [
      { message: "x", attachments: [{ url: "javascript:alert(1)" }] },
      { message: "x", attachments: [{ url: "/relative.png" }] },
      { message: "x", modelConfiguration: { modelId: "v0-ultra" } },
      { message: "x", title: "" },
    ]) {
      expect((await call(svc, "POST", "/v2/chats", { body })).status, JSON.stringify(body)).toBe(422);
    }
  });

  it("an assistant message that blocked on the user made no version: restorable false", async () => {
    const res = await call(svc, "POST", "/v2/chats", { body: { message: "A shop /integration Neon" } });
    const chat = expectSchema(ChatWithUsage, res.body).chat;
    const [assistant] = await messages(chat.id);
    expect(assistant).toMatchObject({ finishReason: "tool-calls", restorable: false });
    const action = assistant!.parts!.find((p) => p.type === "agent-action") as { summary?: string; data: unknown };
    expect(action.summary).toBe("Requested Neon");
    expect(action.data).toMatchObject({ requestedIntegrations: ["Neon"], requestedMcpPresets: [] });
  });
});

describe("GET /v2/chats filters of the document", () => {
  it("metadata[key]=value (all pairs must match), vercelProjectId / hostProjectId, authorId", async () => {
    const a = expectSchema(
      ChatWithUsage,
      (await call(svc, "POST", "/v2/chats", { body: { message: "One /fast", metadata: { env: "prod", team: "x" } } }))
        .body,
    ).chat;
    const b = expectSchema(
      ChatWithUsage,
      (await call(svc, "POST", "/v2/chats", { body: { message: "Two /fast", metadata: { env: "prod" } } })).body,
    ).chat;
    const ids = async (query: string) =>
      expectSchema(ChatList, (await call(svc, "GET", `/v2/chats?${query}`)).body).chats.map((c) => c.id);
    expect(await ids("metadata%5Benv%5D=prod")).toEqual([b.id, a.id]);
    expect(await ids("metadata[env]=prod&metadata[team]=x")).toEqual([a.id]);
    expect(await ids("metadata[env]=dev")).toEqual([]);
    const linked = (await call(svc, "POST", `/v2/chats/${a.id}/host-project`)).body as { hostProjectId: string };
    expect(await ids(`vercelProjectId=${linked.hostProjectId}`)).toEqual([a.id]);
    expect(await ids(`hostProjectId=${linked.hostProjectId}`)).toEqual([a.id]);
    expect((await ids("authorId=user_embedded&limit=100")).length).toBeGreaterThanOrEqual(2);
    expect(await ids("authorId=someone_else")).toEqual([]);
    const paged = expectSchema(ChatList, (await call(svc, "GET", "/v2/chats?metadata[env]=prod&limit=1")).body);
    expect(paged.chats.map((c) => c.id)).toEqual([b.id]);
    const next = expectSchema(
      ChatList,
      (await call(svc, "GET", `/v2/chats?metadata[env]=prod&limit=1&cursor=${paged.cursor}`)).body,
    );
    expect(next.chats.map((c) => c.id)).toEqual([a.id]);
  });
});

describe("preview", () => {
  it("carries the document's token, which opens the preview origin's root as the x-v0-preview-token header", async () => {
    const chat = expectSchema(
      ChatWithUsage,
      (await call(svc, "POST", "/v2/chats", { body: { message: "A page /fast" } })).body,
    ).chat;
    const preview = expectSchema(Preview, (await call(svc, "GET", `/v2/chats/${chat.id}/preview`)).body)!;
    expect(preview.token).toMatch(/^[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(new URL(preview.url).pathname).toBe("/");
    const page = await svc.handlePreview(
      new Request(preview.url, { headers: { "x-v0-preview-token": preview.token! } }),
    );
    expect(page).toHaveProperty("status", 200);
    expect(await svc.handlePreview(new Request(preview.url))).toHaveProperty("status", 401);
  });
});
