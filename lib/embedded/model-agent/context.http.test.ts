import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatContext, ChatWithUsage, CONTEXT_SUMMARY_ACTION, ErrorV2, Message } from "@/lib/api";
import { expectSchema } from "../test-support";
import { shapes, startModelHarness, type ModelHarness } from "./test-peer";

/**
 * The context meter and compaction of the model-backed agent, over HTTP against the scripted OpenAI-compatible peer:
 * svc-mini answers with a window of 3,000 tokens (AGENT_MODELS' `#window`), so a few long messages pass the line.
 */
let h: ModelHarness;
const WINDOW = 3_000;
beforeAll(async () => {
  h = await startModelHarness({ windows: { "svc-mini": WINDOW } });
});
afterAll(() => h.close());

const tokens = (chars: number) => Math.ceil(chars / 4);
const text = (content: unknown) =>
  typeof content === "string" ? content : (content as Array<{ text?: string }>).map((p) => p.text ?? "").join("");

async function createChat(message: string, modelId = "svc-mini") {
  const res = await h.api("POST", "/v2/chats", { message, modelConfiguration: { modelId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat.id;
}

async function meter(chatId: string, prompt?: string) {
  const res = await h.api("POST", `/v2/chats/${chatId}/context`, prompt === undefined ? {} : { prompt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatContext, res.body);
}

async function send(chatId: string, message: string): Promise<Message> {
  const res = await h.api("POST", `/v2/chats/${chatId}/messages`, { message });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(Message, res.body);
}

describe("the context meter", () => {
  test("counts the known history, the draft and the system prompt against the model's window", async () => {
    const p1 = "Build a page that lists my books. ".repeat(10);
    const a1 = "I built the book list with a table. ".repeat(8);
    h.peer.script([{ text: a1 }]);
    const chatId = await createChat(p1);
    const draft = "Add a search box above the table.";

    const figures = await meter(chatId, draft);
    expect(figures).toMatchObject({
      object: "chat_context",
      chatId,
      model: "svc-mini",
      window: WINDOW,
      messages: 2,
      summary: null,
      warnAt: 80,
      compactAt: 80,
    });
    // The history is the prompt and the answer as the model reads them; the draft is the next prompt.
    expect(figures.tokens.history).toBe(tokens(p1.length + a1.length));
    expect(figures.tokens.prompt).toBe(tokens(draft.length));
    expect(figures.tokens.total).toBe(figures.tokens.system + figures.tokens.history + figures.tokens.prompt);
    expect(figures.percent).toBe(Math.round((figures.tokens.total / WINDOW) * 1000) / 10);
    expect(figures.willCompact).toBe(false);

    // The next call carries what the meter counted: the same system prompt (plus the tools), the same history.
    h.peer.script([{ text: "Added the search box." }]);
    await send(chatId, draft);
    const sent = h.peer.requests.at(-1)!.body;
    const system = text(sent.messages[0]!.content);
    const toolsChars = sent.tools!.reduce(
      (n, t) => n + t.function.name.length + (t.function.description ?? "").length,
      0,
    );
    expect(figures.tokens.system).toBeGreaterThanOrEqual(tokens(system.length + toolsChars));
    const history = sent.messages.slice(1, -1).reduce((n, m) => n + text(m.content).length, 0);
    expect(figures.tokens.history).toBe(tokens(history));
    expect(text(sent.messages.at(-1)!.content)).toBe(draft);

    // Without a draft, and for another model: its own window (the default for a model given none).
    expect((await meter(chatId)).tokens.prompt).toBe(0);
    const other = await h.api("POST", `/v2/chats/${chatId}/context`, { modelId: "svc-pro" });
    expect(expectSchema(ChatContext, other.body)).toMatchObject({ model: "svc-pro", window: 32_768 });
  });

  test("refuses a bad body and an unknown chat in the spec's error shape", async () => {
    const chatId = await createChat("A tiny page");
    const bad = await h.api("POST", `/v2/chats/${chatId}/context`, { prompt: 5 });
    expect(bad.status).toBe(422);
    expectSchema(ErrorV2, bad.body);
    const unknown = await h.api("POST", "/v2/chats/chat_nope/context", {});
    expect(unknown.status).toBe(404);
  });
});

describe("compaction", () => {
  test("past the line the older messages are summarised once; the next call reads the summary instead", async () => {
    const p1 = `Make a recipe site. ${"It needs many pages and a nice layout. ".repeat(95)}`;
    const a1 = `Built the recipe site. ${"Each page has its own layout and style. ".repeat(95)}`;
    h.peer.script([{ text: a1 }]);
    const chatId = await createChat(p1);
    const p2 = "Now add a page for desserts.";
    const before = await meter(chatId, p2);
    expect(before.willCompact).toBe(true);
    expect(before.percent).toBeGreaterThan(80);

    h.peer.summaries(["The user wants a recipe site; the agent built it with many pages."]);
    h.peer.script([{ text: "Added the desserts page." }]);
    const answer = await send(chatId, p2);
    // The answer opens with the summary (shown folded by the dashboard), then answers.
    expect(shapes(answer.parts)).toEqual([
      {
        type: "agent-action",
        name: CONTEXT_SUMMARY_ACTION,
        summary: "Earlier messages summarised",
        data: expect.objectContaining({
          summary: "The user wants a recipe site; the agent built it with many pages.",
          summarised: 2,
        }),
      },
      { type: "text", text: "Added the desserts page." },
    ]);
    // The summary call got the older messages, without tools; the answer's call read the summary, not them.
    const summaryRequest = h.peer.summaryRequests.at(-1)!.body;
    expect(summaryRequest.tools).toBeUndefined();
    expect(text(summaryRequest.messages.at(-1)!.content)).toContain("Make a recipe site.");
    const answered = h.peer.requests.at(-1)!.body.messages.map((m) => text(m.content));
    expect(answered.join("\n")).toContain("The user wants a recipe site; the agent built it with many pages.");
    expect(answered.join("\n")).not.toContain("Make a recipe site.");
    expect(answered.at(-1)).toBe(p2);

    // The meter now counts the summary and the messages after it; the next answer reads the same.
    const after = await meter(chatId);
    expect(after.summary).toMatchObject({ messageId: answer.id, summarised: 2 });
    expect(after.willCompact).toBe(false);
    h.peer.script([{ text: "Done." }]);
    await send(chatId, "And a page for soups.");
    const next = h.peer.requests.at(-1)!.body.messages.map((m) => text(m.content));
    expect(next[1]).toMatch(/^\[A summary of the 2 earlier messages of this chat/);
    expect(next.join("\n")).toContain("Now add a page for desserts.");
    expect(next.join("\n")).not.toContain("Make a recipe site.");
    expect(h.peer.summaryRequests).toHaveLength(1);
  });

  test("Compact now summarises every message since the last summary into a message of its own", async () => {
    h.peer.script([{ text: "A counter page." }]);
    const chatId = await createChat("Make a counter");
    h.peer.summaries(["Summary: a counter page was built."]);
    const res = await h.api("POST", `/v2/chats/${chatId}/compact`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const compacted = expectSchema(Message, res.body);
    expect(compacted).toMatchObject({ role: "assistant", finishReason: "stop" });
    expect(compacted.content).toBe("Summary: a counter page was built.");
    expect(shapes(compacted.parts)).toEqual([
      expect.objectContaining({ type: "agent-action", name: CONTEXT_SUMMARY_ACTION }),
    ]);
    // Its usage is the summary call's (the peer's sizes: 4 characters a token).
    expect(compacted.usage!.tokens.total).toBeGreaterThan(0);

    // Nothing since: refused, nothing stored.
    const again = await h.api("POST", `/v2/chats/${chatId}/compact`);
    expect(again.status).toBe(409);
    expect(expectSchema(ErrorV2, again.body).message).toMatch(/Nothing to summarise/);
    expect(await h.messages(chatId)).toHaveLength(3);

    // The next answer reads the summary and not the earlier exchange.
    h.peer.script([{ text: "Added a reset button." }]);
    await send(chatId, "Add a reset button");
    const read = h.peer.requests.at(-1)!.body.messages.map((m) => text(m.content));
    expect(read.slice(1)).toEqual([
      "[A summary of the 2 earlier messages of this chat, which are no longer shown in full:]\nSummary: a counter page was built.",
      "Add a reset button",
    ]);
  });
});
