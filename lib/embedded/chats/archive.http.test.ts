import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, Message, MessageList } from "@/lib/api";
import { ChatV1, MessageListV1, MessageV1 } from "@/lib/api/schemas/v1";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService } from "../test-support";

/**
 * Messages beyond a chat's limit (interface.md Part 8: "older messages are archived automatically"), with a limit
 * of 6: the lists (v2, v1 and the v1 Chat) show the newest 6, an archived message is still read by id.
 */
let svc: EmbeddedService;
let chatId = "";
/** Every message ever added, oldest first. */
let all: Message[] = [];

const listV2 = async (query = "?limit=100") =>
  expectSchema(MessageList, (await call(svc, "GET", `/v2/chats/${chatId}/messages${query}`)).body);

beforeAll(async () => {
  svc = await startService({ messageArchiveLimit: 6 });
  const created = await call(svc, "POST", "/v2/chats", { body: { message: "A notes app /fast" } });
  chatId = expectSchema(ChatWithUsage, created.body).chat.id;
  const firstPair = (await listV2()).messages.reverse();
  for (const prompt of ["Add tags /fast", "Add search /fast", "Add dark mode /fast"]) {
    expect((await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: prompt } })).status).toBe(200);
  }
  // 8 messages were added; the first pair was archived when the 7th and 8th came in.
  all = [...firstPair, ...(await listV2()).messages.reverse()];
});
afterAll(() => svc.close());

describe("messages beyond the chat's limit", () => {
  test("v2 list: the newest 6, newest first; pages agree with the whole list", async () => {
    const list = await listV2();
    expect(all).toHaveLength(8);
    expect(list.messages.map((m) => m.id)).toEqual(
      all
        .slice(2)
        .map((m) => m.id)
        .reverse(),
    );
    expect(list.cursor).toBeNull();
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: MessageList = await listV2(cursor ? `?limit=4&cursor=${encodeURIComponent(cursor)}` : "?limit=4");
      paged.push(...page.messages.map((m) => m.id));
      cursor = page.cursor;
    } while (cursor);
    expect(paged).toEqual(list.messages.map((m) => m.id));
  });

  test("v1 list and the v1 Chat's messages leave the archived ones out", async () => {
    const v1 = expectSchema(MessageListV1, (await call(svc, "GET", `/v1/chats/${chatId}/messages?limit=100`)).body);
    expect(v1.data.map((m) => m.id)).toEqual(
      all
        .slice(2)
        .map((m) => m.id)
        .reverse(),
    );
    const chat = expectSchema(ChatV1, (await call(svc, "GET", `/v1/chats/${chatId}`)).body);
    expect(chat.messages.map((m) => m.id)).toEqual(all.slice(2).map((m) => m.id));
  });

  test("an archived message is still read by id (v2 and v1)", async () => {
    const [firstPrompt, firstAnswer] = all as [Message, Message];
    const v2 = await call(svc, "GET", `/v2/chats/${chatId}/messages/${firstPrompt.id}`);
    expect(v2.status).toBe(200);
    expect(expectSchema(Message, v2.body)).toMatchObject({ id: firstPrompt.id, content: "A notes app /fast" });
    const v1 = await call(svc, "GET", `/v1/chats/${chatId}/messages/${firstAnswer.id}`);
    expect(v1.status).toBe(200);
    expect(expectSchema(MessageV1, v1.body).id).toBe(firstAnswer.id);
  });

  test("the agent's context is the live messages: the next answer reads no archived message", async () => {
    // The usage's cache reads follow the characters of the messages before the prompt the agent reads (its
    // context window): with the oldest archived, each further answer reads about as much as the one before.
    const send = async (message: string) =>
      expectSchema(Message, (await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message } })).body);
    const first = await send("Add a footer /fast");
    const second = await send("Add a header /fast");
    const reads = (m: Message) => m.usage?.tokens.cacheRead ?? 0;
    // Before the limit each answer read one turn more than the one before it…
    expect(reads(all[5]!) - reads(all[3]!)).toBeGreaterThan(500);
    // …past it the oldest leave the context as new ones come in: the reads stay level.
    expect(reads(second)).toBeGreaterThan(0);
    expect(Math.abs(reads(second) - reads(first)) / reads(first)).toBeLessThan(0.05);
    expect((await listV2()).messages).toHaveLength(6);
  });
});
