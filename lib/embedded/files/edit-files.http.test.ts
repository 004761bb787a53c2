import { describe, expect, test } from "vitest";
import {
  AsyncChatRef,
  ChatWithUsage,
  ErrorV2,
  FileIssuesErrorV2,
  Message,
  UpdatedFiles,
  type ChatFile,
} from "@/lib/api";
import { ErrorV1, MessageV1, VersionV1 } from "@/lib/api/schemas/v1";
import {
  call,
  expectSchema,
  waitFor,
  chatOf,
  chatV1Of,
  filesOf,
  messagesOf,
  sendMessage,
  serviceForFile,
} from "../test-support";

/** Hand edits through real Requests: PATCH /v2/chats/{chatId}/files and the v1 version PATCH and file delete. */
const svc = serviceForFile();

const edit = (chatId: string, body: unknown) => call(svc, "PATCH", `/v2/chats/${chatId}/files`, { body });
const messageV1 = async (chatId: string, id: string) =>
  expectSchema(MessageV1, (await call(svc, "GET", `/v1/chats/${chatId}/messages/${id}`)).body);
const contentOf = (files: readonly ChatFile[], path: string) => files.find((f) => f.path === path)?.content;
const editsOf = (m: Message) =>
  m.parts!.filter((p) => p.type === "file-edit").map((p) => [p.operation, p.path, p.toPath].filter(Boolean));

