import { beforeAll, describe, expect, test } from "vitest";
import { Chat, ChatList, ChatWithUsage, SharedChat, type Privacy } from "@/lib/api";
import { expectSchema, serviceForFile } from "../test-support";
import { addPerson, callAs, type TestPerson } from "../people/test-people";

/**
 * Share links (issue 40): an unlisted or public chat's `shareUrl` opens `GET /v2/shares/{token}` (what the share
 * page shows, asked for by the dashboard's server), live, until the link is rotated, expires (an injected clock) or
 * the chat goes back to private or team; every such token, and any unknown or malformed one, answers the same 404.
 */

let now = new Date("2030-06-01T12:00:00Z");
const svc = serviceForFile({ shareNow: () => now, shareUrl: (token) => `https://atelier.example/share/${token}` });

let author: TestPerson;
let member: TestPerson;

beforeAll(async () => {
  author = await addPerson(svc, "sharer@example.com", "member");
  member = await addPerson(svc, "colleague@example.com", "member");
});

async function newChat(privacy: Privacy, message = "A shared counter /fast"): Promise<Chat> {
  const res = await callAs(svc, { key: author.key }, "POST", "/v2/chats", { message, privacy });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The link is on the answers about the chat (GET /v2/chats/{chatId}), made the first time it is asked for.
  const { id } = expectSchema(ChatWithUsage, res.body).chat;
  return expectSchema(Chat, (await callAs(svc, { key: author.key }, "GET", `/v2/chats/${id}`)).body);
}

const tokenOf = (shareUrl: string | undefined): string => {
  expect(shareUrl).toMatch(/^https:\/\/atelier\.example\/share\/[A-Za-z0-9_-]{43}$/);
  return shareUrl!.split("/share/")[1]!;
};

/** What an anonymous visitor of the link gets (the dashboard's server asks with its own key). */
const openShare = (token: string) => callAs(svc, {}, "GET", `/v2/shares/${encodeURIComponent(token)}`);

/** The 404 every token that opens nothing answers, word for word. */
async function expectClosed(token: string) {
  const res = await openShare(token);
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: "Share link not found" });
}

