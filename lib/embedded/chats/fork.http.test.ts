import { describe, expect, test } from "vitest";
import { AsyncChatRef, ChatWithUsage, Message } from "@/lib/api";
import { ChatListV1, ChatV1, ErrorV1, MessageListV1, VersionV1 } from "@/lib/api/schemas/v1";
import { call, expectSchema, waitFor, chatV1Of, messagesOf, versionsOf, serviceForFile } from "../test-support";

/** POST /v1/chats/{chatId}/fork (the v1 document's chats.fork) through real Requests. */
const svc = serviceForFile();

const fork = (chatId: string, body: unknown) => call(svc, "POST", `/v1/chats/${chatId}/fork`, { body });
const chatCount = async () =>
  expectSchema(ChatListV1, (await call(svc, "GET", "/v1/chats?limit=100")).body).data.length;

/** A chat with two answers (two versions, index.html differs); styles.css is locked after the first. */
async function twoAnswers(): Promise<{ chatId: string; first: VersionV1; second: VersionV1 }> {
  const res = await call(svc, "POST", "/v2/chats", { body: { message: "A counter app /fast" } });
  expect(res.status).toBe(200);
  const chatId = expectSchema(ChatWithUsage, res.body).chat.id;
  const [v1] = await versionsOf(svc, chatId);
  const styles = v1!.files.find((f) => f.name === "styles.css")!;
  const lock = await call(svc, "PATCH", `/v1/chats/${chatId}/versions/${v1!.id}`, {
    body: { files: [{ name: "styles.css", content: styles.content, locked: true }] },
  });
  expect(lock.status).toBe(200);
  const sent = await call(svc, "POST", `/v2/chats/${chatId}/messages`, {
    body: { message: "Add a reset button /fast" },
  });
  expect(sent.status).toBe(200);
  const [first, second] = await versionsOf(svc, chatId);
  expect(first!.files).not.toEqual(second!.files);
  return { chatId, first: first!, second: second! };
}

const fileSet = (v: VersionV1) => v.files.map((f) => [f.name, f.content, f.locked]).sort();

describe("branching a chat (fork)", () => {
  test("from the first of two answers: its conversation and exactly its files; the source is untouched", async () => {
    const { chatId, first } = await twoAnswers();
    const sourceBefore = await chatV1Of(svc, chatId);
    const sourceMessages = await messagesOf(svc, chatId);

    const res = await fork(chatId, { versionId: first.id, privacy: "team" });
    expect(res.status).toBe(200);
    const branch = expectSchema(ChatV1, res.body);
    expect(branch.id).not.toBe(chatId);
    expect(branch.privacy).toBe("team");
    expect(branch.title).toBe(sourceBefore.title);
    expect(branch.forkedFrom).toEqual({ chatId, versionId: first.id, title: sourceBefore.title ?? null });
    // The conversation up to the answer that made the version: the first prompt and its answer.
    expect(branch.messages.map((m) => [m.role, m.content])).toEqual(
      sourceBefore.messages.slice(0, 2).map((m) => [m.role, m.content]),
    );
    expect(branch.messages.map((m) => m.type)).toEqual(["forked-chat", "message"]);
    // Exactly that version's files, locks kept, as the branch's files and latest version.
    expect(fileSet(branch.latestVersion!)).toEqual(fileSet(first));
    expect(branch.latestVersion!.files.find((f) => f.name === "styles.css")?.locked).toBe(true);
    const files = (await call(svc, "GET", `/v2/chats/${branch.id}/files`)).body as {
      files: { path: string; content: string }[];
    };
    // v2 files carry no locks (the v1 version above does).
    expect(files.files.map((f) => [f.path, f.content]).sort()).toEqual(
      first.files.map((f) => [f.name, f.content]).sort(),
    );
    // v2 lists newest first: the branch's two messages are the source's oldest two, parts and all.
    expect((await messagesOf(svc, branch.id)).map((m) => [m.role, m.parts])).toEqual(
      sourceMessages.slice(-2).map((m) => [m.role, m.parts]),
    );

    // The source: same messages, same versions.
    expect(await chatV1Of(svc, chatId)).toEqual(sourceBefore);
    expect(await messagesOf(svc, chatId)).toEqual(sourceMessages);

    // The branch goes on on its own.
    const next = await call(svc, "POST", `/v2/chats/${branch.id}/messages`, {
      body: { message: "Make it blue /fast" },
    });
    expect(next.status).toBe(200);
    expect(expectSchema(Message, next.body).chatId).toBe(branch.id);
    expect(await messagesOf(svc, chatId)).toEqual(sourceMessages);
  });

  test("without versionId: the latest version, the whole conversation; default privacy private", async () => {
    const { chatId, second } = await twoAnswers();
    const branch = expectSchema(ChatV1, (await fork(chatId, {})).body);
    expect(branch.privacy).toBe("private");
    expect(branch.messages).toHaveLength(4);
    expect(fileSet(branch.latestVersion!)).toEqual(fileSet(second));
    expect(
      expectSchema(MessageListV1, (await call(svc, "GET", `/v1/chats/${branch.id}/messages`)).body).data.at(-1)?.type,
    ).toBe("forked-chat");
  });

  test("refusals create nothing: unknown chat or version 404, bad body 422, a chat without versions 422", async () => {
    const { chatId, first } = await twoAnswers();
    const other = await twoAnswers();
    const before = await chatCount();
    const missing = await fork("chat_missing", {});
    expect(missing.status).toBe(404);
    expectSchema(ErrorV1, missing.body);
    const unknownVersion = await fork(chatId, { versionId: "ver_missing" });
    expect(unknownVersion.status).toBe(404);
    expect(expectSchema(ErrorV1, unknownVersion.body).error.message).toMatch(/ver_missing/);
    // A version of another chat is not this chat's.
    expect((await fork(other.chatId, { versionId: first.id })).status).toBe(404);
    for (const body of [{ privacy: "everyone" }, { versionId: 7 }, { versionId: "x".repeat(33) }]) {
      expect((await fork(chatId, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(await chatCount()).toBe(before);
  });

  test("while the chat is generating: 409 and nothing created; afterwards the branch works", async () => {
    const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "A counter app /pace 150" } });
    const { chatId, messageId } = expectSchema(AsyncChatRef, res.body);
    const before = await chatCount();
    const busy = await fork(chatId, {});
    expect(busy.status).toBe(409);
    expectSchema(ErrorV1, busy.body);
    expect(await chatCount()).toBe(before);
    await waitFor(async () => {
      const m = expectSchema(Message, (await call(svc, "GET", `/v2/chats/${chatId}/messages/${messageId}`)).body);
      return m.finishReason ? m : undefined;
    }, 60_000);
    expect((await fork(chatId, {})).status).toBe(200);
  }, 90_000);
});
