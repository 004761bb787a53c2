import { create as createPlain, type Delta } from "jsondiffpatch";
import { beforeAll, describe, expect, test } from "vitest";
import { Chat, ChatEvent, Message, type Part, type StreamEvent } from "@/lib/api";
import { applyPartsDelta } from "@/lib/api/parts";
import { readSseEvents } from "@/lib/api/sse";
import { call, expectSchema, readAll, request, startService, waitFor, serviceForFile } from "../test-support";

/** Streaming per interface.md 6.2 (the lib/api reader validates every event against the StreamEvent schema). */
const svc = serviceForFile();

function replay(events: StreamEvent[]): Part[] {
  let parts: Part[] = [];
  for (const e of events) if (e.object === "message.parts.chunk") parts = applyPartsDelta(parts, e.delta);
  return parts;
}

async function getMessage(chatId: string, messageId: string): Promise<Message> {
  return expectSchema(Message, (await call(svc, "GET", `/v2/chats/${chatId}/messages/${messageId}`)).body);
}

describe("POST /v2/chats/stream", () => {
  let events: StreamEvent[];
  let res: Response;
  beforeAll(async () => {
    res = await svc.handle(
      request("POST", "/v2/chats/stream", { body: { message: "Build a habit tracker with streaks" } }),
    );
    events = await readAll(res.clone());
  });

  test("is an event stream that is not buffered", () => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
  });

  test("every event is one `data: <json>` line followed by a blank line", async () => {
    const raw = await res.text();
    const blocks = raw.split("\n\n");
    expect(blocks.pop()).toBe("");
    expect(blocks.length).toBe(events.length);
    for (const block of blocks) expect(block).toMatch(/^data: \{.*\}$/);
  });

  test("events come in the order of 6.2", () => {
    const kinds = events.map((e) => e.object);
    expect(kinds[0]).toBe("chat");
    expect(kinds[1]).toBe("chat.title");
    expect(kinds.at(-2)).toBe("message.usage");
    expect(kinds.at(-1)).toBe("chat");
    expect(new Set(kinds.slice(2, -2))).toEqual(new Set(["message.parts.chunk"]));
    expect(kinds.filter((k) => k === "message.parts.chunk").length).toBeGreaterThan(20);
  });

  test("the opening chat is the fresh chat; the closing one has the title", () => {
    const opening = expectSchema(ChatEvent, events[0]);
    const closing = expectSchema(ChatEvent, events.at(-1));
    const { object: _o, ...chat } = opening;
    expectSchema(Chat, chat);
    expect(opening.title).toBeUndefined();
    expect(closing.id).toBe(opening.id);
    expect(closing.title).toBe("Habit tracker");
    expect(events[1]).toEqual({ object: "chat.title", id: opening.id, delta: "Habit tracker" });
    expect(Date.parse(closing.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(opening.updatedAt!));
  });

  test("a command's output arrives while it runs and its exit code once it ended", () => {
    const states: Array<{ output: unknown; exitCode: unknown; finished: boolean }> = [];
    let parts: Part[] = [];
    for (const e of events) {
      if (e.object !== "message.parts.chunk") continue;
      parts = applyPartsDelta(parts, e.delta);
      const bash = parts.find((p) => p.type === "bash");
      if (bash)
        states.push({ output: bash.output, exitCode: bash.exitCode, finished: typeof bash.finishedAt === "string" });
    }
    expect(states[0]).toEqual({ output: "", exitCode: undefined, finished: false });
    const outputs = new Set(states.map((s) => s.output));
    expect(outputs.size).toBeGreaterThan(2);
    const firstExit = states.findIndex((s) => s.exitCode !== undefined);
    expect(firstExit).toBeGreaterThan(0);
    expect(states[firstExit]!.finished).toBe(true);
    expect(states.slice(0, firstExit).every((s) => !s.finished)).toBe(true);
    expect(states.at(-1)).toMatchObject({ exitCode: 0, finished: true });
  });

  test("applying the deltas in order reproduces the final message's parts; usage matches", async () => {
    const chatId = events[0]!.id;
    const chunk = events.find((e) => e.object === "message.parts.chunk")!;
    const message = await getMessage(chatId, chunk.id);
    expect(message.finishReason).toBe("stop");
    expect(replay(events)).toEqual(message.parts);
    const usage = events.find((e) => e.object === "message.usage")!;
    expect(usage).toEqual({ object: "message.usage", id: message.id, usage: message.usage });
    for (const e of events) if (e.object === "message.parts.chunk") expect(e.id).toBe(message.id);
  });

  test("the real service's official client (plain jsondiffpatch, no text diffs) rebuilds the stored parts", async () => {
    const official = createPlain({});
    let parts: unknown = [];
    for (const e of events)
      if (e.object === "message.parts.chunk") parts = official.patch(parts, structuredClone(e.delta) as Delta);
    const chunk = events.find((e) => e.object === "message.parts.chunk") as { id: string };
    const chat = events[0] as { id: string };
    const message = await getMessage(chat.id, chunk.id);
    expect(parts).toEqual(message.parts);
    expect(JSON.stringify(events)).not.toContain(",0,2]");
  });

  test("the text streams in several chunks, and every part appears before it finishes", () => {
    let parts: Part[] = [];
    const texts = new Set<string>();
    const seenUnfinished = new Set<number>();
    for (const e of events) {
      if (e.object !== "message.parts.chunk") continue;
      parts = applyPartsDelta(parts, e.delta);
      const last = parts.at(-1)!;
      if (last.type === "text") texts.add((last as { text: string }).text);
      parts.forEach((p, i) => !p.finishedAt && seenUnfinished.add(i));
    }
    expect(texts.size).toBeGreaterThanOrEqual(4);
    expect(seenUnfinished.size).toBe(parts.length);
  });
});

