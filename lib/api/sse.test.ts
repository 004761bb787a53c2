import { describe, expect, it } from "vitest";
import type { ReadStreamEvent } from "./schemas";
import { encodeSseEvent, readSseEvents, StreamProtocolError } from "./sse";
import { sampleChat, streamedEvents } from "./testing/fixtures";
import { seededRandom, streamedMessageSnapshots } from "./testing/part-snapshots";
import { collect, randomChunks, splitAt, streamOf } from "./testing/streams";

const encoder = new TextEncoder();

// A real stream: the 6.2 sequence with multi-byte text, plus what a reader must skip.
const events = streamedEvents(streamedMessageSnapshots({ parts: 4, deltas: 14, seed: 3 }));
const unknownKind = 'data: {"object":"message.reasoning.chunk","id":"msg_2","delta":"é"}\n\n';
const wire =
  ": stream opened\n\n" +
  events
    .map(
      (e, i) =>
        (i === 2 ? unknownKind : "") +
        (i === 4 ? ": keep-alive\n" : "") +
        (i === 5 ? "event: message\nid: 5\n" : "") +
        encodeSseEvent(e),
    )
    .join("") +
  ": bye\n\n";
const bytes = encoder.encode(wire);

describe("encodeSseEvent", () => {
  it("writes one data line and a blank line", () => {
    const text = encodeSseEvent({ object: "chat.title", id: "c", delta: "two\nlines 😀" });
    expect(text).toBe('data: {"object":"chat.title","id":"c","delta":"two\\nlines 😀"}\n\n');
  });
});

