import { describe, expect, test } from "vitest";
import { AsyncChatRef, Chat, ChatList, ChatWithUsage, ErrorV2, Message } from "@/lib/api";
import {
  call,
  expectSchema,
  waitFor,
  chatOf,
  filesOf,
  latestVersionOf,
  messagesOf,
  sendMessage,
  versionsOf,
  serviceForFile,
} from "../test-support";

/** POST /v2/chats/{chatId}/duplicate through real Requests (the document's duplicate). */
const svc = serviceForFile();

const duplicate = (chatId: string, body: unknown) => call(svc, "POST", `/v2/chats/${chatId}/duplicate`, { body });

/**
 * A chat with two answers (two versions), team privacy, metadata, and index.html locked, titled `title` (copies are
 * numbered among every chat of that title).
 */
async function sourceChat(title: string): Promise<Chat> {
  const res = await call(svc, "POST", "/v2/chats", {
    body: { message: "A counter app /fast", privacy: "team", metadata: { team: "core", stage: "alpha" } },
  });
  expect(res.status).toBe(200);
  const { chat } = expectSchema(ChatWithUsage, res.body);
  await sendMessage(svc, chat.id, "Add a reset button /fast");
  const latest = await latestVersionOf(svc, chat.id);
  const index = latest.files.find((f) => f.name === "index.html")!;
  const lock = await call(svc, "PATCH", `/v1/chats/${chat.id}/versions/${latest.id}`, {
    body: { files: [{ name: "index.html", content: index.content, locked: true }] },
  });
  expect(lock.status).toBe(200);
  const renamed = await call(svc, "PATCH", `/v2/chats/${chat.id}`, { body: { title } });
  return expectSchema(Chat, renamed.body);
}

/** A message as the copy must show it: everything but its ids. */
const comparable = ({ id: _id, chatId: _chatId, ...rest }: Message) => rest;

