import { describe, expect, test } from "vitest";
import {
  BudgetList,
  ChatContext,
  ChatWithUsage,
  CONTEXT_SUMMARY_ACTION,
  ErrorV2,
  LedgerList,
  Message,
} from "@/lib/api";
import { call, expectSchema, messagesOf, serviceForFile } from "../test-support";

/**
 * The context meter, compaction and the ledger with the scripted agent (no model, so they run offline): its windows
 * are fixed per model (svc-mini 32,768 tokens), it bills a system prompt of 1,800 tokens and reads the last 100
 * messages after the latest summary, and it "summarises" with a fixed text.
 */
const svc = serviceForFile();

const tokens = (chars: number) => Math.ceil(chars / 4);

async function createChat(message: string, modelId = "svc-mini") {
  const res = await call(svc, "POST", "/v2/chats", { body: { message, modelConfiguration: { modelId } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat.id;
}

async function meter(chatId: string, prompt = "") {
  const res = await call(svc, "POST", `/v2/chats/${chatId}/context`, { body: { prompt } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatContext, res.body);
}

describe("the scripted agent's context", () => {
  test("the meter counts its system prompt, the messages it reads and the draft against its fixed window", async () => {
    const chatId = await createChat("Build a tiny counter app");
    const messages = await messagesOf(svc, chatId);
    const figures = await meter(chatId, "Make the button blue");
    expect(figures).toMatchObject({ model: "svc-mini", window: 32_768, messages: 2, summary: null });
    expect(figures.tokens).toEqual({
      system: 1800,
      history: expect.any(Number),
      prompt: tokens("Make the button blue".length),
      total: figures.tokens.system + figures.tokens.history + figures.tokens.prompt,
    });
    // The history is both messages, their text and their parts.
    const texts = messages.reduce((n, m) => n + m.content.length + JSON.stringify(m.parts).length, 0);
    expect(figures.tokens.history).toBeGreaterThan(tokens(texts) * 0.9);
    // The answer bills exactly what the meter counted (its history as cache reads, beside the system prompt).
    const sent = await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "Make the button blue" } });
    const usage = expectSchema(Message, sent.body).usage!;
    expect(usage.tokens.cacheRead).toBe(1800 + figures.tokens.history);
    // Other models have their own fixed windows.
    const pro = await call(svc, "POST", `/v2/chats/${chatId}/context`, { body: { modelId: "svc-max" } });
    expect(expectSchema(ChatContext, pro.body).window).toBe(200_000);
  });

  test("past 80% the answer summarises with a fixed text first, shown as its first part; the next reads the summary", async () => {
    // Prompts of 4,000 characters (each answer quotes its prompt) until the next one would pass the line.
    const prompt = (n: number) => `Request ${n}: ${"make it nicer and add more things ".repeat(120)}`;
    const chatId = await createChat(prompt(0));
    let n = 1;
    let figures = await meter(chatId, prompt(n));
    while (!figures.willCompact && n < 12) {
      expect((await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: prompt(n) } })).status).toBe(
        200,
      );
      figures = await meter(chatId, prompt(++n));
    }
    expect(figures.willCompact).toBe(true);
    expect(figures.percent).toBeGreaterThan(80);
    const before = await messagesOf(svc, chatId);

    const sent = await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: prompt(n) } });
    expect(sent.status).toBe(200);
    const answer = expectSchema(Message, sent.body);
    const first = answer.parts![0]!;
    expect(first).toMatchObject({
      type: "agent-action",
      name: CONTEXT_SUMMARY_ACTION,
      summary: "Earlier messages summarised",
      data: {
        summarised: before.length,
        throughMessageId: before[0]!.id,
        summary: expect.stringMatching(/^The scripted agent's summary \(a fixed text/),
      },
    });
    // The summary's own (auxiliary) call is counted: in the message's usage and in the ledger.
    const entries = expectSchema(
      LedgerList,
      (await call(svc, "GET", `/v2/usage/ledger?chatId=${chatId}`)).body,
    ).entries.filter((e) => e.messageId === answer.id);
    expect(entries.map((e) => [e.purpose, e.auxiliary]).sort()).toEqual([
      ["answer", false],
      ["summary", true],
    ]);
    expect(answer.usage!.tokens.total).toBe(entries.reduce((n, e) => n + e.tokens.total, 0));

    // The meter now reads the summary and what came after it: far below the line.
    const after = await meter(chatId);
    expect(after.summary).toMatchObject({ messageId: answer.id, summarised: before.length });
    expect(after.messages).toBe(2);
    expect(after.willCompact).toBe(false);
    expect(after.tokens.history).toBeLessThan(figures.tokens.history / 2);
  });

  test("Compact now stores a summary message; the ledger marks its call auxiliary; nothing since refuses", async () => {
    const chatId = await createChat("Build a notes app", "svc-pro");
    const res = await call(svc, "POST", `/v2/chats/${chatId}/compact`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const message = expectSchema(Message, res.body);
    expect(message).toMatchObject({ role: "assistant", finishReason: "stop" });
    expect(message.parts).toEqual([
      expect.objectContaining({
        type: "agent-action",
        name: CONTEXT_SUMMARY_ACTION,
        data: expect.objectContaining({ summarised: 2 }),
      }),
    ]);
    const [entry] = expectSchema(
      LedgerList,
      (await call(svc, "GET", `/v2/usage/ledger?chatId=${chatId}`)).body,
    ).entries.filter((e) => e.messageId === message.id);
    expect(entry).toMatchObject({ purpose: "summary", auxiliary: true, modelName: null });
    expect(entry!.tokens).toEqual(message.usage!.tokens);
    // v1 lists it as an ordinary message.
    const v1 = await call(svc, "GET", `/v1/chats/${chatId}/messages/${message.id}`);
    expect((v1.body as { type: string }).type).toBe("message");

    const again = await call(svc, "POST", `/v2/chats/${chatId}/compact`);
    expect(again.status).toBe(409);
    expect(expectSchema(ErrorV2, again.body).message).toMatch(/^Nothing to summarise/);
    expect(await messagesOf(svc, chatId)).toHaveLength(3);
    expect((await call(svc, "POST", "/v2/chats/chat_nope/compact")).status).toBe(404);
  });

  test("a chat waiting on the user's answer is not summarised", async () => {
    const res = await call(svc, "POST", "/v2/chats", { body: { message: "Use a database /integration Neon" } });
    const chatId = expectSchema(ChatWithUsage, res.body).chat.id;
    const refused = await call(svc, "POST", `/v2/chats/${chatId}/compact`);
    expect(refused.status).toBe(409);
    expect(expectSchema(ErrorV2, refused.body).message).toMatch(/waits for your answer/);
  });
});

