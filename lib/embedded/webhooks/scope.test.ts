import { describe, expect, test } from "vitest";
import { webhookWants } from "./scope";

describe("event scoping", () => {
  const hook = (over: Partial<Parameters<typeof webhookWants>[0]> = {}) => ({
    events: ["chat.created", "message.finished"] as const,
    chatId: null,
    disabledAt: null,
    ...over,
  });

  test("only the subscribed event types", () => {
    expect(webhookWants(hook(), { type: "chat.created", chatId: "c1" })).toBe(true);
    expect(webhookWants(hook(), { type: "message.finished", chatId: "c1" })).toBe(true);
    expect(webhookWants(hook(), { type: "message.updated", chatId: "c1" })).toBe(false);
  });

  test("a chat-scoped webhook gets only that chat's events; an unscoped one gets every chat's", () => {
    const scoped = hook({ chatId: "c1" });
    expect(webhookWants(scoped, { type: "chat.created", chatId: "c1" })).toBe(true);
    expect(webhookWants(scoped, { type: "chat.created", chatId: "c2" })).toBe(false);
    expect(webhookWants(hook(), { type: "chat.created", chatId: "c2" })).toBe(true);
  });

  test("a disabled webhook gets nothing", () => {
    expect(webhookWants(hook({ disabledAt: new Date() }), { type: "chat.created", chatId: "c1" })).toBe(false);
  });
});