describe("readSseEvents", () => {
  it("has a fixture with multi-byte characters", () => {
    expect(bytes.length).toBeGreaterThan(wire.length);
    expect(events.length).toBeGreaterThan(10);
  });

  it("yields every event in order when the body is one chunk", async () => {
    expect(await collect(readSseEvents(streamOf([bytes])))).toEqual(events);
  });

  it("yields the same events for the body cut at every byte offset", async () => {
    for (let at = 1; at < bytes.length; at++) {
      const got = await collect(readSseEvents(streamOf(splitAt(bytes, [at]))));
      if (got.length !== events.length || JSON.stringify(got) !== JSON.stringify(events)) {
        expect(got, `cut at byte ${at}`).toEqual(events);
      }
    }
  });

  it("yields the same events for one-byte chunks and random chunkings", async () => {
    expect(await collect(readSseEvents(streamOf(Array.from(bytes, (b) => Uint8Array.of(b)))))).toEqual(events);
    const rand = seededRandom(7);
    for (let run = 0; run < 200; run++) {
      expect(await collect(readSseEvents(streamOf(randomChunks(bytes, rand, 1 + (run % 40)))))).toEqual(events);
    }
  });

  it("accepts CRLF and CR line endings, cut anywhere", async () => {
    const rand = seededRandom(11);
    for (const eol of ["\r\n", "\r"]) {
      const crlf = encoder.encode(wire.replace(/\n/g, eol));
      for (let run = 0; run < 50; run++) {
        expect(await collect(readSseEvents(streamOf(randomChunks(crlf, rand, 8))))).toEqual(events);
      }
    }
  });

  it("drops an incomplete event at the end of the body", async () => {
    const body = encodeSseEvent(events[0]!) + encodeSseEvent(events[1]!).trimEnd();
    expect(await collect(readSseEvents(streamOf([encoder.encode(body)])))).toEqual([events[0]]);
  });

  it("throws a clear error for an event that is not JSON, after the events before it", async () => {
    const body = encodeSseEvent(events[0]!) + 'data: {"object":"chat.title",\n\n' + encodeSseEvent(events[1]!);
    const got: ReadStreamEvent[] = [];
    const run = async () => {
      for await (const e of readSseEvents(streamOf([encoder.encode(body)]))) got.push(e);
    };
    await expect(run()).rejects.toThrow(StreamProtocolError);
    await expect(collect(readSseEvents(streamOf([encoder.encode(body)])))).rejects.toThrow(
      /stream event #2 is not valid JSON/,
    );
    expect(got).toEqual([events[0]]);
  });

  it("strict: throws for a known kind that fails its schema, naming the field", async () => {
    const body = 'data: {"object":"chat.title","id":"c"}\n\n';
    await expect(collect(readSseEvents(streamOf([encoder.encode(body)]), { strict: true }))).rejects.toThrow(
      /chat\.title.*delta/,
    );
    const strict = encodeSseEvent({ object: "chat", ...sampleChat() }).replace('"id"', '"surprise":1,"id"');
    await expect(collect(readSseEvents(streamOf([encoder.encode(strict)]), { strict: true }))).rejects.toThrow(
      /surprise/,
    );
  });

  it("strict: throws for an event without an object kind", async () => {
    for (const data of ["[1,2]", '{"id":"x"}', "42", "null"]) {
      await expect(
        collect(readSseEvents(streamOf([encoder.encode(`data: ${data}\n\n`)]), { strict: true })),
      ).rejects.toThrow(/no "object" kind/);
    }
  });

  it("lenient: reads a chat event with fields it does not know, and the document's names", async () => {
    const chat = encodeSseEvent({ object: "chat", ...sampleChat() }).replace(
      '"id"',
      '"surprise":1,"vercelProjectId":"prj_1","id"',
    );
    const [event] = await collect(readSseEvents(streamOf([encoder.encode(chat)])));
    expect(event).toMatchObject({ object: "chat", id: sampleChat().id, hostProjectId: "prj_1" });
    expect(event).not.toHaveProperty("surprise");
  });

  it("lenient: skips unusable and unknown events, counting each, and goes on", async () => {
    const skipped: string[] = [];
    const body =
      ['{"object":"chat.title","id":"c"}', '{"id":"x"}', "[1,2]", '{"object":"message.reasoning.chunk","id":"m"}']
        .map((d) => `data: ${d}\n\n`)
        .join("") + encodeSseEvent(events[1]!);
    const got = await collect(
      readSseEvents(streamOf([encoder.encode(body)]), { onSkip: (kind) => skipped.push(kind) }),
    );
    expect(got).toEqual([events[1]]);
    expect(skipped).toEqual(["chat.title", "no kind", "no kind", "message.reasoning.chunk"]);
  });

  it("lenient: reads the document's message snapshots and usage without a model", async () => {
    const snapshot = {
      object: "message",
      id: "msg_1",
      chatId: "chat_1",
      role: "assistant",
      createdAt: "2026-11-25T00:00:00Z",
      updatedAt: "2026-11-25T00:00:01Z",
      content: "",
      parts: [{ type: "text", text: "hi" }],
      finishReason: "stop",
      restorable: true,
      authorId: null,
      usage: {
        tokens: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, total: 3 },
        creditsCost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
    };
    const usage = { object: "message.usage", id: "msg_1", usage: snapshot.usage };
    const body = [snapshot, usage].map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
    const [message, used] = await collect(readSseEvents(streamOf([encoder.encode(body)])));
    expect(message).toMatchObject({
      object: "message",
      id: "msg_1",
      finishReason: "stop",
      parts: [{ type: "text", text: "hi" }],
      usage: { model: null },
    });
    expect(used).toMatchObject({ object: "message.usage", usage: { model: null, tokens: { total: 3 } } });
  });

  it("cancels the body when the consumer stops early", async () => {
    let cancelled = false;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode(encodeSseEvent(events[sent++ % events.length]!)));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSseEvents(body)) {
      expect(event).toEqual(events[0]);
      break;
    }
    expect(cancelled).toBe(true);
  });

  it("stops with the signal's reason when aborted while waiting", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(encodeSseEvent(events[0]!)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const got: ReadStreamEvent[] = [];
    const run = (async () => {
      for await (const e of readSseEvents(body, { signal: controller.signal })) {
        got.push(e);
        setTimeout(() => controller.abort(new Error("user left")), 5);
      }
    })();
    await expect(run).rejects.toThrow("user left");
    expect(got).toEqual([events[0]]);
    expect(cancelled).toBe(true);
  });

  it("refuses to start with an aborted signal", async () => {
    const controller = new AbortController();
    controller.abort(new Error("already"));
    await expect(collect(readSseEvents(streamOf([bytes]), { signal: controller.signal }))).rejects.toThrow("already");
  });
});
