import { describe, expect, it } from "vitest";
import { initialStreamState } from "@/lib/api/stream-state";
import { sampleMessage, sampleUsage } from "@/lib/api/testing/fixtures";
import type { Message } from "@/lib/api/schemas";
import { mergeTimeline } from "./merge-timeline";
import type { ActiveStream } from "./stream-registry";

const user = (over: Partial<Message> = {}): Message =>
  sampleMessage({
    id: "msg_1",
    role: "user",
    content: "build a page",
    parts: [],
    usage: undefined,
    finishReason: null,
    ...over,
  });

function stream(over: Partial<ActiveStream> = {}, message: ActiveStream["state"]["message"] = null): ActiveStream {
  return {
    chatId: "chat_1",
    prompt: "build a page",
    startedAt: "2025-01-01T12:00:00Z",
    status: "streaming",
    state: { ...initialStreamState(), message },
    failure: null,
    recovered: null,
    ...over,
  };
}

const liveMsg = { id: "msg_2", parts: [{ type: "text" as const, text: "Hel" }] };

describe("mergeTimeline", () => {
  it("returns the persisted messages when no stream is followed", () => {
    const t = mergeTimeline("chat_1", [user(), sampleMessage()], undefined);
    expect(t.entries.map((e) => e.message.id)).toEqual(["msg_1", "msg_2"]);
    expect(t.entries.every((e) => !e.live)).toBe(true);
  });

  it("shows the prompt and a waiting indicator before the first chunk", () => {
    const t = mergeTimeline("chat_1", [], stream({ status: "connecting" }));
    expect(t.entries).toHaveLength(1);
    expect(t.entries[0]!.message).toMatchObject({ role: "user", content: "build a page" });
    expect(t.waitingForAssistant).toBe(true);
  });

  it("does not repeat the user's message once it is persisted", () => {
    const t = mergeTimeline("chat_1", [user()], stream({}, liveMsg));
    expect(t.entries.map((e) => [e.message.role, e.live])).toEqual([
      ["user", false],
      ["assistant", true],
    ]);
    expect(t.entries[1]!.streaming).toBe(true);
    expect(t.entries[1]!.message.parts).toEqual(liveMsg.parts);
  });

  it("replaces the persisted copy of the generating message with the live one", () => {
    const persisted = sampleMessage({ parts: [], finishReason: null, content: "" });
    const t = mergeTimeline("chat_1", [user(), persisted], stream({}, liveMsg));
    expect(t.entries).toHaveLength(2);
    expect(t.entries[1]!.live).toBe(true);
    expect(t.entries[1]!.message.parts).toEqual(liveMsg.parts);
  });

  it("lets the finished persisted message win once the stream is done", () => {
    const t = mergeTimeline("chat_1", [user(), sampleMessage()], stream({ status: "done" }, liveMsg));
    expect(t.entries[1]!.live).toBe(false);
    expect(t.entries[1]!.message.content).toBe("Done.");
  });

  it("keeps the live message after the stream ended until the refetch brings the persisted one", () => {
    const t = mergeTimeline("chat_1", [], stream({ status: "done" }, { ...liveMsg, usage: sampleUsage() }));
    expect(t.entries.map((e) => e.message.role)).toEqual(["user", "assistant"]);
    expect(t.entries[1]!.streaming).toBe(false);
    expect(t.entries[1]!.message.usage?.model).toBe("svc-pro");
  });

  it("appends a follow-up after older messages", () => {
    const older = [user({ content: "first" }), sampleMessage({ id: "msg_0" })];
    const t = mergeTimeline("chat_1", older, stream({ prompt: "second" }, { ...liveMsg, id: "msg_4" }));
    expect(t.entries.map((e) => e.message.content || e.message.id)).toEqual(["first", "Done.", "second", "msg_4"]);
  });

  it("carries an error event onto the live message", () => {
    const t = mergeTimeline(
      "chat_1",
      [user()],
      stream({ status: "done" }, { ...liveMsg, error: { message: "boom", code: "x" } }),
    );
    expect(t.entries[1]!.error).toEqual({ message: "boom", code: "x" });
  });

  it("reports a failure to open the stream without inventing messages", () => {
    const failure = new Error("nope");
    const t = mergeTimeline("chat_1", [user()], stream({ status: "failed", failure }));
    expect(t.entries).toHaveLength(1);
    expect(t.failure).toBe(failure);
  });

  it("uses the refetched message when deltas could not be applied", () => {
    const recovered = sampleMessage({ finishReason: null });
    const s = stream({ recovered }, liveMsg);
    s.state = { ...s.state, needsRefetch: true };
    const t = mergeTimeline("chat_1", [user()], s);
    expect(t.entries[1]!.message.parts).toEqual(recovered.parts);
  });
});