describe("share links", () => {
  test("only unlisted and public chats have one; it is stable, not the chat's id, and never in lists", async () => {
    for (const privacy of ["private", "team", "team-edit"] as const) {
      const chat = await newChat(privacy);
      const read = expectSchema(Chat, (await callAs(svc, { key: author.key }, "GET", `/v2/chats/${chat.id}`)).body);
      expect(read.shareUrl, privacy).toBeUndefined();
    }
    const chat = await newChat("unlisted");
    const token = tokenOf(chat.shareUrl);
    expect(token).not.toContain(chat.id.replace(/^chat_/, ""));
    expect(chat.shareExpiresAt).toBeNull();
    // The same link for the author and for every person who may read it.
    const again = await callAs(svc, { key: member.key }, "GET", `/v2/chats/${chat.id}`);
    expect(expectSchema(Chat, again.body).shareUrl).toBe(chat.shareUrl);
    const list = expectSchema(ChatList, (await callAs(svc, { key: author.key }, "GET", "/v2/chats?scope=mine")).body);
    expect(list.chats.find((c) => c.id === chat.id)).toBeDefined();
    expect(list.chats.every((c) => c.shareUrl === undefined)).toBe(true);
  });

  test("the link shows the chat read-only: title, author's name, messages, files; nothing else", async () => {
    const chat = await newChat("unlisted", "A counter page /fast");
    const res = await openShare(tokenOf(chat.shareUrl));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const shared = expectSchema(SharedChat, res.body);
    expect(shared.chat).toMatchObject({ title: chat.title ?? null, privacy: "unlisted", authorName: "sharer" });
    expect(shared.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(shared.messages[0]!.content).toBe("A counter page /fast");
    expect(shared.files.length).toBeGreaterThan(0);
    expect(shared.indexable).toBe(false);
    const text = JSON.stringify(res.body);
    // No share link, no key, no person's id, not even the chat's id; no attachment (its URL opens the file alone).
    expect(text).not.toContain(chat.id);
    expect(shared.messages.some((m) => "attachments" in m || "chatId" in m)).toBe(false);
    expect(text).not.toContain("/share/");
    expect(text).not.toContain(author.key);
    expect(text).not.toContain(author.id);
    // Public chats may be indexed; unlisted ones never.
    const pub = await newChat("public");
    expect(expectSchema(SharedChat, (await openShare(tokenOf(pub.shareUrl))).body).indexable).toBe(true);
  });

  test("live: a follow-up the author sends is on the link's next read", async () => {
    const chat = await newChat("public");
    const token = tokenOf(chat.shareUrl);
    const sent = await callAs(svc, { key: author.key }, "POST", `/v2/chats/${chat.id}/messages`, {
      message: "Make it blue /fast",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const shared = expectSchema(SharedChat, (await openShare(token)).body);
    expect(shared.messages.map((m) => m.content)).toContain("Make it blue /fast");
  });

  test("rotating: a new link, the old one 404 at once; the author's alone; 409 on a chat without a link", async () => {
    const chat = await newChat("unlisted");
    const old = tokenOf(chat.shareUrl);
    const refused = await callAs(svc, { key: member.key }, "POST", `/v2/chats/${chat.id}/share/rotate`);
    expect(refused.status).toBe(403);
    expect((await openShare(old)).status).toBe(200);
    const rotated = await callAs(svc, { key: author.key }, "POST", `/v2/chats/${chat.id}/share/rotate`);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const fresh = tokenOf(expectSchema(Chat, rotated.body).shareUrl);
    expect(fresh).not.toBe(old);
    await expectClosed(old);
    expect((await openShare(fresh)).status).toBe(200);
    const priv = await newChat("private");
    const none = await callAs(svc, { key: author.key }, "POST", `/v2/chats/${priv.id}/share/rotate`);
    expect(none.status).toBe(409);
    expect((none.body as { message: string }).message).toBe(
      `Chat ${priv.id} is private: only an unlisted or public chat has a share link to rotate.`,
    );
  });

  test("an expiry ends the link by the service's clock; null lifts it", async () => {
    const chat = await newChat("public");
    const token = tokenOf(chat.shareUrl);
    const at = "2030-06-01T13:00:00.000Z";
    const set = await callAs(svc, { key: author.key }, "PATCH", `/v2/chats/${chat.id}`, { shareExpiresAt: at });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(expectSchema(Chat, set.body)).toMatchObject({ shareUrl: chat.shareUrl, shareExpiresAt: at });
    try {
      now = new Date("2030-06-01T12:59:59Z");
      expect((await openShare(token)).status).toBe(200);
      now = new Date(at);
      await expectClosed(token);
      const lifted = await callAs(svc, { key: author.key }, "PATCH", `/v2/chats/${chat.id}`, { shareExpiresAt: null });
      expect(lifted.status).toBe(200);
      expect((await openShare(token)).status).toBe(200);
    } finally {
      now = new Date("2030-06-01T12:00:00Z");
    }
    // On a chat without a link: 422, nothing changed.
    const priv = await newChat("private");
    const bad = await callAs(svc, { key: author.key }, "PATCH", `/v2/chats/${priv.id}`, { shareExpiresAt: at });
    expect(bad.status).toBe(422);
  });

  test("privacy back to private or team revokes the link at once; shared again, a new link", async () => {
    for (const back of ["private", "team"] as const) {
      const chat = await newChat("unlisted");
      const token = tokenOf(chat.shareUrl);
      const res = await callAs(svc, { key: author.key }, "PATCH", `/v2/chats/${chat.id}`, { privacy: back });
      expect(res.status).toBe(200);
      expect(expectSchema(Chat, res.body).shareUrl).toBeUndefined();
      await expectClosed(token);
      const again = await callAs(svc, { key: author.key }, "PATCH", `/v2/chats/${chat.id}`, { privacy: "public" });
      const fresh = tokenOf(expectSchema(Chat, again.body).shareUrl);
      expect(fresh).not.toBe(token);
      await expectClosed(token);
      expect((await openShare(fresh)).status).toBe(200);
    }
  });

  test("unknown, malformed and deleted chats' tokens answer the same 404", async () => {
    const chat = await newChat("unlisted");
    const token = tokenOf(chat.shareUrl);
    for (const bad of ["", "x", "A".repeat(43), `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, `${token}A`])
      if (bad) await expectClosed(bad);
    expect((await callAs(svc, { key: author.key }, "DELETE", `/v2/chats/${chat.id}`)).status).toBe(200);
    await expectClosed(token);
  });
});
