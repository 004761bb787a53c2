import { afterEach, describe, expect, test } from "vitest";
import { ChatList, ChatWithUsage, ErrorV2, MessageList, QuotaList, type Quota, type QuotaLimits } from "@/lib/api";
import { ChatV1, ErrorV1 } from "@/lib/api/schemas/v1";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService } from "../test-support";

/** The daily quotas of interface.md Part 8 through real Requests, with small limits. */
let svc: EmbeddedService | null = null;
afterEach(async () => {
  await svc?.close();
  svc = null;
});

async function start(quotas?: QuotaLimits): Promise<EmbeddedService> {
  svc = await startService({ quotas });
  return svc;
}

const quotasOf = async (s: EmbeddedService): Promise<Record<string, Quota>> => {
  const res = await call(s, "GET", "/v2/quotas");
  expect(res.status).toBe(200);
  return Object.fromEntries(expectSchema(QuotaList, res.body).quotas.map((q) => [q.name, q]));
};
const chatCount = async (s: EmbeddedService) =>
  expectSchema(ChatList, (await call(s, "GET", "/v2/chats?limit=100")).body).chats.length;
const messageCount = async (s: EmbeddedService, chatId: string) =>
  expectSchema(MessageList, (await call(s, "GET", `/v2/chats/${chatId}/messages?limit=100`)).body).messages.length;

const nextMidnight = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
};

/** A quota's 429: Retry-After is the seconds until the next UTC midnight. */
function expectRetryAfter(headers: Headers) {
  const seconds = Number(headers.get("retry-after"));
  const expected = (nextMidnight() - Date.now()) / 1000;
  expect(Number.isInteger(seconds)).toBe(true);
  expect(Math.abs(seconds - expected)).toBeLessThan(5);
}

describe("quotas off (the default)", () => {
  test("many calls and messages are never refused; GET /v2/quotas reports every quota off", async () => {
    const s = await start();
    const chat = expectSchema(
      ChatWithUsage,
      (await call(s, "POST", "/v2/chats", { body: { message: "A notes app /fast" } })).body,
    );
    for (let i = 0; i < 5; i++) {
      expect(
        (await call(s, "POST", `/v2/chats/${chat.chat.id}/messages`, { body: { message: `Add ${i} /fast` } })).status,
      ).toBe(200);
    }
    for (let i = 0; i < 60; i++) expect((await call(s, "GET", "/v2/chats")).status).toBe(200);
    const quotas = await quotasOf(s);
    expect(Object.keys(quotas)).toEqual(["api_requests", "chat_messages", "file_uploads_bytes", "deployments"]);
    for (const q of Object.values(quotas)) {
      expect(q).toMatchObject({ limit: null, used: 0 });
      expect(Date.parse(q.resetsAt)).toBe(nextMidnight());
    }
  });
});

describe("chat messages", () => {
  test("the N+1th user message is refused with 429, Retry-After and the version's body; nothing is stored", async () => {
    const s = await start({ chat_messages: 2 });
    const created = await call(s, "POST", "/v2/chats", { body: { message: "A notes app /fast" } });
    expect(created.status).toBe(200);
    const chatId = expectSchema(ChatWithUsage, created.body).chat.id;
    expect(
      (await call(s, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "Add tags /fast" } })).status,
    ).toBe(200);

    const v2 = await call(s, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "Add search /fast" } });
    expect(v2.status).toBe(429);
    expectRetryAfter(v2.headers);
    const message = expectSchema(ErrorV2, v2.body).message;
    expect(message).toMatch(/chat messages \(chat_messages\), 2 per day/);
    expect(message).toContain(new Date(nextMidnight()).toISOString());

    const stream = await call(s, "POST", "/v2/chats/stream", { body: { message: "Another app" } });
    expect(stream.status).toBe(429);

    const v1 = await call(s, "POST", `/v1/chats/${chatId}/messages`, { body: { message: "Add search" } });
    expect(v1.status).toBe(429);
    expectRetryAfter(v1.headers);
    expect(expectSchema(ErrorV1, v1.body).error).toMatchObject({ code: "quota_exceeded", type: "rate_limit_error" });
    const v1Create = await call(s, "POST", "/v1/chats", { body: { message: "Another app" } });
    expect(v1Create.status).toBe(429);

    expect(await messageCount(s, chatId)).toBe(4);
    expect(await chatCount(s)).toBe(1);
    expect((await quotasOf(s)).chat_messages).toMatchObject({ limit: 2, used: 2 });
  });

  test("a message the service refuses for another reason is given back", async () => {
    const s = await start({ chat_messages: 1 });
    const missing = await call(s, "POST", "/v2/chats/chat_missing/messages", { body: { message: "Hello" } });
    expect(missing.status).toBe(404);
    expect((await quotasOf(s)).chat_messages.used).toBe(0);
    expect((await call(s, "POST", "/v2/chats", { body: { message: "A notes app /fast" } })).status).toBe(200);
    expect((await quotasOf(s)).chat_messages.used).toBe(1);
  });

  test("concurrent messages never pass the limit", async () => {
    const s = await start({ chat_messages: 3 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(s, "POST", "/v2/chats/async", { body: { message: `App ${i} /fast` } })),
    );
    expect(results.filter((r) => r.status === 202)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect((await quotasOf(s)).chat_messages.used).toBe(3);
  });
});

