import { Webhook as Verifier } from "standardwebhooks";
import { afterEach, describe, expect, test } from "vitest";
import { ChatWithUsage, WebhookCreated, WebhookPayload, WebhookEvent } from "@/lib/api";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService, waitFor } from "../test-support";
import { DEFAULT_TIMEOUT_MS } from "./index";
import { startReceiver, type TestReceiver } from "./test-receiver";

/**
 * Events follow the operations that cause them, beyond a plain chat: a failing generation, a message that
 * waits on the user and its resolve, a v1 chat created from files. Delivered to a real loopback receiver.
 */

const ALL: WebhookEvent[] = [...WebhookEvent.options];

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => {});
});

async function setup(events: WebhookEvent[] = ALL): Promise<{ svc: EmbeddedService; r: TestReceiver; secret: string }> {
  const r = await startReceiver();
  cleanup.push(() => r.close());
  const svc = await startService({ webhookRetrySchedule: [40, 40], webhookTimeoutMs: 2000 });
  cleanup.push(() => svc.close());
  const res = await call(svc, "POST", "/v2/hooks", { body: { name: "ops", url: r.url, events } });
  expect(res.status).toBe(201);
  return { svc, r, secret: expectSchema(WebhookCreated, res.body).secret };
}

function received(r: TestReceiver, secret: string): WebhookPayload[] {
  return r.received.map((got) =>
    WebhookPayload.parse(new Verifier(secret).verify(got.body, got.headers as Record<string, string>)),
  );
}

/** Waits until the receiver has a payload matching `done`, then returns all of them. */
function until(r: TestReceiver, secret: string, done: (p: WebhookPayload) => boolean): Promise<WebhookPayload[]> {
  return waitFor(async () => {
    const got = received(r, secret);
    return got.some(done) ? got : undefined;
  });
}

describe("events of every operation", () => {
  test("the default per-attempt timeout is 15 s", () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(15_000);
  });

  test("a failing generation still finishes its message: message.finished with finishReason error", async () => {
    const { svc, r, secret } = await setup(["message.finished"]);
    const res = await call(svc, "POST", "/v2/chats", { body: { message: "A page /fail" } });
    expect(res.status).toBe(200);
    const chatId = expectSchema(ChatWithUsage, res.body).chat.id;
    const got = await until(r, secret, (p) => p.type === "message.finished" && p.data.message?.role === "assistant");
    const finished = got.find((p) => p.data.message?.role === "assistant")!;
    expect(finished.data).toMatchObject({ chatId, message: { finishReason: "error" } });
  });

  test("a message waiting on the user finishes with tool-calls; the resolve updates it and answers in a new message", async () => {
    const { svc, r, secret } = await setup(["message.created", "message.updated", "message.finished"]);
    const res = await call(svc, "POST", "/v2/chats", { body: { message: "A store /integration Stripe" } });
    const chatId = expectSchema(ChatWithUsage, res.body).chat.id;
    const blocked = await until(
      r,
      secret,
      (p) => p.type === "message.finished" && p.data.message?.finishReason === "tool-calls",
    );
    const blockedId = blocked.find((p) => p.type === "message.finished" && p.data.message?.role === "assistant")!.data
      .messageId!;
    const before = r.received.length;

    const resolved = await call(svc, "POST", `/v2/chats/${chatId}/messages/resolve`, {
      body: { task: { type: "confirmed-steps", connectedIntegrationNames: ["Stripe"] } },
    });
    expect(resolved.status).toBe(200);
    const answerId = (resolved.body as { id: string }).id;
    const after = (await until(r, secret, (p) => p.type === "message.finished" && p.data.messageId === answerId)).slice(
      before,
    );

    // The blocked message is updated (its request now connected), the answer is a new message that finishes.
    const updatedBlocked = after.find((p) => p.type === "message.updated" && p.data.messageId === blockedId);
    expect(updatedBlocked).toBeDefined();
    expect(after.find((p) => p.type === "message.created")?.data.messageId).toBe(answerId);
    expect(after.at(-1)).toMatchObject({
      type: "message.finished",
      data: { chatId, messageId: answerId, message: { finishReason: "stop" } },
    });
    // No user message is stored for a resolve.
    expect(after.filter((p) => p.type === "message.created")).toHaveLength(1);
  });

  test("a v1 chat created from files emits chat.created, and nothing about messages", async () => {
    const { svc, r, secret } = await setup();
    const res = await call(svc, "POST", "/v1/chats", {
      body: { type: "files", files: [{ name: "index.html", content: "<h1>hi</h1>" }], initialContext: "Imported" },
    });
    expect([200, 201]).toContain(res.status);
    const chatId = (res.body as { id: string }).id;
    const got = await until(r, secret, (p) => p.type === "chat.created");
    expect(got.find((p) => p.type === "chat.created")!.data).toMatchObject({ chatId, chat: { id: chatId } });
    await new Promise((res) => setTimeout(res, 150));
    expect(received(r, secret).filter((p) => p.type.startsWith("message."))).toEqual([]);
  });
});