describe("budgets with the scripted agent", () => {
  test("its answers go into the ledger; a team budget reached refuses new messages and chats; 80% warns", async () => {
    const chatId = await createChat("Build a weather app", "svc-pro");
    const spent = expectSchema(BudgetList, (await call(svc, "GET", "/v2/budgets")).body);
    expect(spent).toEqual({ budgets: [], caller: { memberId: "user_embedded", level: "ok", budgets: [] } });
    const today = expectSchema(LedgerList, (await call(svc, "GET", "/v2/usage/ledger?limit=1000")).body).entries;
    const used = Math.round(today.reduce((n, e) => n + e.credits, 0) * 1e6) / 1e6;

    // 85%: a warning; 100%: refused.
    await call(svc, "PUT", "/v2/budgets", {
      body: { budgets: [{ memberId: null, period: "month", credits: used / 0.85 }] },
    });
    const warned = expectSchema(BudgetList, (await call(svc, "GET", "/v2/budgets")).body);
    expect(warned.caller.level).toBe("warning");
    expect(warned.caller.budgets[0]).toMatchObject({ memberId: null, period: "month", used, percent: 85 });

    await call(svc, "PUT", "/v2/budgets", { body: { budgets: [{ memberId: null, period: "month", credits: used }] } });
    const refused = await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "Add a map" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(expectSchema(ErrorV2, refused.body).message).toMatch(/^The team's monthly budget of /);
    expect((await call(svc, "POST", "/v2/chats", { body: { message: "Another" } })).status).toBe(429);
    expect((await call(svc, "POST", `/v2/chats/${chatId}/compact`)).status).toBe(429);
    // Reading is never refused.
    expect((await call(svc, "GET", `/v2/chats/${chatId}/messages`)).status).toBe(200);
    await call(svc, "PUT", "/v2/budgets", { body: { budgets: [] } });
    expect((await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "Add a map" } })).status).toBe(
      200,
    );
  });
});
