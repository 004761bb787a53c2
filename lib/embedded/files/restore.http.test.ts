import { describe, expect, test } from "vitest";
import { AsyncChatRef, ChatWithUsage, ErrorV2, Message, RestoredMessages, type ChatFile } from "@/lib/api";
import {
  call,
  expectSchema,
  waitFor,
  chatOf,
  filesOf,
  latestVersionOf,
  messagesOf,
  sendMessage,
  serviceForFile,
} from "../test-support";

/** POST /v2/chats/{chatId}/restore-message through real Requests (the document's restore). */
const svc = serviceForFile();

const restore = (chatId: string, body: unknown) => call(svc, "POST", `/v2/chats/${chatId}/restore-message`, { body });
const locksOf = async (chatId: string) =>
  Object.fromEntries((await latestVersionOf(svc, chatId)).files.map((f) => [f.name, f.locked]));
/** Writes files (content and lock) through the chat's latest version (the v1 version PATCH: new content is a hand edit). */
async function patchLatest(chatId: string, files: { name: string; content: string; locked: boolean }[]) {
  const latest = await latestVersionOf(svc, chatId);
  const res = await call(svc, "PATCH", `/v1/chats/${chatId}/versions/${latest.id}`, { body: { files } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const contentOf = (files: readonly ChatFile[], path: string) => files.find((f) => f.path === path)!.content;

/** A chat with two answers, each with its completed version; the files after each. */
async function twoVersions() {
  const created = await call(svc, "POST", "/v2/chats", { body: { message: "A counter app /fast" } });
  expect(created.status).toBe(200);
  const chatId = expectSchema(ChatWithUsage, created.body).chat.id;
  const firstFiles = await filesOf(svc, chatId);
  const first = (await messagesOf(svc, chatId)).find((m) => m.role === "assistant")!;
  const second = await sendMessage(svc, chatId, "Add a reset button /fast");
  const secondFiles = await filesOf(svc, chatId);
  expect(secondFiles).not.toEqual(firstFiles);
  expect([first.restorable, second.restorable]).toEqual([true, true]);
  return { chatId, first, second, firstFiles, secondFiles };
}

describe("restoring a message's files", () => {
  test("the files become the first answer's; a user and an assistant message record it; the chat moves", async () => {
    const { chatId, first, firstFiles, secondFiles } = await twoVersions();
    const chatBefore = await chatOf(svc, chatId);
    const res = await restore(chatId, { messageId: first.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { messages } = expectSchema(RestoredMessages, res.body);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    const [user, assistant] = messages as [Message, Message];
    expect(user).toMatchObject({ chatId, content: `Restore the files of message ${first.id}`, finishReason: "stop" });
    expect(assistant).toMatchObject({ chatId, finishReason: "stop", restorable: true, authorId: null });
    expect(assistant.usage!.tokens.total).toBe(0);
    expect(assistant.usage!.creditsCost.total).toBe(0);
    const edits = assistant.parts!.filter((p) => p.type === "file-edit");
    const changed = secondFiles.filter((f) => contentOf(firstFiles, f.path) !== f.content).map((f) => f.path);
    expect(edits.map((p) => [p.operation, p.path])).toEqual(changed.map((path) => ["update", path]));
    expect(assistant.parts!.every((p) => p.startedAt && p.finishedAt)).toBe(true);
    expect(assistant.parts!.at(-1)).toMatchObject({ type: "text", text: assistant.content });

    expect(await filesOf(svc, chatId)).toEqual(firstFiles);
    const listed = await messagesOf(svc, chatId);
    expect(listed.slice(0, 2).map((m) => m.id)).toEqual([assistant.id, user.id]);
    expect(listed[0]).toEqual(assistant);
    expect(Date.parse((await chatOf(svc, chatId)).updatedAt!)).toBeGreaterThan(Date.parse(chatBefore.updatedAt!));

    // Back again: the second answer's files, then the restore's own (it is restorable too).
    expect((await restore(chatId, { messageId: listed[2]!.id })).status).toBe(200);
    expect(await filesOf(svc, chatId)).toEqual(secondFiles);
    expect((await restore(chatId, { messageId: assistant.id })).status).toBe(200);
    expect(await filesOf(svc, chatId)).toEqual(firstFiles);
    // The conversation goes on from the restored files.
    expect((await sendMessage(svc, chatId, "Add a dark mode /fast")).finishReason).toBe("stop");
  });

  test("files the version lacks are deleted, its files created again; locks: locked now stays locked", async () => {
    const { chatId, first, firstFiles, secondFiles } = await twoVersions();
    const index = contentOf(secondFiles, "index.html");
    // A file the first version lacks, index.html locked now, styles.css unlocked.
    await patchLatest(chatId, [
      { name: "docs/notes.md", content: "# Notes\n", locked: false },
      { name: "index.html", content: index, locked: true },
    ]);
    const res = await restore(chatId, { messageId: first.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const assistant = expectSchema(RestoredMessages, res.body).messages[1]!;
    expect(assistant.parts!.filter((p) => p.type === "file-edit").map((p) => [p.operation, p.path])).toContainEqual([
      "delete",
      "docs/notes.md",
    ]);
    expect(await filesOf(svc, chatId)).toEqual(firstFiles);
    expect(await locksOf(chatId)).toEqual({ "app.js": false, "index.html": true, "styles.css": false });

    // Restoring the hand edit that added docs/notes.md brings it back (created) and keeps index.html locked.
    const handEdit = (await messagesOf(svc, chatId)).find((m) => m.role === "assistant" && m.id !== assistant.id)!;
    expect(handEdit.parts!.filter((p) => p.type === "file-edit").map((p) => p.path)).toEqual(["docs/notes.md"]);
    const back = await restore(chatId, { messageId: handEdit.id });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const edits = expectSchema(RestoredMessages, back.body).messages[1]!.parts!.filter((p) => p.type === "file-edit");
    expect(edits.map((p) => [p.operation, p.path])).toContainEqual(["create", "docs/notes.md"]);
    expect(contentOf(await filesOf(svc, chatId), "docs/notes.md")).toBe("# Notes\n");
    expect((await locksOf(chatId))["index.html"]).toBe(true);
  });

  test("a lock the version had comes back with it", async () => {
    const created = await call(svc, "POST", "/v2/chats", { body: { message: "A counter app /fast" } });
    const chatId = expectSchema(ChatWithUsage, created.body).chat.id;
    const files = await filesOf(svc, chatId);
    await patchLatest(chatId, [{ name: "styles.css", content: contentOf(files, "styles.css"), locked: true }]);
    const first = (await messagesOf(svc, chatId)).find((m) => m.role === "assistant")!;
    await sendMessage(svc, chatId, "Add a reset button /fast");
    await patchLatest(chatId, [{ name: "styles.css", content: "body {}\n", locked: false }]);
    expect((await locksOf(chatId))["styles.css"]).toBe(false);
    expect((await restore(chatId, { messageId: first.id })).status).toBe(200);
    expect(await filesOf(svc, chatId)).toEqual(files);
    expect((await locksOf(chatId))["styles.css"]).toBe(true);
  });

  test("message.finished fires for the assistant message of the restore", async () => {
    const { chatId, first } = await twoVersions();
    const hook = await call(svc, "POST", "/v2/hooks", {
      body: { name: "finished", events: ["message.finished"], url: "https://example.test/in", chatId },
    });
    const res = await restore(chatId, { messageId: first.id });
    const assistant = expectSchema(RestoredMessages, res.body).messages[1]!;
    const hookId = (hook.body as { id: string }).id;
    const deliveries = await waitFor(async () => {
      const list = await call(svc, "GET", `/v2/hooks/${hookId}/deliveries?limit=10`);
      const items = (list.body as { deliveries: { type: string; messageId: string | null }[] }).deliveries;
      return items.length ? items : undefined;
    });
    expect(deliveries.map((d) => [d.type, d.messageId])).toEqual([["message.finished", assistant.id]]);
  });

  test("two restores of the same message at once: one succeeds, the other is a 409; the files are the version's", async () => {
    const { chatId, first, firstFiles } = await twoVersions();
    const before = (await messagesOf(svc, chatId)).length;
    const answers = await Promise.all([
      restore(chatId, { messageId: first.id }),
      restore(chatId, { messageId: first.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expectSchema(ErrorV2, answers.find((a) => a.status === 409)!.body);
    expect(await filesOf(svc, chatId)).toEqual(firstFiles);
    expect(await messagesOf(svc, chatId)).toHaveLength(before + 2);
  });
});

describe("refused restores change nothing", () => {
  /** The chat's files and messages, to compare after a refusal. */
  const stateOf = async (chatId: string) => ({
    files: await filesOf(svc, chatId),
    messages: await messagesOf(svc, chatId),
  });
  const expectRefused = (res: { status: number; body: unknown }, status: number, pattern?: RegExp) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const message = expectSchema(ErrorV2, res.body).message;
    if (pattern) expect(message).toMatch(pattern);
  };

  test("bad bodies: 422", async () => {
    const { chatId, first } = await twoVersions();
    const before = await stateOf(chatId);
    for (const body of [{}, { messageId: "" }, { messageId: 5 }, { messageId: null }, { messageId: first.id, x: 1 }]) {
      expectRefused(await restore(chatId, body), 422);
    }
    expect(await stateOf(chatId)).toEqual(before);
  });

  test("unknown chat or message: 404", async () => {
    const { chatId, first } = await twoVersions();
    const before = await stateOf(chatId);
    expectRefused(await restore("chat_missing", { messageId: first.id }), 404, /chat_missing/);
    expectRefused(await restore(chatId, { messageId: "msg_missing" }), 404, /msg_missing/);
    // A message of another chat is unknown in this one.
    const other = await twoVersions();
    expectRefused(await restore(chatId, { messageId: other.first.id }), 404);
    expect(await stateOf(chatId)).toEqual(before);
  });

  test("409: the files already are that version's (the latest answer, or a restore just done)", async () => {
    const { chatId, first, second } = await twoVersions();
    const before = await stateOf(chatId);
    expectRefused(await restore(chatId, { messageId: second.id }), 409, /already/);
    expect(await stateOf(chatId)).toEqual(before);
    expect((await restore(chatId, { messageId: first.id })).status).toBe(200);
    const after = await stateOf(chatId);
    expectRefused(await restore(chatId, { messageId: first.id }), 409, /already/);
    expect(await stateOf(chatId)).toEqual(after);
  });

  test("409 nothing to restore: a user message, a failed answer, an answer that asked the user", async () => {
    const { chatId } = await twoVersions();
    await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "More buttons /fail" } });
    await sendMessage(svc, chatId, "Payments /integration Stripe");
    const messages = await messagesOf(svc, chatId);
    const [asked, , failed, user] = messages;
    expect([asked!.role, failed!.role, user!.role]).toEqual(["assistant", "assistant", "user"]);
    expect(failed!.finishReason).toBe("error");
    const before = await stateOf(chatId);
    for (const m of [asked!, failed!, user!]) {
      expect(m.restorable).toBe(false);
      expectRefused(await restore(chatId, { messageId: m.id }), 409, /nothing to restore/);
    }
    expect(await stateOf(chatId)).toEqual(before);
  });

  test("409 while the chat is generating; the restore works once it finished", async () => {
    const { chatId, first } = await twoVersions();
    const res = await call(svc, "POST", `/v2/chats/${chatId}/messages/async`, { body: { message: "A footer /slow" } });
    const { messageId } = expectSchema(AsyncChatRef, res.body);
    expectRefused(await restore(chatId, { messageId: first.id }), 409, /generating/);
    const finished = await waitFor(async () => {
      const m = expectSchema(Message, (await call(svc, "GET", `/v2/chats/${chatId}/messages/${messageId}`)).body);
      return m.finishReason ? m : undefined;
    });
    expect(finished.finishReason).toBe("stop");
    expect((await restore(chatId, { messageId: first.id })).status).toBe(200);
  });
});
