import { describe, expect, it } from "vitest";
import type { StreamEvent } from "./schemas";
import { encodeSseEvent, readSseEvents } from "./sse";
import { initialStreamState, reduceStreamEvent, type StreamState } from "./stream-state";
import { sampleChat, sampleUsage, streamedEvents } from "./testing/fixtures";
import { randomSnapshots, seededRandom, streamedMessageSnapshots } from "./testing/part-snapshots";
import { randomChunks, streamOf } from "./testing/streams";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Reduces with a frozen state each time: any mutation by the reducer throws. */
const reduceAll = (events: readonly StreamEvent[], from = initialStreamState()): StreamState =>
  events.reduce((state, event) => reduceStreamEvent(deepFreeze(state), event), from);

describe("reduceStreamEvent", () => {
  const snapshots = streamedMessageSnapshots({ parts: 40, deltas: 300, seed: 5 });
  const events = streamedEvents(snapshots);
  const wire = new TextEncoder().encode(events.map(encodeSseEvent).join(""));

  it("rebuilds the producer's last snapshot from the SSE body in any chunking", async () => {
    const rand = seededRandom(21);
    for (let run = 0; run < 25; run++) {
      let state = initialStreamState();
      const opened: StreamState[] = [];
      for await (const event of readSseEvents(streamOf(randomChunks(wire, rand, 1 + run * 37)))) {
        state = reduceStreamEvent(deepFreeze(state), event);
        if (opened.length === 0) opened.push(state);
      }
      expect(opened[0]).toMatchObject({ chat: sampleChat(), closed: false, message: null });
      expect(state.message?.parts).toEqual(snapshots.at(-1));
      expect(state.message?.id).toBe("msg_2");
      expect(state.message?.usage).toEqual(sampleUsage());
      expect(state.title).toBe("Landing page");
      expect(state.chat).toEqual({ ...sampleChat(), title: "Landing page", updatedAt: "2025-01-01T12:01:00Z" });
      expect(state.closed).toBe(true);
      expect(state.needsRefetch).toBe(false);
      expect(state.error).toBeUndefined();
    }
  });

  it("follows every intermediate snapshot, sharing unchanged parts", () => {
    const snaps = randomSnapshots(42, 120);
    let state = reduceStreamEvent(initialStreamState(), { object: "chat", ...sampleChat() });
    for (let n = 1; n < snaps.length; n++) {
      const chunk = streamedEvents(snaps.slice(n - 1, n + 1)).find((e) => e.object === "message.parts.chunk");
      if (!chunk) continue;
      const before = state.message?.parts ?? [];
      state = reduceStreamEvent(deepFreeze(state), chunk);
      expect(state.message!.parts).toEqual(snaps[n]);
      snaps[n]!.forEach((part, i) => {
        const j = snaps[n - 1]!.indexOf(part);
        if (j >= 0) expect(state.message!.parts[i]).toBe(before[j]);
      });
    }
  });

  it("sets needsRefetch and keeps the parts when a delta cannot be applied", () => {
    const good = events.slice(0, 6);
    const state = reduceAll(good);
    const parts = state.message!.parts;
    const broken = reduceStreamEvent(state, {
      object: "message.parts.chunk",
      id: "msg_2",
      delta: { _t: "a", _99: [{}, 0, 0] },
    });
    expect(broken.needsRefetch).toBe(true);
    expect(broken.message!.parts).toBe(parts);
    // later deltas of that message are not applied on a wrong base
    const after = reduceAll(events.slice(6, 9), broken);
    expect(after.message!.parts).toBe(parts);
    expect(after.needsRefetch).toBe(true);
    // the rest of the stream is still followed
    const end = reduceAll(events.slice(9), after);
    expect(end.closed).toBe(true);
    expect(end.message!.usage).toEqual(sampleUsage());
    expect(end.needsRefetch).toBe(true);
  });

  it("sets needsRefetch for a malformed first delta too", () => {
    const state = reduceAll([events[0]!, { object: "message.parts.chunk", id: "m", delta: 12 }]);
    expect(state.needsRefetch).toBe(true);
    expect(state.message).toEqual({ id: "m", parts: [] });
  });

  it("records an error event on the message", () => {
    const state = reduceAll([
      ...events.slice(0, 5),
      { object: "error", id: "msg_2", message: "agent crashed", code: "agent_error" },
    ]);
    expect(state.message!.error).toEqual({ message: "agent crashed", code: "agent_error" });
    expect(state.message!.parts).toEqual(reduceAll(events.slice(0, 5)).message!.parts);
    expect(state.error).toEqual({ id: "msg_2", message: "agent crashed", code: "agent_error" });
    expect(state.closed).toBe(false);
  });

  it("records an error before any chunk on a new message with that id", () => {
    const state = reduceAll([events[0]!, { object: "error", id: "msg_9", message: "quota" }]);
    expect(state.message).toEqual({ id: "msg_9", parts: [], error: { message: "quota" } });
  });

  it("keeps a chat-scoped error off the message", () => {
    const state = reduceAll([...events.slice(0, 4), { object: "error", id: "chat_1", message: "chat locked" }]);
    expect(state.message!.error).toBeUndefined();
    expect(state.error).toEqual({ id: "chat_1", message: "chat locked" });
  });

  it("starts a fresh message when the message id changes", () => {
    const state = reduceAll([
      ...events.slice(0, 5),
      { object: "message.parts.chunk", id: "msg_3", delta: { _t: "a", 0: [{ type: "text", text: "hi" }] } },
    ]);
    expect(state.message).toEqual({ id: "msg_3", parts: [{ type: "text", text: "hi" }] });
  });

  it("returns the same state for a chunk that changes nothing", () => {
    const state = reduceAll(events.slice(0, 4));
    expect(reduceStreamEvent(state, { object: "message.parts.chunk", id: "msg_2", delta: undefined })).toBe(state);
  });
});
