import { describe, expect, test } from "vitest";
import { AsyncChatRef, ErrorV2, Message, MessageList, MessageRef } from "@/lib/api";
import { call, expectSchema, waitFor, serviceForFile } from "../test-support";

/** POST /v2/chats/{chatId}/messages/{messageId}/stop through real Requests (the document's stop). */
const svc = serviceForFile({ agentDelayMs: 20 });

const stop = (chatId: string, messageId: string) => call(svc, "POST", `/v2/chats/${chatId}/messages/${messageId}/stop`);

async function messageOf(chatId: string, messageId: string): Promise<Message> {
  const res = await call(svc, "GET", `/v2/chats/${chatId}/messages/${messageId}`);
  expect(res.status).toBe(200);
  return expectSchema(Message, res.body);
}

/** A `/slow` chat created async: its assistant message is generating for several seconds. */
async function slowChat(): Promise<AsyncChatRef> {
  const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "A counter app /slow" } });
  expect(res.status).toBe(202);
  return expectSchema(AsyncChatRef, res.body);
}

/** Waits until the generating message holds at least `n` parts. */
const partsReached = (chatId: string, messageId: string, n: number) =>
  waitFor(async () => {
    const m = await messageOf(chatId, messageId);
    return (m.parts?.length ?? 0) >= n ? m : undefined;
  });

describe("stopping a generating message", () => {
  test("the message ends at once with what it had, finished 'stop'; the answer names it", async () => {
    const { chatId, messageId } = await slowChat();
    const before = await partsReached(chatId, messageId, 2);
    expect(before.finishReason ?? null).toBeNull();

    const res = await stop(chatId, messageId);
    expect(res.status).toBe(200);
    expect(expectSchema(MessageRef, res.body)).toEqual({ messageId });

    // Answered once stored finished: no wait needed, and nothing more is appended afterwards.
    const stopped = await messageOf(chatId, messageId);
    expect(stopped.finishReason).toBe("stop");
    expect(stopped.parts!.length).toBeGreaterThanOrEqual(before.parts!.length);
    expect(stopped.parts!.every((p) => p.finishedAt)).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(await messageOf(chatId, messageId)).toEqual(stopped);

    // A full /slow run writes files and ends with a summary; the stopped one has fewer parts.
    const full = await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "Again /fast" } });
    expect(full.status).toBe(200);
    expect(expectSchema(Message, full.body).parts!.length).toBeGreaterThan(stopped.parts!.length);
  });

  test("the chat accepts the next message right after a stop", async () => {
    const { chatId, messageId } = await slowChat();
    await partsReached(chatId, messageId, 1);
    expect((await stop(chatId, messageId)).status).toBe(200);
    const next = await call(svc, "POST", `/v2/chats/${chatId}/messages`, {
      body: { message: "Add a reset button /fast" },
    });
    expect(next.status).toBe(200);
    expect(expectSchema(Message, next.body).finishReason).toBe("stop");
  });

  test("two stops at once both answer the message; it is stored once", async () => {
    const { chatId, messageId } = await slowChat();
    await partsReached(chatId, messageId, 1);
    const [a, b] = await Promise.all([stop(chatId, messageId), stop(chatId, messageId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const list = expectSchema(MessageList, (await call(svc, "GET", `/v2/chats/${chatId}/messages`)).body);
    expect(list.messages.filter((m) => m.role === "assistant")).toHaveLength(1);
  });
});

describe("bad stops change nothing", () => {
  test("a finished message: 409 in the error shape, saying why", async () => {
    const { chatId, messageId } = await slowChat();
    await partsReached(chatId, messageId, 1);
    await stop(chatId, messageId);
    const again = await stop(chatId, messageId);
    expect(again.status).toBe(409);
    expect(expectSchema(ErrorV2, again.body).message).toMatch(/is not generating/);
  });

  test("the user's message: 409 (only the generating assistant message can be stopped)", async () => {
    const { chatId, messageId } = await slowChat();
    const list = expectSchema(MessageList, (await call(svc, "GET", `/v2/chats/${chatId}/messages`)).body);
    const user = list.messages.find((m) => m.role === "user")!;
    const res = await stop(chatId, user.id);
    expect(res.status).toBe(409);
    expect((await messageOf(chatId, messageId)).finishReason ?? null).toBeNull();
    await stop(chatId, messageId);
  });

  test("unknown chat or message: 404", async () => {
    const { chatId, messageId } = await slowChat();
    expect((await stop(chatId, "msg_nope")).status).toBe(404);
    expect((await stop("chat_nope", messageId)).status).toBe(404);
    expect((await messageOf(chatId, messageId)).finishReason ?? null).toBeNull();
    await stop(chatId, messageId);
  });

  test("a stop racing the message's own finish answers 200 or 409, never an error", async () => {
    const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "A tiny page /fast" } });
    const { chatId, messageId } = expectSchema(AsyncChatRef, res.body);
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await stop(chatId, messageId);
      answers.push(r.status);
      if (r.status === 409) break;
    }
    expect(answers.every((s) => s === 200 || s === 409)).toBe(true);
    expect((await messageOf(chatId, messageId)).finishReason).toBe("stop");
  });
});