async function newChat(message = "A counter app /fast"): Promise<string> {
  const created = await call(svc, "POST", "/v2/chats", { body: { message } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return expectSchema(ChatWithUsage, created.body).chat.id;
}
async function edited(chatId: string, files: { path: string; content: string | null }[]) {
  const res = await edit(chatId, { files });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [user, assistant] = expectSchema(UpdatedFiles, res.body).messages as [Message, Message];
  return { user, assistant };
}

describe("PATCH /v2/chats/{chatId}/files", () => {
  test("an update, a create and a delete: one new version, a user and an assistant message recording them", async () => {
    const chatId = await newChat();
    const before = await filesOf(svc, chatId);
    const versionBefore = (await chatV1Of(svc, chatId)).latestVersion!;
    const chatBefore = await chatOf(svc, chatId);
    const { user, assistant } = await edited(chatId, [
      { path: "styles.css", content: "body { color: rebeccapurple; }\n" },
      { path: "docs/notes.md", content: "# Notes\n" },
      { path: "app.js", content: null },
    ]);
    expect(user).toMatchObject({
      chatId,
      role: "user",
      finishReason: "stop",
      content: "Edited by hand: app.js (deleted), docs/notes.md (created), styles.css (updated)",
    });
    expect(assistant).toMatchObject({ chatId, role: "assistant", finishReason: "stop", restorable: true });
    expect(assistant.usage!.tokens.total).toBe(0);
    expect(assistant.usage!.creditsCost.total).toBe(0);
    expect(editsOf(assistant)).toEqual([
      ["delete", "app.js"],
      ["create", "docs/notes.md"],
      ["update", "styles.css"],
    ]);
    expect(assistant.parts!.every((p) => p.startedAt && p.finishedAt)).toBe(true);
    expect(assistant.parts!.at(-1)).toMatchObject({ type: "text", text: assistant.content });

    const after = await filesOf(svc, chatId);
    expect(after.map((f) => f.path)).toEqual(["docs/notes.md", "index.html", "styles.css"]);
    expect(contentOf(after, "styles.css")).toBe("body { color: rebeccapurple; }\n");
    expect(contentOf(after, "index.html")).toBe(contentOf(before, "index.html"));
    // The messages are the chat's newest; its updatedAt moved; a new completed version holds the files.
    const listed = await messagesOf(svc, chatId);
    expect(listed.slice(0, 2)).toEqual([assistant, user]);
    expect(Date.parse((await chatOf(svc, chatId)).updatedAt!)).toBeGreaterThan(Date.parse(chatBefore.updatedAt!));
    const version = (await chatV1Of(svc, chatId)).latestVersion!;
    expect(version.id).not.toBe(versionBefore.id);
    expect(version.status).toBe("completed");
    expect(version.files.map((f) => [f.name, f.content])).toEqual(after.map((f) => [f.path, f.content]));
    // In the v1 view both messages are an edit.
    expect((await messageV1(chatId, user.id)).type).toBe("edited-file");
    expect((await messageV1(chatId, assistant.id)).type).toBe("edited-file");
    expect((await messageV1(chatId, listed[2]!.id)).type).toBe("message");
  });

  test("a delete plus a create of the same content is one rename: renamed-file in its folder, moved-file elsewhere", async () => {
    const chatId = await newChat();
    const css = contentOf(await filesOf(svc, chatId), "styles.css")!;
    const renamed = await edited(chatId, [
      { path: "styles.css", content: null },
      { path: "main.css", content: css },
    ]);
    expect(editsOf(renamed.assistant)).toEqual([["rename", "styles.css", "main.css"]]);
    expect(renamed.user.content).toBe("Edited by hand: styles.css → main.css (renamed)");
    expect((await messageV1(chatId, renamed.user.id)).type).toBe("renamed-file");

    const moved = await edited(chatId, [
      { path: "css/main.css", content: css },
      { path: "main.css", content: null },
    ]);
    expect(editsOf(moved.assistant)).toEqual([["rename", "main.css", "css/main.css"]]);
    expect((await messageV1(chatId, moved.assistant.id)).type).toBe("moved-file");
    expect(contentOf(await filesOf(svc, chatId), "css/main.css")).toBe(css);

    // Other content is no rename: a delete and a create.
    const replaced = await edited(chatId, [
      { path: "css/main.css", content: null },
      { path: "css/other.css", content: "p {}\n" },
    ]);
    expect(editsOf(replaced.assistant)).toEqual([
      ["delete", "css/main.css"],
      ["create", "css/other.css"],
    ]);
    expect((await messageV1(chatId, replaced.user.id)).type).toBe("edited-file");
    const deleted = await edited(chatId, [{ path: "css/other.css", content: null }]);
    expect((await messageV1(chatId, deleted.user.id)).type).toBe("deleted-file");
  });

  test("a locked file can be edited by hand and stays locked (renamed too); the agent still leaves it", async () => {
    const chatId = await newChat();
    const files = await filesOf(svc, chatId);
    const version = (await chatV1Of(svc, chatId)).latestVersion!;
    const lock = await call(svc, "PATCH", `/v1/chats/${chatId}/versions/${version.id}`, {
      body: { files: [{ name: "styles.css", content: contentOf(files, "styles.css"), locked: true }] },
    });
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    await edited(chatId, [{ path: "styles.css", content: "body { margin: 0; }\n" }]);
    const locked = (await chatV1Of(svc, chatId)).latestVersion!.files.find((f) => f.name === "styles.css")!;
    expect(locked).toMatchObject({ content: "body { margin: 0; }\n", locked: true });
    await sendMessage(svc, chatId, "Add a reset button /fast");
    expect(contentOf(await filesOf(svc, chatId), "styles.css")).toBe("body { margin: 0; }\n");
    await edited(chatId, [
      { path: "styles.css", content: null },
      { path: "theme.css", content: "body { margin: 0; }\n" },
    ]);
    const moved = (await chatV1Of(svc, chatId)).latestVersion!.files.find((f) => f.name === "theme.css")!;
    expect(moved.locked).toBe(true);
  });

  test("the next answer builds on the edit: the file edited by hand is kept, the prompt is the person's", async () => {
    const chatId = await newChat("A todo list /fast");
    const before = await filesOf(svc, chatId);
    const mine = `${contentOf(before, "styles.css")}\n/* my colours */\nbody { background: #fdf6e3; }\n`;
    await edited(chatId, [{ path: "styles.css", content: mine }]);
    const answer = await sendMessage(svc, chatId, "Add a due date to each item /fast");
    expect(answer.finishReason).toBe("stop");
    const after = await filesOf(svc, chatId);
    expect(contentOf(after, "styles.css")).toBe(mine);
    // The agent did write its other files, and said it kept the edit.
    const written = editsOf(answer).map(([, path]) => path);
    expect(written.length).toBeGreaterThan(0);
    expect(written).not.toContain("styles.css");
    expect(answer.content).toContain("Kept your hand edit of `styles.css`");
    // The hand edit's message is not a prompt the agent works on.
    expect(JSON.stringify(answer.parts)).not.toContain("Edited by hand");
    // And it stays the person's in the answers after.
    await sendMessage(svc, chatId, "Add a clear button /fast");
    expect(contentOf(await filesOf(svc, chatId), "styles.css")).toBe(mine);
  });

  test("webhooks: message.created for both messages and message.finished for the assistant's", async () => {
    const chatId = await newChat();
    const hook = await call(svc, "POST", "/v2/hooks", {
      body: { name: "edits", events: ["message.created", "message.finished"], url: "https://example.test/in", chatId },
    });
    const hookId = (hook.body as { id: string }).id;
    const { user, assistant } = await edited(chatId, [{ path: "notes.txt", content: "hello\n" }]);
    const deliveries = await waitFor(async () => {
      const list = await call(svc, "GET", `/v2/hooks/${hookId}/deliveries?limit=10`);
      const items = (list.body as { deliveries: { type: string; messageId: string | null }[] }).deliveries;
      return items.length === 3 ? items : undefined;
    });
    expect(deliveries.map((d) => [d.type, d.messageId]).sort()).toEqual(
      [
        ["message.created", user.id],
        ["message.created", assistant.id],
        ["message.finished", assistant.id],
      ].sort(),
    );
  });
});

describe("refused hand edits change nothing", () => {
  const stateOf = async (chatId: string) => ({
    files: await filesOf(svc, chatId),
    messages: await messagesOf(svc, chatId),
    version: (await chatV1Of(svc, chatId)).latestVersion!.id,
  });
  const big = "x".repeat(3 * 1024 * 1024 + 1);

  test("422 Invalid file contents, every issue by its field", async () => {
    const chatId = await newChat();
    const before = await stateOf(chatId);
    const cases: Array<[unknown, string]> = [
      [{}, "files"],
      [{ files: [] }, "files"],
      [{ files: "app.js" }, "files"],
      [{ files: [{ path: "/etc/passwd", content: "x" }] }, "files.0.path"],
      [{ files: [{ path: "../up.js", content: "x" }] }, "files.0.path"],
      [{ files: [{ path: "src/../../up.js", content: "x" }] }, "files.0.path"],
      [{ files: [{ path: "src\\app.js", content: "x" }] }, "files.0.path"],
      [{ files: [{ path: "a\u0001b.js", content: "x" }] }, "files.0.path"],
      [{ files: [{ path: "tab\there.js", content: "x" }] }, "files.0.path"],
      [{ files: [{ path: "", content: "x" }] }, "files.0.path"],
      [{ files: [{ path: 7, content: "x" }] }, "files.0.path"],
      [{ files: [{ path: "app.js", content: 5 }] }, "files.0.content"],
      [{ files: [{ path: "app.js", content: { text: "x" } }] }, "files.0.content"],
      [{ files: [{ path: "app.js" }] }, "files.0.content"],
      [{ files: [{ path: "app.js", content: big }] }, "files.0.content"],
      [{ files: [{ path: "app.js", content: "x", locked: true }] }, "files.0"],
      [{ files: [{ path: "app.js", content: "x" }], extra: 1 }, ""],
      [
        {
          files: [
            { path: "app.js", content: "a" },
            { path: "./app.js", content: "b" },
          ],
        },
        "files.1.path",
      ],
      // Deleting a file that is not there; a chat past 1,000 files (it has 3).
      [{ files: [{ path: "missing.js", content: null }] }, "files.0.content"],
      [{ files: Array.from({ length: 998 }, (_, i) => ({ path: `many/f${i}.txt`, content: "x" })) }, "files"],
    ];
    for (const [body, field] of cases) {
      const res = await edit(chatId, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(422);
      const error = expectSchema(FileIssuesErrorV2, res.body);
      expect(error.message).toBe("Invalid file contents");
      expect(error.issues.length).toBeGreaterThan(0);
      expect(
        error.issues.map((i) => i.path),
        JSON.stringify(error),
      ).toContain(field);
      expect(error.issues.every((i) => i.error.length > 0)).toBe(true);
    }
    // Several issues at once are all listed.
    const many = await edit(chatId, {
      files: [
        { path: "/abs", content: "x" },
        { path: "ok.js", content: 1 },
      ],
    });
    expect(expectSchema(FileIssuesErrorV2, many.body).issues.map((i) => i.path)).toEqual([
      "files.0.path",
      "files.1.content",
    ]);
    expect(await stateOf(chatId)).toEqual(before);
    // A file of exactly 3 MB is accepted.
    expect((await edit(chatId, { files: [{ path: "big.txt", content: big.slice(1) }] })).status).toBe(200);
  });

  test("404 unknown chat; 409 when nothing would change", async () => {
    const chatId = await newChat();
    const before = await stateOf(chatId);
    const missing = await edit("chat_missing", { files: [{ path: "a.js", content: "x" }] });
    expect(missing.status).toBe(404);
    expect(expectSchema(ErrorV2, missing.body).message).toMatch(/chat_missing/);
    const same = await edit(chatId, { files: [{ path: "app.js", content: contentOf(before.files, "app.js") }] });
    expect(same.status).toBe(409);
    expect(expectSchema(ErrorV2, same.body).message).toMatch(/Nothing to change/);
    expect(await stateOf(chatId)).toEqual(before);
  });

  test("409 while the chat is generating (the same error as a send); the edit works once it finished", async () => {
    const chatId = await newChat();
    const res = await call(svc, "POST", `/v2/chats/${chatId}/messages/async`, { body: { message: "A footer /slow" } });
    const { messageId } = expectSchema(AsyncChatRef, res.body);
    const busyEdit = await edit(chatId, { files: [{ path: "notes.txt", content: "x" }] });
    const busySend = await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "More" } });
    expect([busyEdit.status, busySend.status]).toEqual([409, 409]);
    expect(expectSchema(ErrorV2, busyEdit.body)).toEqual(expectSchema(ErrorV2, busySend.body));
    await waitFor(async () => {
      const m = expectSchema(Message, (await call(svc, "GET", `/v2/chats/${chatId}/messages/${messageId}`)).body);
      return m.finishReason ? m : undefined;
    });
    expect(contentOf(await filesOf(svc, chatId), "notes.txt")).toBeUndefined();
    expect((await edit(chatId, { files: [{ path: "notes.txt", content: "x" }] })).status).toBe(200);
  });
});