describe("API requests", () => {
  test("every request reaching a handler counts; the N+1th is refused; GET /v2/quotas is not counted", async () => {
    const s = await start({ api_requests: 3 });
    for (let i = 0; i < 3; i++) expect((await call(s, "GET", "/v2/chats")).status).toBe(200);
    const refused = await call(s, "GET", "/v1/chats");
    expect(refused.status).toBe(429);
    expectRetryAfter(refused.headers);
    expect(expectSchema(ErrorV1, refused.body).error).toMatchObject({
      code: "quota_exceeded",
      type: "rate_limit_error",
    });
    expect(
      expectSchema(ErrorV2, (await call(s, "POST", "/v2/chats", { body: { message: "x" } })).body).message,
    ).toMatch(/API requests \(api_requests\), 3 per day/);
    const quotas = await quotasOf(s);
    expect(quotas.api_requests).toMatchObject({ limit: 3, used: 3 });
    expect(quotas.chat_messages).toMatchObject({ limit: null, used: 0 });
    expect(await quotasOf(s)).toMatchObject({ api_requests: { used: 3 } });
  });

  test("a request refused by another quota takes nothing, not even the request", async () => {
    const s = await start({ api_requests: 10, chat_messages: 0 });
    expect((await call(s, "POST", "/v2/chats", { body: { message: "A notes app" } })).status).toBe(429);
    expect(await quotasOf(s)).toMatchObject({ api_requests: { used: 0 }, chat_messages: { used: 0 } });
  });
});

describe("file uploads", () => {
  const files = (content: string) => [{ name: "index.html", content }];

  test("bytes of files given in v2 from-files, v1 initialization and the v1 version PATCH", async () => {
    const s = await start({ file_uploads_bytes: 10 });
    expect((await call(s, "POST", "/v2/chats/from-files", { body: { files: files("héllo") } })).status).toBe(200); // 6 bytes
    const over = await call(s, "POST", "/v2/chats/from-files", { body: { files: files("12345") } });
    expect(over.status).toBe(429);
    expectRetryAfter(over.headers);
    expect(expectSchema(ErrorV2, over.body).message).toMatch(
      /file uploads \(bytes\) \(file_uploads_bytes\), 10 per day/,
    );
    expect(await chatCount(s)).toBe(1);

    const init = await call(s, "POST", "/v1/chats", { body: { type: "files", files: files("1234") } });
    expect(init.status).toBe(200);
    const chat = expectSchema(ChatV1, init.body);
    expect((await quotasOf(s)).file_uploads_bytes).toMatchObject({ limit: 10, used: 10 });

    const patch = await call(s, "PATCH", `/v1/chats/${chat.id}/versions/${chat.latestVersion!.id}`, {
      body: { files: [{ name: "index.html", content: "x", locked: false }] },
    });
    expect(patch.status).toBe(429);
    expect(expectSchema(ErrorV1, patch.body).error.code).toBe("quota_exceeded");
    const files1 = await call(s, "GET", `/v2/chats/${chat.id}/files`);
    expect(JSON.stringify(files1.body)).toContain("1234");
    expect(await chatCount(s)).toBe(2);
  });

  test("bytes of attachments a message uploads (content or data: URL); a link counts nothing", async () => {
    const s = await start({ file_uploads_bytes: 10 });
    const upload = (text: string) => ({ url: "data:,", name: "a.txt", content: Buffer.from(text).toString("base64") });
    const created = await call(s, "POST", "/v2/chats", {
      body: { message: "A page /fast", attachments: [upload("123456"), { url: "https://example.com/big.zip" }] },
    });
    expect(created.status).toBe(200);
    expect((await quotasOf(s)).file_uploads_bytes).toMatchObject({ limit: 10, used: 6 });
    const chatId = (created.body as { chat: { id: string } }).chat.id;
    const over = await call(s, "POST", `/v2/chats/${chatId}/messages`, {
      body: {
        message: "More /fast",
        attachments: [{ url: `data:text/plain;base64,${Buffer.from("12345").toString("base64")}` }],
      },
    });
    expect(over.status).toBe(429);
    expect((await quotasOf(s)).file_uploads_bytes).toMatchObject({ used: 6 });
  });
});