describe("duplicating a chat", () => {
  test("a new chat with the messages, files, locks and versions; title (2), default privacy; chat.created fires", async () => {
    const hook = await call(svc, "POST", "/v2/hooks", {
      body: { name: "created", events: ["chat.created"], url: "https://example.test/in" },
    });
    const source = await sourceChat("Counter");
    const startedAt = Date.now();
    const res = await duplicate(source.id, {});
    expect(res.status).toBe(201);
    const copy = expectSchema(Chat, res.body);
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({ title: `${source.title} (2)`, privacy: "private", metadata: source.metadata });
    expect(Date.parse(copy.createdAt)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(copy.createdAt)).toBeGreaterThan(Date.parse(source.createdAt));
    expect(await chatOf(svc, copy.id)).toEqual(copy);

    const [from, to] = [await messagesOf(svc, source.id), await messagesOf(svc, copy.id)];
    expect(to).toHaveLength(4);
    expect(to.map(comparable)).toEqual(from.map(comparable));
    expect(to.every((m) => m.chatId === copy.id)).toBe(true);
    expect(new Set([...from, ...to].map((m) => m.id)).size).toBe(8);
    expect(to.filter((m) => m.restorable)).toHaveLength(2);

    expect(await filesOf(svc, copy.id)).toEqual(await filesOf(svc, source.id));
    const [sourceVersions, copyVersions] = [await versionsOf(svc, source.id), await versionsOf(svc, copy.id)];
    expect(copyVersions.map((v) => [v.status, v.files])).toEqual(sourceVersions.map((v) => [v.status, v.files]));
    expect(copyVersions.map((v) => v.id)).not.toContain(sourceVersions[0]!.id);
    expect((await latestVersionOf(svc, copy.id)).files.find((f) => f.name === "index.html")!.locked).toBe(true);

    const deliveries = await waitFor(async () => {
      const list = await call(svc, "GET", `/v2/hooks/${(hook.body as { id: string }).id}/deliveries?limit=50`);
      const items = (list.body as { deliveries: { type: string; chatId: string }[] }).deliveries;
      return items.some((d) => d.chatId === copy.id) ? items : undefined;
    });
    expect(deliveries.filter((d) => d.chatId === copy.id).map((d) => d.type)).toEqual(["chat.created"]);
  });

  test("titles: the given one, else the next free suffix (also from a copy); privacy as given", async () => {
    const source = await sourceChat("Counter titles");
    const named = expectSchema(Chat, (await duplicate(source.id, { title: "  Fork  ", privacy: "team-edit" })).body);
    expect(named).toMatchObject({ title: "Fork", privacy: "team-edit" });
    const second = expectSchema(Chat, (await duplicate(source.id, { privacy: "public" })).body);
    expect(second).toMatchObject({ title: `${source.title} (2)`, privacy: "public" });
    const third = expectSchema(Chat, (await duplicate(source.id, {})).body);
    expect(third.title).toBe(`${source.title} (3)`);
    const fromCopy = expectSchema(Chat, (await duplicate(second.id, {})).body);
    expect(fromCopy.title).toBe(`${source.title} (4)`);
  });

  test("the copy shares nothing with its source: changing one leaves the other as it was", async () => {
    const source = await sourceChat("Counter shares nothing");
    const copy = expectSchema(Chat, (await duplicate(source.id, {})).body);
    const sourceBefore = {
      chat: await chatOf(svc, source.id),
      messages: await messagesOf(svc, source.id),
      files: await filesOf(svc, source.id),
      versions: await versionsOf(svc, source.id),
    };

    // Change the copy every way there is: rename, a new answer, a restore, an unlock.
    expect((await call(svc, "PATCH", `/v2/chats/${copy.id}`, { body: { title: "Mine", metadata: null } })).status).toBe(
      200,
    );
    await sendMessage(svc, copy.id, "Add a dark mode /fast");
    const firstAnswer = (await messagesOf(svc, copy.id)).filter((m) => m.role === "assistant").at(-1)!;
    const restored = await call(svc, "POST", `/v2/chats/${copy.id}/restore-message`, {
      body: { messageId: firstAnswer.id },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const latest = await latestVersionOf(svc, copy.id);
    const unlock = await call(svc, "PATCH", `/v1/chats/${copy.id}/versions/${latest.id}`, {
      body: { files: [{ name: "index.html", content: "<p>changed</p>", locked: false }] },
    });
    expect(unlock.status).toBe(200);

    expect({
      chat: await chatOf(svc, source.id),
      messages: await messagesOf(svc, source.id),
      files: await filesOf(svc, source.id),
      versions: await versionsOf(svc, source.id),
    }).toEqual(sourceBefore);

    // And the other way: the source's next answer does not reach the copy.
    const copyFiles = await filesOf(svc, copy.id);
    const copyMessages = await messagesOf(svc, copy.id);
    await sendMessage(svc, source.id, "Add a footer /fast");
    expect(await filesOf(svc, copy.id)).toEqual(copyFiles);
    expect(await messagesOf(svc, copy.id)).toEqual(copyMessages);
  });

  test("two duplicates at once both succeed, with distinct ids and titles", async () => {
    const source = await sourceChat("Counter at once");
    const [a, b] = await Promise.all([duplicate(source.id, {}), duplicate(source.id, {})]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const [x, y] = [expectSchema(Chat, a.body), expectSchema(Chat, b.body)];
    expect(x.id).not.toBe(y.id);
    expect(new Set([x.title, y.title])).toEqual(new Set([`${source.title} (2)`, `${source.title} (3)`]));
    for (const chat of [x, y]) expect(await messagesOf(svc, chat.id)).toHaveLength(4);
  });
});

describe("refused duplicates change nothing", () => {
  const chatCount = async () =>
    expectSchema(ChatList, (await call(svc, "GET", "/v2/chats?limit=100")).body).chats.length;

  test("bad bodies: 422 in the error shape", async () => {
    const source = await sourceChat("Counter bad bodies");
    const before = await chatCount();
    for (const body of [
      { privacy: "everyone" },
      { privacy: null },
      { title: "" },
      { title: "   " },
      { title: 5 },
      { title: "x".repeat(201) },
      { name: "not a field" },
      { title: "Fork", chatId: source.id },
    ]) {
      const res = await duplicate(source.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectSchema(ErrorV2, res.body);
    }
    expect(await chatCount()).toBe(before);
  });

  test("an unknown chat: 404", async () => {
    const res = await duplicate("chat_missing", {});
    expect(res.status).toBe(404);
    expect(expectSchema(ErrorV2, res.body).message).toBe("Chat chat_missing not found");
  });

  test("while the chat is generating: 409; once it finished the copy works", async () => {
    const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "A counter app /slow" } });
    const { chatId, messageId } = expectSchema(AsyncChatRef, res.body);
    const before = await chatCount();
    const busy = await duplicate(chatId, {});
    expect(busy.status).toBe(409);
    expect(expectSchema(ErrorV2, busy.body).message).toMatch(/generating/);
    expect(await chatCount()).toBe(before);

    await waitFor(async () => {
      const m = expectSchema(Message, (await call(svc, "GET", `/v2/chats/${chatId}/messages/${messageId}`)).body);
      return m.finishReason ? m : undefined;
    });
    expect((await duplicate(chatId, {})).status).toBe(201);
  });
});
