import { describe, expect, test } from "vitest";
import { AsyncChatRef, Chat, ErrorV2, Message, type Part, type StreamEvent } from "@/lib/api";
import { applyPartsDelta } from "@/lib/api/parts";
import { call, expectSchema, readAll, request, waitFor, serviceForFile } from "../test-support";

/** POST /v2/chats/{chatId}/resume through real Requests (the document's resume), events read by lib/api's reader. */
const svc = serviceForFile({ agentDelayMs: 20 });

const resume = (chatId: string) => svc.handle(request("POST", `/v2/chats/${chatId}/resume`));

async function messageOf(chatId: string, messageId: string): Promise<Message> {
  return expectSchema(Message, (await call(svc, "GET", `/v2/chats/${chatId}/messages/${messageId}`)).body);
}

async function slowChat(): Promise<AsyncChatRef> {
  const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "A tide clock /slow" } });
  expect(res.status).toBe(202);
  return expectSchema(AsyncChatRef, res.body);
}

/** The parts rebuilt from nothing with every delta of the stream, in order. */
function rebuild(events: readonly StreamEvent[], messageId: string): Part[] {
  let parts: Part[] = [];
  for (const e of events)
    if (e.object === "message.parts.chunk") {
      expect(e.id).toBe(messageId);
      parts = applyPartsDelta(parts, e.delta);
    }
  return parts;
}

describe("resuming a running generation", () => {
  test("a snapshot, then live deltas, then the closing events: the parts rebuilt equal the stored message", async () => {
    const { chatId, messageId } = await slowChat();
    await waitFor(async () => ((await messageOf(chatId, messageId)).parts?.length ?? 0) >= 2 || undefined);
    const res = await resume(chatId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await readAll(res);

    expect(events[0]!.object).toBe("chat");
    // The first delta already carries what was generated before the resume (no gap).
    const first = events.find((e) => e.object === "message.parts.chunk");
    expect(applyPartsDelta([], (first as { delta: unknown }).delta).length).toBeGreaterThanOrEqual(2);
    expect(events.filter((e) => e.object === "message.parts.chunk").length).toBeGreaterThan(2);
    expect(events.at(-2)!.object).toBe("message.usage");
    expect(events.at(-1)!.object).toBe("chat");

    const stored = await messageOf(chatId, messageId);
    expect(stored.finishReason).toBe("stop");
    expect(rebuild(events, messageId)).toEqual(stored.parts);
  });

  test("two readers resuming at once, and a stop meanwhile: both end, both rebuild the stopped message", async () => {
    const { chatId, messageId } = await slowChat();
    await waitFor(async () => ((await messageOf(chatId, messageId)).parts?.length ?? 0) >= 1 || undefined);
    const [a, b] = await Promise.all([resume(chatId), resume(chatId)]);
    const reading = Promise.all([readAll(a), readAll(b)]);
    expect((await call(svc, "POST", `/v2/chats/${chatId}/messages/${messageId}/stop`)).status).toBe(200);
    const [ea, eb] = await reading;
    const stored = await messageOf(chatId, messageId);
    expect(rebuild(ea, messageId)).toEqual(stored.parts);
    expect(rebuild(eb, messageId)).toEqual(stored.parts);
  });

  test("a reader that goes away leaves the generation running", async () => {
    const { chatId, messageId } = await slowChat();
    const res = await resume(chatId);
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    const stored = await waitFor(async () => {
      const m = await messageOf(chatId, messageId);
      return m.finishReason ? m : undefined;
    }, 30_000);
    expect(stored.finishReason).toBe("stop");
    expect(stored.parts!.length).toBeGreaterThan(3);
  });
});

describe("nothing to resume", () => {
  test("a finished chat: the closing chat event alone", async () => {
    const created = await call(svc, "POST", "/v2/chats", { body: { message: "A small page /fast" } });
    const chat = expectSchema(Chat, (created.body as { chat: unknown }).chat);
    const events = await readAll(await resume(chat.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ object: "chat", id: chat.id });
  });

  test("an unknown chat: 404 in the error shape, not a stream", async () => {
    const res = await resume("chat_nope");
    expect(res.status).toBe(404);
    expectSchema(ErrorV2, await res.json());
  });

  test("a resume racing the generation's end always ends with the closing chat event", async () => {
    const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "A tiny page /fast" } });
    const { chatId } = expectSchema(AsyncChatRef, res.body);
    for (let i = 0; i < 20; i++) {
      const events = await readAll(await resume(chatId));
      expect(events.at(-1)!.object).toBe("chat");
    }
  });
});