describe("POST /v2/chats/{chatId}/messages/stream", () => {
  test("streams a follow-up: chat snapshot, deltas, usage, closing chat (no title event)", async () => {
    const created = await svc.handle(request("POST", "/v2/chats", { body: { message: "A quiz" } }));
    const chatId = ((await created.json()) as { chat: { id: string } }).chat.id;
    const res = await svc.handle(
      request("POST", `/v2/chats/${chatId}/messages/stream`, { body: { message: "More questions" } }),
    );
    expect(res.status).toBe(200);
    const events = await readAll(res);
    const kinds = events.map((e) => e.object);
    expect(kinds[0]).toBe("chat");
    expect(kinds).not.toContain("chat.title");
    expect(kinds.slice(-2)).toEqual(["message.usage", "chat"]);
    const id = events.find((e) => e.object === "message.usage")!.id;
    const message = await getMessage(chatId, id);
    expect(replay(events)).toEqual(message.parts);
    expect(
      message
        .parts!.filter((p) => p.type === "file-edit")
        .every((p) => (p as { operation: string }).operation === "update"),
    ).toBe(true);
  });

  test("errors before the stream starts are plain statuses", async () => {
    expect(
      (await svc.handle(request("POST", "/v2/chats/chat_nope/messages/stream", { body: { message: "x" } }))).status,
    ).toBe(404);
    expect((await svc.handle(request("POST", "/v2/chats/stream", { body: {} }))).status).toBe(422);
  });
});

describe("/fail", () => {
  test("emits an error event after the stream began and finishes the message with finishReason error", async () => {
    const res = await svc.handle(request("POST", "/v2/chats/stream", { body: { message: "A shop /fail" } }));
    expect(res.status).toBe(200);
    const events = await readAll(res);
    const kinds = events.map((e) => e.object);
    const errorAt = kinds.indexOf("error");
    expect(errorAt).toBeGreaterThan(kinds.indexOf("message.parts.chunk"));
    expect(kinds.slice(errorAt)).toEqual(["error", "message.usage", "chat"]);
    const error = events[errorAt] as Extract<StreamEvent, { object: "error" }>;
    expect(error.code).toBe("scripted_failure");
    expect(error.message).toMatch(/fail/);
    const message = await getMessage(events[0]!.id, error.id);
    expect(message.finishReason).toBe("error");
    expect(replay(events)).toEqual(message.parts);
    expect(message.parts!.map((p) => p.type)).toEqual(["thinking", "search", "file-read"]);
  });

  test("in sync mode the failed message is answered with finishReason error", async () => {
    const created = await svc.handle(request("POST", "/v2/chats", { body: { message: "A blog" } }));
    const chatId = ((await created.json()) as { chat: { id: string } }).chat.id;
    const res = await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "/fail please" } });
    expect(res.status).toBe(200);
    expect(expectSchema(Message, res.body).finishReason).toBe("error");
  });
});

describe("detached generation", () => {
  test("when the reader goes away the generation finishes and is persisted", async () => {
    const res = await svc.handle(request("POST", "/v2/chats/stream", { body: { message: "/slow A gallery" } }));
    const reader = readSseEvents(res.body!, { strict: true });
    const opening = (await reader.next()).value as StreamEvent;
    let chunk: StreamEvent | undefined;
    while (!chunk) {
      const { value } = await reader.next();
      if (value?.object === "message.parts.chunk") chunk = value;
    }
    await reader.return(undefined); // cancels the body
    const during = await getMessage(opening.id, chunk.id);
    expect(during.finishReason).toBeNull();
    const done = await waitFor(async () => {
      const m = await getMessage(opening.id, chunk.id);
      return m.finishReason ? m : undefined;
    });
    expect(done.finishReason).toBe("stop");
    expect(done.parts).toHaveLength(10);
  });
});

describe("pacing", () => {
  test("/fast answers without the agent's delay; the same prompt without it is paced", async () => {
    const paced = await startService({ agentDelayMs: 100 });
    try {
      const fastStart = performance.now();
      const fast = await call(paced, "POST", "/v2/chats", { body: { message: "A notes app /fast" } });
      const fastMs = performance.now() - fastStart;
      expect(fast.status).toBe(200);
      const chatId = (fast.body as { chat: { id: string } }).chat.id;
      const { messages } = (await call(paced, "GET", `/v2/chats/${chatId}/messages`)).body as { messages: Message[] };
      // The whole answer, all eight part kinds, not a shortened one.
      expect(new Set(messages.find((m) => m.role === "assistant")!.parts!.map((p) => p.type)).size).toBe(8);

      const slowStart = performance.now();
      expect(
        (await call(paced, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "Add a search box" } })).status,
      ).toBe(200);
      const pacedMs = performance.now() - slowStart;
      // More than a dozen paced steps at 100 ms each, against none.
      expect(pacedMs).toBeGreaterThan(1_000);
      expect(fastMs).toBeLessThan(pacedMs / 3);
    } finally {
      await paced.close();
    }
  }, 60_000);
});