describe("v1: the version PATCH with new content and the file delete are hand edits", () => {
  const patch = (chatId: string, versionId: string, body: unknown) =>
    call(svc, "PATCH", `/v1/chats/${chatId}/versions/${versionId}`, { body });
  const remove = (chatId: string, versionId: string, body: unknown) =>
    call(svc, "POST", `/v1/chats/${chatId}/versions/${versionId}/files/delete`, { body });

  test("PATCH with changed content: a new version (VersionDetail), two edited-file messages; locks apply", async () => {
    const chatId = await newChat();
    const latest = (await chatV1Of(svc, chatId)).latestVersion!;
    const count = (await messagesOf(svc, chatId)).length;
    const res = await patch(chatId, latest.id, {
      files: [
        { name: "styles.css", content: "body { color: teal; }\n", locked: true },
        { name: "index.html", content: latest.files.find((f) => f.name === "index.html")!.content, locked: true },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const version = expectSchema(VersionV1, res.body);
    expect(version.id).not.toBe(latest.id);
    expect(version.demoUrl).toBeTruthy();
    expect(version.files.find((f) => f.name === "styles.css")).toMatchObject({
      content: "body { color: teal; }\n",
      locked: true,
    });
    expect(version.files.find((f) => f.name === "index.html")!.locked).toBe(true);
    expect((await chatV1Of(svc, chatId)).latestVersion!.id).toBe(version.id);
    const messages = await messagesOf(svc, chatId);
    expect(messages).toHaveLength(count + 2);
    expect(editsOf(messages[0]!)).toEqual([["update", "styles.css"]]);
    expect((await messageV1(chatId, messages[0]!.id)).type).toBe("edited-file");
    // The old version is no longer the latest: 409, nothing changes.
    const stale = await patch(chatId, latest.id, { files: [{ name: "app.js", content: "x" }] });
    expect(stale.status).toBe(409);
    expectSchema(ErrorV1, stale.body);
  });

  test("PATCH with locks only changes the version in place: no new version, no messages", async () => {
    const chatId = await newChat();
    const latest = (await chatV1Of(svc, chatId)).latestVersion!;
    const count = (await messagesOf(svc, chatId)).length;
    const app = latest.files.find((f) => f.name === "app.js")!;
    const res = await patch(chatId, latest.id, { files: [{ name: "app.js", content: app.content, locked: true }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const version = expectSchema(VersionV1, res.body);
    expect(version.id).toBe(latest.id);
    expect(version.files.find((f) => f.name === "app.js")!.locked).toBe(true);
    expect(await messagesOf(svc, chatId)).toHaveLength(count);
  });

  test("files/delete: a new version without the files, deleted-file messages; refusals change nothing", async () => {
    const chatId = await newChat();
    const latest = (await chatV1Of(svc, chatId)).latestVersion!;
    for (const body of [{}, { filePaths: [] }, { filePaths: ["../x"] }, { filePaths: ["app.js", "app.js"] }]) {
      const res = await remove(chatId, latest.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectSchema(ErrorV1, res.body);
    }
    const missing = await remove(chatId, latest.id, { filePaths: ["app.js", "nope.js"] });
    expect(missing.status).toBe(422);
    expect(expectSchema(ErrorV1, missing.body).error.message).toMatch(/filePaths\.1: there is no file nope\.js/);
    expect((await remove(chatId, "ver_missing", { filePaths: ["app.js"] })).status).toBe(404);
    expect((await chatV1Of(svc, chatId)).latestVersion!.id).toBe(latest.id);

    const res = await remove(chatId, latest.id, { filePaths: ["app.js", "styles.css"] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const version = expectSchema(VersionV1, res.body);
    expect(version.id).not.toBe(latest.id);
    expect(version.files.map((f) => f.name)).toEqual(["index.html"]);
    expect((await filesOf(svc, chatId)).map((f) => f.path)).toEqual(["index.html"]);
    const [assistant] = await messagesOf(svc, chatId);
    expect(editsOf(assistant!)).toEqual([
      ["delete", "app.js"],
      ["delete", "styles.css"],
    ]);
    expect((await messageV1(chatId, assistant!.id)).type).toBe("deleted-file");
  });
});
