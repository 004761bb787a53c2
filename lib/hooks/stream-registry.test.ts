import { describe, expect, it } from "vitest";
import { allKindsOfParts, sampleMessage, streamedEvents } from "@/lib/api/testing/fixtures";
import type { Part, StreamEvent } from "@/lib/api/schemas";
import { StreamRegistry, type ActiveStream } from "./stream-registry";

async function* eventsOf(events: StreamEvent[], opts: { failAfter?: number } = {}): AsyncGenerator<StreamEvent> {
  let n = 0;
  for (const event of events) {
    if (opts.failAfter !== undefined && n++ >= opts.failAfter) throw new TypeError("network error");
    await Promise.resolve();
    yield event;
  }
}

/** The snapshots a scripted agent goes through: one more part at a time. */
function growingSnapshots(): Part[][] {
  const all = allKindsOfParts();
  return all.map((_, i) => all.slice(0, i + 1)).reduce<Part[][]>((acc, s) => [...acc, s], [[]]);
}

describe("StreamRegistry", () => {
  it("registers a creating stream under its chat id at the first chat event and follows it to the end", async () => {
    const registry = new StreamRegistry();
    const seen: (ActiveStream | undefined)[] = [];
    registry.subscribe(() => seen.push(registry.get("chat_1")));
    const run = registry.run({
      prompt: "build a page",
      open: async () => eventsOf(streamedEvents(growingSnapshots())),
    });
    const chat = await run.chat;
    expect(chat.id).toBe("chat_1");
    const final = await run.done;
    expect(final.status).toBe("done");
    expect(final.state.closed).toBe(true);
    expect(final.state.title).toBe("Landing page");
    expect(final.state.message?.parts).toEqual(allKindsOfParts());
    expect(final.state.message?.usage?.tokens.total).toBe(36);
    expect(registry.get("chat_1")).toBe(final);
    expect(registry.isActive("chat_1")).toBe(false);
    // Subscribers saw the parts grow.
    const counts = seen.map((e) => e?.state.message?.parts.length ?? 0);
    expect(counts).toContain(1);
    expect(counts).toContain(8);
  });

  it("tells a new chat's stream from its start (before its id) and resolves `firstPart` with its first part", async () => {
    const registry = new StreamRegistry();
    const run = registry.run({
      prompt: "build a page",
      open: async () => eventsOf(streamedEvents(growingSnapshots())),
    });
    // Before any event: the prompt, no chat id yet, and the registry's listeners hear of it as it changes.
    expect(run.current()).toMatchObject({ chatId: null, prompt: "build a page", status: "connecting" });
    const partsWhenResolved: number[] = [];
    void run.firstPart.then(() => partsWhenResolved.push(run.current().state.message?.parts.length ?? 0));
    let heard = 0;
    registry.subscribe(() => heard++);
    await run.done;
    expect(partsWhenResolved).toEqual([1]);
    expect(heard).toBeGreaterThan(0);
    expect(run.current().chatId).toBe("chat_1");
  });

  it("resolves `firstPart` when the stream fails without one (nothing waits for ever)", async () => {
    const registry = new StreamRegistry();
    const run = registry.run({ prompt: "x", open: async () => Promise.reject(new Error("refused")) });
    await expect(run.firstPart).resolves.toBe(false);
    expect(run.current().status).toBe("failed");
  });

  it("rejects `opened` and `chat` when the service refuses the request, and keeps nothing", async () => {
    const registry = new StreamRegistry();
    const refusal = new Error("422 message is required");
    const run = registry.run({ prompt: "x", open: async () => Promise.reject(refusal) });
    await expect(run.opened).rejects.toBe(refusal);
    await expect(run.chat).rejects.toBe(refusal);
    expect((await run.done).status).toBe("failed");
  });

  it("keeps a follow-up's failure under its chat id", async () => {
    const registry = new StreamRegistry();
    const run = registry.run({ chatId: "chat_9", prompt: "x", open: async () => Promise.reject(new Error("boom")) });
    await run.done;
    expect(registry.get("chat_9")?.status).toBe("failed");
    expect(registry.get("chat_9")?.failure?.message).toBe("boom");
    registry.clear("chat_9");
    expect(registry.get("chat_9")).toBeUndefined();
  });

  it("polls the message by id when the stream drops before it finished", async () => {
    const registry = new StreamRegistry();
    const events = streamedEvents(growingSnapshots());
    let polls = 0;
    const run = registry.run({
      prompt: "x",
      open: async () => eventsOf(events, { failAfter: 5 }),
      getMessage: async (chatId, messageId) => {
        polls++;
        return sampleMessage({ id: messageId, chatId, finishReason: polls < 2 ? null : "stop" });
      },
      pollIntervalMs: 1,
    });
    const final = await run.done;
    expect(final.status).toBe("done");
    expect(polls).toBe(2);
    expect(final.recovered?.finishReason).toBe("stop");
  });

  it("refetches the message when a delta cannot be applied", async () => {
    const registry = new StreamRegistry();
    const events: StreamEvent[] = [
      ...streamedEvents([[], [{ type: "text", text: "hello" }]]).slice(0, 3),
      { object: "message.parts.chunk", id: "msg_2", delta: { 7: { text: ["x", "y"] }, _t: "a" } },
      {
        object: "chat",
        id: "chat_1",
        privacy: "private",
        createdAt: "2025-01-01T12:00:00Z",
        authorId: "u",
        metadata: {},
        writePermission: true,
      },
    ];
    let fetched = 0;
    const run = registry.run({
      prompt: "x",
      open: async () => eventsOf(events),
      getMessage: async (chatId, messageId) => {
        fetched++;
        return sampleMessage({ id: messageId, chatId });
      },
      pollIntervalMs: 1,
    });
    const final = await run.done;
    expect(final.state.needsRefetch).toBe(true);
    expect(fetched).toBeGreaterThanOrEqual(1);
    expect(final.recovered?.id).toBe("msg_2");
  });

  it("ends with `error` events as a finished stream (no polling)", async () => {
    const registry = new StreamRegistry();
    const events = streamedEvents([[], [{ type: "thinking", text: "hm" }]]).slice(0, 3);
    events.push({ object: "error", id: "msg_2", message: "The agent crashed", code: "agent_failed" });
    let fetched = 0;
    const run = registry.run({
      prompt: "x",
      open: async () => eventsOf(events),
      getMessage: async () => {
        fetched++;
        return sampleMessage();
      },
    });
    const final = await run.done;
    expect(final.status).toBe("done");
    expect(final.state.message?.error).toEqual({ message: "The agent crashed", code: "agent_failed" });
    expect(fetched).toBe(0);
  });

  it("after a delta it cannot apply, polls the message until it finished (one poller, the fetched parts replace the streamed ones)", async () => {
    const registry = new StreamRegistry();
    const events: StreamEvent[] = [
      ...streamedEvents([[], [{ type: "text", text: "hello" }]]).slice(0, 3),
      { object: "message.parts.chunk", id: "msg_2", delta: { 7: { text: ["x", "y"] }, _t: "a" } },
      { object: "message.parts.chunk", id: "msg_2", delta: { 8: { text: ["x", "y"] }, _t: "a" } },
    ];
    let polls = 0;
    const finalParts: Part[] = [{ type: "text", text: "hello world" }];
    const run = registry.run({
      prompt: "x",
      open: async () => eventsOf(events),
      getMessage: async (chatId, messageId) => {
        polls++;
        return sampleMessage({ id: messageId, chatId, parts: finalParts, finishReason: polls < 3 ? null : "stop" });
      },
      pollIntervalMs: 1,
    });
    const final = await run.done;
    expect(final.status).toBe("done");
    expect(polls).toBe(3);
    expect(final.recovered?.parts).toEqual(finalParts);
    expect(final.recovered?.finishReason).toBe("stop");
  });

  it("reports each new streamed title once", async () => {
    const registry = new StreamRegistry();
    const titles: string[] = [];
    const run = registry.run({
      prompt: "x",
      open: async () => eventsOf(streamedEvents(growingSnapshots())),
      onTitle: (chatId, title) => titles.push(`${chatId}:${title}`),
    });
    await run.done;
    expect(titles).toEqual(["chat_1:Landing page"]);
  });

  it("runs a sync request: the prompt shows while pending, then the answer; a refusal is kept as the failure", async () => {
    const registry = new StreamRegistry();
    let resolve!: (m: ReturnType<typeof sampleMessage>) => void;
    const pending = registry.runRequest({
      chatId: "chat_5",
      prompt: "hi",
      send: () => new Promise((r) => (resolve = r)),
    });
    expect(registry.get("chat_5")?.status).toBe("connecting");
    expect(registry.isActive("chat_5")).toBe(true);
    resolve(sampleMessage({ id: "msg_9", chatId: "chat_5" }));
    const done = await pending;
    expect(done.status).toBe("done");
    expect(done.recovered?.id).toBe("msg_9");
    const refused = await registry.runRequest({
      chatId: "chat_6",
      prompt: "hi",
      send: async () => Promise.reject(new Error("409 busy")),
    });
    expect(refused.status).toBe("failed");
    expect(refused.failure?.message).toBe("409 busy");
  });
});
