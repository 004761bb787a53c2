import { describe, expect, test } from "vitest";
import { ChatListV1, ChatV1, ErrorV1, FavoriteChatV1 } from "@/lib/api/schemas/v1";
import { call, expectSchema, serviceForFile } from "../test-support";

/** PUT /v1/chats/{chatId}/favorite and GET /v1/chats?isFavorite through real Requests. */
const svc = serviceForFile();

async function newChat(): Promise<string> {
  const res = await call(svc, "POST", "/v1/chats", {
    body: { type: "files", files: [{ name: "index.html", content: "<h1>f</h1>" }] },
  });
  expect(res.status).toBe(200);
  return expectSchema(ChatV1, res.body).id;
}
const favorite = (chatId: string, body: unknown) => call(svc, "PUT", `/v1/chats/${chatId}/favorite`, { body });
const chatV1 = async (chatId: string) => expectSchema(ChatV1, (await call(svc, "GET", `/v1/chats/${chatId}`)).body);
async function listIds(query: string): Promise<string[]> {
  const res = await call(svc, "GET", `/v1/chats?limit=100${query}`);
  expect(res.status).toBe(200);
  return expectSchema(ChatListV1, res.body).data.map((c) => c.id);
}

describe("favorites", () => {
  test("marking and unmarking: the answer, the chat's favorite and the isFavorite filter", async () => {
    const a = await newChat();
    const b = await newChat();
    expect((await chatV1(a)).favorite).toBe(false);

    const marked = await favorite(a, { isFavorite: true });
    expect(marked.status).toBe(200);
    expect(expectSchema(FavoriteChatV1, marked.body)).toEqual({ id: a, object: "chat", favorited: true });
    expect((await chatV1(a)).favorite).toBe(true);
    // Idempotent: marking again keeps it a favorite.
    expect(expectSchema(FavoriteChatV1, (await favorite(a, { isFavorite: true })).body).favorited).toBe(true);

    const favorites = await listIds("&isFavorite=true");
    expect(favorites).toContain(a);
    expect(favorites).not.toContain(b);
    const others = await listIds("&isFavorite=false");
    expect(others).toContain(b);
    expect(others).not.toContain(a);
    const all = await listIds("");
    expect(all).toEqual(expect.arrayContaining([a, b]));
    const listed = expectSchema(ChatListV1, (await call(svc, "GET", "/v1/chats?limit=100")).body).data;
    expect(listed.find((c) => c.id === a)?.favorite).toBe(true);
    expect(listed.find((c) => c.id === b)?.favorite).toBe(false);

    const unmarked = await favorite(a, { isFavorite: false });
    expect(expectSchema(FavoriteChatV1, unmarked.body).favorited).toBe(false);
    expect((await chatV1(a)).favorite).toBe(false);
    expect(await listIds("&isFavorite=true")).not.toContain(a);
  });

  test("refusals change nothing: unknown chat 404, bad bodies 422, bad filter 422", async () => {
    const id = await newChat();
    const missing = await favorite("chat_missing", { isFavorite: true });
    expect(missing.status).toBe(404);
    expectSchema(ErrorV1, missing.body);

    for (const body of [{}, { isFavorite: "true" }, { isFavorite: 1 }, null]) {
      const res = await favorite(id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectSchema(ErrorV1, res.body);
    }
    const malformed = await call(svc, "PUT", `/v1/chats/${id}/favorite`, { raw: "{" });
    expect(malformed.status).toBe(400);
    expect((await chatV1(id)).favorite).toBe(false);

    const badFilter = await call(svc, "GET", "/v1/chats?isFavorite=yes");
    expect(badFilter.status).toBe(422);
    expect(expectSchema(ErrorV1, badFilter.body).error.message).toMatch(/isFavorite/);
  });
});
