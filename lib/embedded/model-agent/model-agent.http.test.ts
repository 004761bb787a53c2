import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, type Message } from "@/lib/api";
import { startMcpServer } from "@/e2e/peers/mcp-server";
import { expectSchema } from "../test-support";
import { shapes, startModelHarness, toolResults, type ModelHarness } from "./test-peer";

/**
 * The model-backed agent over real HTTP on both sides: the embedded service (served on a loopback port) answers with
 * the AI SDK talking to the scripted OpenAI-compatible peer. Nothing of the SDK or of our code is mocked.
 */
let h: ModelHarness;
beforeAll(async () => {
  h = await startModelHarness();
});
afterAll(() => h.close());

const INDEX =
  '<!doctype html>\n<html><head><link rel="stylesheet" href="styles.css"></head><body><h1>Counter</h1><script src="app.js"></script></body></html>\n';

async function createChat(message: string, extra: Record<string, unknown> = {}) {
  const res = await h.api("POST", "/v2/chats", { message, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body);
}

const lastAssistant = async (chatId: string): Promise<Message> => (await h.messages(chatId)).at(-1)!;

describe("writing files", () => {
  test("a write_file call becomes a file-edit part, the chat's file and a completed version; the text streams", async () => {
    h.peer.titles(["Counter app"]);
    h.peer.script([
      {
        reasoning: "The user wants a counter. I will write index.html.",
        text: "I'll create the page.",
        toolCalls: [{ name: "write_file", arguments: { path: "index.html", content: INDEX } }],
      },
      { text: "Created **index.html** with a counter heading." },
    ]);
    const events = await h.stream("/v2/chats/stream", { message: "Build a counter app" });
    const chatId = (events.find((e) => e.object === "chat") as unknown as { id: string }).id;
    expect(events.filter((e) => e.object === "chat.title").map((e) => e.delta)).toEqual(["Counter app"]);
    expect(events.filter((e) => e.object === "message.parts.chunk").length).toBeGreaterThan(4);

    const answer = await lastAssistant(chatId);
    expect(answer.finishReason).toBe("stop");
    expect(shapes(answer.parts)).toEqual([
      { type: "thinking", text: "The user wants a counter. I will write index.html." },
      { type: "text", text: "I'll create the page." },
      { type: "file-edit", operation: "create", path: "index.html" },
      { type: "text", text: "Created **index.html** with a counter heading." },
    ]);
    for (const p of answer.parts!) expect(p.startedAt && p.finishedAt, p.type).toBeTruthy();
    expect(answer.content).toBe("I'll create the page.\n\nCreated **index.html** with a counter heading.");
    expect(await h.files(chatId)).toEqual([{ path: "index.html", content: INDEX, encoding: "utf8" }]);

    const chat = await h.api("GET", `/v1/chats/${chatId}`);
    const version = (chat.body as { latestVersion: { status: string; files: Array<{ name: string }> } }).latestVersion;
    expect(version.status).toBe("completed");
    expect(version.files.map((f) => f.name)).toEqual(["index.html"]);
    expect((await h.api("GET", `/v2/chats/${chatId}`)).body).toMatchObject({ title: "Counter app" });

    // The model got our system prompt, the prompt, the tools, and its tool's result.
    const [first, second] = h.peer.requests.slice(-2);
    expect(first!.authorization).toBe("Bearer sk-peer");
    expect(first!.body.model).toBe("peer-coder");
    expect(first!.body.messages[0]).toMatchObject({ role: "system" });
    expect(String(first!.body.messages[0]!.content)).toMatch(/static web app[\s\S]*The project has no files yet/);
    expect(first!.body.messages.at(-1)).toEqual({ role: "user", content: "Build a counter app" });
    expect(first!.body.tools!.map((t) => t.function.name).sort()).toEqual([
      "delete_file",
      "edit_file",
      "list_files",
      "read_file",
      "rename_file",
      "request_integration",
      "search_files",
      "write_file",
    ]);
    expect(Object.values(toolResults(second!))).toEqual([expect.stringMatching(/^Created index\.html/)]);
  });
});

/** The chat's latest v1 version (id, status, files with locks). */
async function latestVersion(chatId: string) {
  const res = await h.api("GET", `/v1/chats/${chatId}`);
  expect(res.status).toBe(200);
  return (
    res.body as {
      latestVersion: { id: string; status: string; files: Array<{ name: string; content: string; locked: boolean }> };
    }
  ).latestVersion;
}

/** A chat whose first answer wrote index.html (the peer scripted for it). */
async function chatWithIndex(prompt = "Start a counter page"): Promise<string> {
  h.peer.script([
    { toolCalls: [{ name: "write_file", arguments: { path: "index.html", content: INDEX } }] },
    { text: "Done." },
  ]);
  return (await createChat(prompt)).chat.id;
}

async function send(chatId: string, message: string): Promise<Message> {
  const res = await h.api("POST", `/v2/chats/${chatId}/messages`, { message });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return lastAssistant(chatId);
}

describe("the peer", () => {
  test("GET /v1/models lists its models; a wrong key is a 401 in the OpenAI error shape", async () => {
    const ok = await fetch(`${h.peer.baseUrl}/models`, { headers: { authorization: "Bearer sk-peer" } });
    expect(await ok.json()).toEqual({
      object: "list",
      data: [{ id: "peer-model", object: "model", created: 0, owned_by: "peer" }],
    });
    const refused = await fetch(`${h.peer.baseUrl}/models`, { headers: { authorization: "Bearer nope" } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { message: expect.any(String) } });
  });
});

describe("reading, editing and the project tools", () => {
  test("read then edit: a file-read part, then a patch; the edit's search text is replaced once", async () => {
    const chatId = await chatWithIndex();
    h.peer.script([
      { toolCalls: [{ name: "read_file", arguments: { path: "index.html" } }] },
      {
        toolCalls: [
          {
            name: "edit_file",
            arguments: { path: "index.html", search: "<h1>Counter</h1>", replace: "<h1>Clicks</h1>" },
          },
        ],
      },
      { text: "Renamed the heading." },
    ]);
    const answer = await send(chatId, "Call the heading Clicks");
    expect(shapes(answer.parts)).toEqual([
      { type: "file-read", paths: ["index.html"] },
      { type: "file-edit", operation: "patch", path: "index.html" },
      { type: "text", text: "Renamed the heading." },
    ]);
    const [read, edit] = h.peer.requests.slice(-2);
    expect(Object.values(toolResults(read!))).toEqual([INDEX]); // the model read the real content
    expect(Object.values(toolResults(edit!)).at(-1)).toMatch(/^Edited index\.html: replaced 1 occurrence/);
    expect((await h.files(chatId))[0]!.content).toBe(INDEX.replace("Counter", "Clicks"));
    // The system prompt lists the chat's files.
    expect(String(read!.body.messages[0]!.content)).toContain("- index.html");
  });

  test("list, search, rename and delete map to file-read, search (repo) and file-edit parts", async () => {
    const chatId = await chatWithIndex();
    h.peer.script([
      {
        toolCalls: [
          { name: "list_files", arguments: {} },
          { name: "search_files", arguments: { query: "counter" } },
        ],
      },
      { toolCalls: [{ name: "write_file", arguments: { path: "old.txt", content: "old" } }] },
      { toolCalls: [{ name: "rename_file", arguments: { from: "index.html", to: "home.html" } }] },
      { toolCalls: [{ name: "delete_file", arguments: { path: "old.txt" } }] },
      { text: "Moved things around." },
    ]);
    const answer = await send(chatId, "Reorganize");
    expect(shapes(answer.parts)).toEqual([
      { type: "file-read", paths: ["index.html"] },
      { type: "search", scope: "repo", query: "counter" },
      { type: "file-edit", operation: "create", path: "old.txt" },
      { type: "file-edit", operation: "rename", path: "index.html", toPath: "home.html" },
      { type: "file-edit", operation: "delete", path: "old.txt" },
      { type: "text", text: "Moved things around." },
    ]);
    const searched = toolResults(h.peer.requests.at(-4)!);
    expect(Object.values(searched)).toEqual([
      expect.stringMatching(/^index\.html \(\d+ bytes\)$/),
      expect.stringMatching(/^index\.html:2: .*Counter/),
    ]);
    expect((await h.files(chatId)).map((f) => f.path)).toEqual(["home.html"]);
  });

  test("a locked file is refused: the model is told why, no file-edit part, the file unchanged", async () => {
    const chatId = await chatWithIndex();
    const version = await latestVersion(chatId);
    const lock = await h.api("PATCH", `/v1/chats/${chatId}/versions/${version.id}`, {
      files: [{ name: "index.html", content: INDEX, locked: true }],
    });
    expect(lock.status).toBe(200);
    h.peer.script([
      {
        toolCalls: [
          { name: "write_file", arguments: { path: "index.html", content: "<p>gone</p>" } },
          { name: "edit_file", arguments: { path: "index.html", search: "Counter", replace: "X" } },
          { name: "delete_file", arguments: { path: "index.html" } },
        ],
      },
      { text: "index.html is locked, so I left it unchanged." },
    ]);
    const answer = await send(chatId, "Replace the page");
    expect(shapes(answer.parts)).toEqual([{ type: "text", text: "index.html is locked, so I left it unchanged." }]);
    const results = Object.values(toolResults(h.peer.requests.at(-1)!));
    expect(results).toHaveLength(3);
    for (const r of results) expect(r).toMatch(/^Refused: index\.html is locked by the user/);
    expect(await h.files(chatId)).toEqual([{ path: "index.html", content: INDEX, encoding: "utf8" }]);
    expect((await latestVersion(chatId)).files[0]).toMatchObject({ content: INDEX, locked: true });
    // The model's system prompt marks it.
    expect(String(h.peer.requests.at(-1)!.body.messages[0]!.content)).toContain("- index.html (locked)");
  });

  test("the step limit ends the answer with a note when the model still wanted to go on", async () => {
    const chatId = await chatWithIndex();
    // Different calls each time (the same one again would be a stuck agent, stuck.http.test.ts).
    h.peer.script(
      Array.from({ length: 8 }, (_, i) => ({
        toolCalls: [{ name: "search_files", arguments: { query: `word${i}` } }],
      })),
    );
    const answer = await send(chatId, "Look around again and again");
    expect(answer.finishReason).toBe("stop");
    expect(shapes(answer.parts)).toHaveLength(9);
    expect(answer.parts!.at(-1)).toMatchObject({
      type: "text",
      text: expect.stringMatching(/^I stopped here: one answer may use at most 8 model calls/),
    });
    expect(h.peer.pending()).toBe(0);
  });

  test("the Part 8 limits: a write over 3 MB and a bad name are refused the same way", async () => {
    const chatId = await chatWithIndex();
    h.peer.script([
      {
        toolCalls: [
          { name: "write_file", arguments: { path: "big.txt", content: "a".repeat(3 * 1024 * 1024 + 1) } },
          { name: "write_file", arguments: { path: "../escape.js", content: "x" } },
        ],
      },
      { text: "Could not." },
    ]);
    const answer = await send(chatId, "Write a huge file");
    expect(shapes(answer.parts)).toEqual([{ type: "text", text: "Could not." }]);
    const [big, bad] = Object.values(toolResults(h.peer.requests.at(-1)!));
    expect(big).toMatch(/^Refused: big\.txt would be 3145729 bytes, over the 3 MB/);
    expect(bad).toMatch(/^Refused: "\.\.\/escape\.js" is not an accepted file name/);
    expect((await h.files(chatId)).map((f) => f.path)).toEqual(["index.html"]);
  });
});

describe("the conversation", () => {
  test("a follow-up sends the earlier exchange (prompt, answer and what it changed) and the chat's system prompt", async () => {
    h.peer.script([
      { toolCalls: [{ name: "write_file", arguments: { path: "index.html", content: INDEX } }] },
      { text: "Made a counter page." },
    ]);
    const created = await createChat("Make a counter page", { systemPrompt: "Always use British spelling." });
    // Scripted by the prompt this time (the queue is empty).
    h.peer.when("Add some colour", [{ text: "Sure, colour added." }]);
    expect((await send(created.chat.id, "Add some colour")).content).toBe("Sure, colour added.");
    const request = h.peer.requests.at(-1)!;
    expect(String(request.body.messages[0]!.content)).toContain(
      "The user's instructions for this chat:\nAlways use British spelling.",
    );
    expect(request.body.messages.slice(1)).toEqual([
      { role: "user", content: "Make a counter page" },
      { role: "assistant", content: "Made a counter page.\n\n[changed files: create index.html]" },
      { role: "user", content: "Add some colour" },
    ]);
  });

  test("a hand edit: the next answer reads the edited file; the model is told the person changed it, once", async () => {
    const chatId = await chatWithIndex("A counter page to edit");
    const mine = INDEX.replace("<h1>Counter</h1>", "<h1>My counter</h1>");
    const edit = await h.api("PATCH", `/v2/chats/${chatId}/files`, {
      files: [
        { path: "index.html", content: mine },
        { path: "notes.md", content: "# Notes\n" },
      ],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    h.peer.script([
      { toolCalls: [{ name: "read_file", arguments: { path: "index.html" } }] },
      { text: "Kept your heading." },
    ]);
    expect((await send(chatId, "Make the button bigger")).content).toBe("Kept your heading.");
    const [first, second] = h.peer.requests.slice(-2);
    expect(Object.values(toolResults(second!))).toEqual([mine]);
    expect(String(first!.body.messages[0]!.content)).toContain(
      "Since your last answer the user changed these files by hand:\n- update index.html\n- create notes.md\n",
    );
    // The edit is the person's, not an answer of the model's.
    expect(first!.body.messages.slice(1)).toEqual([
      { role: "user", content: "A counter page to edit" },
      { role: "assistant", content: "Done.\n\n[changed files: create index.html]" },
      { role: "user", content: "[Edited by hand: index.html (updated), notes.md (created)]" },
      { role: "user", content: "Make the button bigger" },
    ]);
    // The answer after that no longer reports it as new.
    h.peer.script([{ text: "Sure." }]);
    await send(chatId, "And a title");
    expect(String(h.peer.requests.at(-1)!.body.messages[0]!.content)).not.toContain("changed these files by hand");
  });

  test("usage: the model's reported tokens (input without cached), the service's model id, credits at the prices", async () => {
    const priced = await startModelHarness({ creditsPerMTok: { input: 2, output: 10, cacheRead: 0.5, cacheWrite: 2 } });
    try {
      priced.peer.titles(["Priced"]);
      priced.peer.script([
        { toolCalls: [{ name: "list_files", arguments: {} }], usage: { prompt: 1000, completion: 50, cached: 400 } },
        { text: "Nothing here yet.", usage: { prompt: 1200, completion: 30, cached: 1000 } },
      ]);
      const res = await priced.api("POST", "/v2/chats", {
        message: "What is there?",
        modelConfiguration: { modelId: "svc-mini" },
      });
      expect(res.status).toBe(200);
      const { usage } = expectSchema(ChatWithUsage, res.body);
      expect(priced.peer.requests[0]!.body.model).toBe("peer-mini"); // AGENT_MODELS maps svc-mini
      // Two agent steps plus the title call (the peer counts its prompt and answer at 4 characters a token).
      const title = priced.peer.titleRequests[0]!;
      expect(title.body.model).toBe("peer-mini");
      const titleIn = Math.ceil(JSON.stringify(title.body.messages).length / 4);
      const titleOut = Math.ceil("Priced".length / 4);
      const tokens = { input: 600 + 200 + titleIn, output: 80 + titleOut, cacheRead: 1400, cacheWrite: 0 };
      expect(usage).toEqual({
        model: "svc-mini",
        tokens: { ...tokens, total: tokens.input + tokens.output + tokens.cacheRead },
        creditsCost: {
          input: (tokens.input * 2) / 1e6,
          output: (tokens.output * 10) / 1e6,
          cacheRead: (1400 * 0.5) / 1e6,
          cacheWrite: 0,
          total: expect.closeTo((tokens.input * 2 + tokens.output * 10 + 1400 * 0.5) / 1e6, 9),
        },
      });
    } finally {
      await priced.close();
    }
  });

  test("without prices usage costs 0 credits; the title falls back to the prompt when the title call fails", async () => {
    h.peer.titles(["   "]); // nothing usable
    h.peer.script([{ text: "Hello." }]);
    const created = await createChat("Please build a weather dashboard with charts");
    expect(created.chat.title).toBe("Weather dashboard");
    expect(created.usage.creditsCost.total).toBe(0);
    expect(created.usage.tokens.total).toBeGreaterThan(0);
  });
});

describe("asking the user", () => {
  test("request_integration blocks the chat (tool-calls); the resolve runs the model again with the answer", async () => {
    h.peer.script([
      {
        text: "Payments need Stripe.",
        toolCalls: [{ name: "request_integration", arguments: { integrations: ["Stripe"], mcpPresets: [] } }],
      },
    ]);
    const created = await createChat("A shop with payments");
    const chatId = created.chat.id;
    const blocked = await lastAssistant(chatId);
    expect(blocked.finishReason).toBe("tool-calls");
    expect(shapes(blocked.parts)).toEqual([
      { type: "text", text: "Payments need Stripe." },
      {
        type: "agent-action",
        name: "get_or_request_integration",
        summary: "Requested Stripe",
        data: { requestedIntegrations: ["Stripe"], requestedMcpPresets: [], status: "pending" },
      },
    ]);
    const asked = h.peer.requests.length;
    // The model was not called again after the request (the loop stops on it).
    expect(h.peer.pending()).toBe(0);

    h.peer.script([
      { toolCalls: [{ name: "write_file", arguments: { path: "index.html", content: INDEX } }] },
      { text: "Checkout is wired to Stripe." },
    ]);
    const resolved = await h.api("POST", `/v2/chats/${chatId}/messages/resolve`, {
      task: { type: "confirmed-steps", connectedIntegrationNames: ["Stripe"] },
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const messages = await h.messages(chatId);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "assistant"]);
    expect(messages[1]!.parts!.at(-1)).toMatchObject({
      data: { status: "connected", connectedIntegrationNames: ["Stripe"] },
    });
    const resumed = messages[2]!;
    expect(resumed.finishReason).toBe("stop");
    expect(shapes(resumed.parts)).toEqual([
      { type: "file-edit", operation: "create", path: "index.html" },
      { type: "text", text: "Checkout is wired to Stripe." },
    ]);
    const resume = h.peer.requests[asked]!;
    expect(resume.body.messages.slice(1)).toEqual([
      { role: "user", content: "A shop with payments" },
      {
        role: "assistant",
        content: "Payments need Stripe.\n\n[asked the user to connect Stripe: connected]",
      },
      { role: "user", content: "I connected Stripe. Continue the task." },
    ]);
  });
});

describe("failures", () => {
  /** Streams a new chat's first answer and returns its events, the chat id and the answer. */
  async function streamed(message: string, harness = h) {
    const events = await harness.stream("/v2/chats/stream", { message });
    const chatId = (events.find((e) => e.object === "chat") as unknown as { id: string }).id;
    return { events, chatId, answer: (await harness.messages(chatId)).at(-1)! };
  }

  test("an HTTP error from the API ends the message with finishReason error and a model_error event", async () => {
    h.peer.script([{ fail: "http", status: 500, message: "the GPU caught fire" }]);
    const { events, chatId, answer } = await streamed("Anything");
    expect(answer.finishReason).toBe("error");
    const error = events.find((e) => e.object === "error")!;
    expect(error).toMatchObject({ code: "model_error" });
    expect(error.message).toMatch(/answered HTTP 500: the GPU caught fire/);
    expect(error.message).toContain("peer-coder at 127.0.0.1");
    // The chat takes the next message.
    h.peer.script([{ text: "Back again." }]);
    expect((await send(chatId, "Try again")).parts).toMatchObject([{ type: "text", text: "Back again." }]);
  });

  test("a dropped stream: files written before it stay, in a completed version; model_stream_dropped", async () => {
    h.peer.script([
      { toolCalls: [{ name: "write_file", arguments: { path: "index.html", content: INDEX } }] },
      { fail: "drop", afterText: "Now the styles, and then" },
    ]);
    const { events, chatId, answer } = await streamed("A page with styles");
    expect(answer.finishReason).toBe("error");
    expect(
      events.find((e) => e.object === "error"),
      JSON.stringify(events.find((e) => e.object === "error")),
    ).toMatchObject({ code: "model_stream_dropped" });
    expect(shapes(answer.parts)[0]).toEqual({ type: "file-edit", operation: "create", path: "index.html" });
    for (const p of answer.parts!) expect(p.finishedAt, p.type).toBeTruthy();
    expect((await h.files(chatId)).map((f) => f.path)).toEqual(["index.html"]);
    expect(await latestVersion(chatId)).toMatchObject({ status: "completed", files: [{ name: "index.html" }] });
  });

  test("a stream that ends without a finish reason is cut off too: model_stream_dropped", async () => {
    h.peer.script([{ fail: "drop", afterText: "Half an ans", clean: true }]);
    const { events, answer } = await streamed("Anything");
    expect(answer.finishReason).toBe("error");
    expect(events.find((e) => e.object === "error")).toMatchObject({ code: "model_stream_dropped" });
    expect(shapes(answer.parts)).toEqual([{ type: "text", text: "Half an ans" }]);
  });

  test("an unreachable API: model_unreachable", async () => {
    const down = await startModelHarness({ baseUrl: "http://127.0.0.1:9/v1" });
    try {
      const { events, answer } = await streamed("Anything", down);
      expect(answer.finishReason).toBe("error");
      const error = events.find((e) => e.object === "error")!;
      expect(error).toMatchObject({ code: "model_unreachable" });
      expect(error.message).toMatch(/Could not reach the model API at peer-coder at 127\.0\.0\.1:9/);
    } finally {
      await down.close();
    }
  });

  test("a hanging API is cut off at the time limit: model_timeout, and the chat takes the next message", async () => {
    const slow = await startModelHarness({ timeoutMs: 800 });
    try {
      slow.peer.script([{ text: "I am thinking about", thenHang: true }]);
      const started = Date.now();
      const { events, chatId, answer } = await streamed("Anything", slow);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(answer.finishReason).toBe("error");
      expect(events.find((e) => e.object === "error")).toMatchObject({ code: "model_timeout" });
      expect(shapes(answer.parts)).toEqual([{ type: "text", text: "I am thinking about" }]);
      expect(answer.parts![0]!.finishedAt).toBeTruthy();
      slow.peer.script([{ fail: "hang" }]);
      const second = await slow.api("POST", `/v2/chats/${chatId}/messages`, { message: "Again" });
      expect(second.status).toBe(200);
      expect((await slow.messages(chatId)).at(-1)!.finishReason).toBe("error");
    } finally {
      await slow.close();
    }
  });

  test("a model the configuration does not name: model_not_configured", async () => {
    const partial = await startModelHarness({ model: null, models: { "svc-mini": "peer-mini" } });
    try {
      const { events, answer } = await streamed("Anything", partial);
      expect(answer.finishReason).toBe("error");
      expect(events.find((e) => e.object === "error")).toMatchObject({ code: "model_not_configured" });
      expect(partial.peer.requests).toHaveLength(0);
    } finally {
      await partial.close();
    }
  });
});

describe("stop", () => {
  test("stop aborts the model call mid-answer; the message keeps the text so far and finishes 'stop'", async () => {
    h.peer.script([{ text: ["Writing ", "a long ", "answer ", "slowly"], chunkDelayMs: 150, thenHang: true }]);
    const res = await h.api("POST", "/v2/chats/async", { message: "Long answer" });
    expect(res.status).toBe(202);
    const { chatId, messageId } = res.body as { chatId: string; messageId: string };
    const until = Date.now() + 10_000;
    for (;;) {
      const m = (await h.api("GET", `/v2/chats/${chatId}/messages/${messageId}`)).body as Message;
      if (m.parts?.some((p) => p.type === "text" && (p as { text: string }).text.length > 0)) break;
      if (Date.now() > until) throw new Error(`no text streamed: ${JSON.stringify(m)}`);
      await new Promise((r) => setTimeout(r, 30));
    }
    expect((await h.api("POST", `/v2/chats/${chatId}/messages/${messageId}/stop`)).status).toBe(200);
    const stopped = (await h.api("GET", `/v2/chats/${chatId}/messages/${messageId}`)).body as Message;
    expect(stopped.finishReason).toBe("stop");
    const text = stopped.parts!.find((p) => p.type === "text") as { text: string; finishedAt?: string };
    expect("Writing a long answer slowly".startsWith(text.text)).toBe(true);
    expect(text.finishedAt).toBeTruthy();
    expect(stopped.usage?.model).toBe("svc-pro");
    h.peer.script([{ text: "Next." }]);
    expect((await send(chatId, "Go on")).finishReason).toBe("stop");
  });
});

describe("MCP tools", () => {
  test("the chat's connected MCP server's tools are offered; a call is a real call, shown as a tool-call part", async () => {
    const mcp = await startMcpServer({ bearerToken: "mcp-token" });
    try {
      const registered = await h.api("POST", "/v2/mcp-servers", {
        name: "Math",
        url: mcp.url,
        enabled: true,
        scope: "user",
        auth: { type: "bearer", token: "mcp-token" },
      });
      expect(registered.status).toBe(201);
      const serverId = (registered.body as { id: string }).id;
      h.peer.script([
        { toolCalls: [{ name: "add", arguments: { a: 2, b: 3 } }] },
        { text: "2 + 3 = 5, says the Math server." },
      ]);
      const created = await createChat("Add two and three", { mcpServerIds: [serverId] });
      const answer = await lastAssistant(created.chat.id);
      expect(shapes(answer.parts)).toEqual([
        {
          type: "agent-action",
          name: "list_mcp_tools",
          summary: "Loaded the tools of 1 MCP server",
          data: expect.objectContaining({ notLoaded: [] }),
        },
        {
          type: "tool-call",
          name: "add",
          toolDisplayName: expect.stringContaining("(Math)"),
          input: { a: 2, b: 3 },
          output: expect.objectContaining({ structuredContent: { sum: 5 } }),
          status: "ok",
        },
        { type: "text", text: "2 + 3 = 5, says the Math server." },
      ]);
      expect(mcp.stats().calls.add).toBe(1);
      const [offer, after] = h.peer.requests.slice(-2);
      expect(offer!.body.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(["add", "echo", "whoami"]));
      expect(Object.values(toolResults(after!))).toEqual(["5"]);
    } finally {
      await mcp.close();
    }
  });
});

describe("commands (AGENT_ALLOW_COMMANDS=1)", () => {
  test("run_command asks permission (run_script tool-call with suggestedPermissions); once approved it runs in a copy", async () => {
    const cmd = await startModelHarness({ allowCommands: true });
    try {
      cmd.peer.script([
        { toolCalls: [{ name: "write_file", arguments: { path: "index.html", content: INDEX } }] },
        { text: "Page written." },
      ]);
      const created = await cmd.api("POST", "/v2/chats", { message: "A page" });
      const chatId = (created.body as { chat: { id: string } }).chat.id;
      expect(cmd.peer.requests[0]!.body.tools!.map((t) => t.function.name)).toContain("run_command");

      const command =
        'wc -c < index.html; echo "home=$HOME key=${SERVICE_API_KEY:-none}"; touch made-by-command.txt; ls; exit 3';
      cmd.peer.script([{ text: "Let me measure it.", toolCalls: [{ name: "run_command", arguments: { command } }] }]);
      await cmd.api("POST", `/v2/chats/${chatId}/messages`, { message: "How big is the page?" });
      const blocked = (await cmd.messages(chatId)).at(-1)!;
      expect(blocked.finishReason).toBe("tool-calls");
      const request = blocked.parts!.at(-1) as { name: string; input: unknown; suggestedPermissions: unknown[] };
      expect(request).toMatchObject({ type: "tool-call", name: "run_script", input: { command, path: "", cwd: "." } });
      expect(request.suggestedPermissions).toHaveLength(1);
      // What it can reach, said truthfully: the sandbox, its copy, no network, the limits.
      expect((request.suggestedPermissions[0] as { userMessage: string }).userMessage).toBe(
        `Allow the agent to run \`${command}\`? It runs in a sandbox on a temporary copy of the project's files (at /app; changes are discarded), with the project's environment variables and the system's programs read-only; nothing else of this server (its files, secrets, processes). Network: no network. Limits: 60 s in all, 60 s of CPU and 2048 MB of memory per process, 256 processes, files up to 256 MB, 1024 open files.`,
      );

      cmd.peer.script([{ text: "The page is 139 bytes." }]);
      const resolved = await cmd.api("POST", `/v2/chats/${chatId}/messages/resolve`, {
        task: { type: "confirmed-permissions", permissions: request.suggestedPermissions },
      });
      expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
      const ran = (await cmd.messages(chatId)).at(-1)!;
      expect(ran.finishReason).toBe("stop");
      const [bash, text] = shapes(ran.parts) as unknown as [Record<string, unknown>, Record<string, unknown>];
      // It wrote a file in its copy, listed the files and exited 3: output and exit code kept.
      expect(bash).toMatchObject({ type: "bash", command, exitCode: 3, isDangerous: true, timeoutMs: 60_000 });
      expect(bash.output).toBe(
        `${Buffer.byteLength(INDEX)}\nhome=/home/user key=none\nindex.html\nmade-by-command.txt\n`,
      );
      expect(text).toEqual({ type: "text", text: "The page is 139 bytes." });
      // The model got the output; the chat's files did not change.
      expect(String(cmd.peer.requests.at(-1)!.body.messages.at(-1)!.content)).toMatch(
        /^I approved running `wc -c[\s\S]*It ran in a sandbox on a temporary copy of the project's files \(no network\) and exited with code 3\. Its output:\n```\n\d+\n/,
      );
      expect((await cmd.files(chatId)).map((f) => f.path)).toEqual(["index.html"]);
    } finally {
      await cmd.close();
    }
  });
  test("an approved command runs with the project's environment variables; the model is told their names only", async () => {
    const cmd = await startModelHarness({ allowCommands: true });
    try {
      cmd.peer.script([{ text: "Nothing to build yet." }]);
      const created = await cmd.api("POST", "/v2/chats", { message: "Hello" });
      const chatId = (created.body as { chat: { id: string } }).chat.id;
      const project = await cmd.api("POST", "/v1/projects", { name: "Env", chatIds: [chatId] });
      const projectId = (project.body as { id: string }).id;
      const added = await cmd.api("POST", `/v1/projects/${projectId}/env-vars`, {
        environmentVariables: [{ key: "SHOP_TOKEN", value: "tok-7Qz9-secret" }],
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);

      const command = 'echo "token=$SHOP_TOKEN"';
      cmd.peer.script([{ toolCalls: [{ name: "run_command", arguments: { command } }] }]);
      await cmd.api("POST", `/v2/chats/${chatId}/messages`, { message: "Print the token" });
      const system = String(cmd.peer.requests.at(-1)!.body.messages[0]!.content);
      expect(system).toContain("SHOP_TOKEN");
      expect(system).not.toContain("tok-7Qz9-secret");
      const request = (await cmd.messages(chatId)).at(-1)!.parts!.at(-1) as { suggestedPermissions: unknown[] };

      cmd.peer.script([{ text: "Printed." }]);
      const resolved = await cmd.api("POST", `/v2/chats/${chatId}/messages/resolve`, {
        task: { type: "confirmed-permissions", permissions: request.suggestedPermissions },
      });
      expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
      const bash = (await cmd.messages(chatId)).at(-1)!.parts!.find((p) => p.type === "bash") as { output: string };
      expect(bash.output).toBe("token=tok-7Qz9-secret\n");
    } finally {
      await cmd.close();
    }
  });
});
