import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Part, Usage } from "@/lib/api";
import type { ChatRow, Db } from ".";
import * as chatsStore from "../chats/store";
import * as filesStore from "../files/store";
import * as leasesStore from "../generation/store";
import * as messagesStore from "../messages/store";
import * as versionsStore from "../files/store-versions";

/**
 * The store's behaviour, run against each driver (PGlite in store.test.ts, PostgreSQL in store.pg.http.test.ts).
 * `getDb` is called inside the tests, after the caller's beforeAll opened the database.
 */
export function describeStoreContract(name: string, getDb: () => Db): void {
  const at = (ms: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, 0, ms));
  let n = 0;
  const uid = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++n}`;

  async function newChat(over: Partial<ChatRow> = {}): Promise<ChatRow> {
    return chatsStore.insertChat(getDb(), {
      id: uid("chat"),
      title: null,
      privacy: "private",
      authorId: "user_1",
      hostProjectId: null,
      metadata: { a: "b" },
      modelId: "svc-pro",
      settings: { mcpServerIds: ["m1"] },
      createdAt: at(1),
      updatedAt: at(1),
      ...over,
    });
  }

  async function newMessage(chatId: string, role: "user" | "assistant", content: string) {
    return messagesStore.insertMessage(getDb(), {
      id: uid("msg"),
      chatId,
      role,
      content,
      parts: [],
      finishReason: role === "user" ? "stop" : null,
      usage: null,
      createdAt: at(2),
      updatedAt: at(2),
    });
  }

  describe(`store on ${name}`, () => {
    test("chats: insert, find, update, list newest first with a cursor, delete cascades", async () => {
      const db = getDb();
      const a = await newChat();
      const b = await newChat({ title: "B", metadata: { k: "v ünïcødé" } });
      const c = await newChat();
      expect(b.seq).toBeGreaterThan(a.seq);
      expect(await chatsStore.findChat(db, b.id)).toEqual(b);
      expect((await chatsStore.findChat(db, b.id))!.createdAt.toISOString()).toBe("2025-01-01T12:00:00.001Z");
      expect(await chatsStore.findChat(db, "chat_missing")).toBeNull();

      const updated = await chatsStore.updateChat(db, a.id, { title: "Now titled", updatedAt: at(5) });
      expect(updated).toMatchObject({ id: a.id, title: "Now titled", metadata: { a: "b" } });
      expect(updated!.updatedAt.getTime()).toBe(at(5).getTime());

      const listed = sql`true`;
      const firstPage = await chatsStore.listChats(db, { limit: 2, listed });
      expect(firstPage.map((r) => r.id)).toEqual([c.id, b.id]);
      const next = await chatsStore.listChats(db, { limit: 2, beforeSeq: b.seq, listed });
      expect(next[0]!.id).toBe(a.id);

      await newMessage(c.id, "user", "hi");
      await filesStore.writeFile(db, { chatId: c.id, path: "a.txt", content: "x", encoding: "utf8", at: at(3) });
      expect(await chatsStore.deleteChat(db, c.id)).toBe(true);
      expect(await chatsStore.findChat(db, c.id)).toBeNull();
      expect(await messagesStore.listMessages(db, c.id, { limit: 10 })).toEqual([]);
      expect(await filesStore.listFiles(db, c.id)).toEqual([]);
    });

    test("messages: jsonb parts and usage round-trip; newest first with a cursor; oldest first in full", async () => {
      const db = getDb();
      const chat = await newChat();
      const user = await newMessage(chat.id, "user", "Build it");
      const assistant = await newMessage(chat.id, "assistant", "");
      expect(assistant.finishReason).toBeNull();
      const parts: Part[] = [
        { type: "thinking", text: '🤔 «quotes» "and" \\ back\nslash', startedAt: "2025-01-01T12:00:01.000Z" },
        { type: "tool-call", name: "t", input: { nested: [1, { deep: null }] }, output: 0, status: "ok" },
        { type: "future-kind", anything: { goes: true } },
      ];
      const usage: Usage = {
        model: "svc-pro",
        tokens: { input: 1, output: 2, cacheRead: 3, cacheWrite: 4, total: 10 },
        creditsCost: { input: 0.1, output: 0.2, cacheRead: 0.3, cacheWrite: 0.4, total: 1 },
      };
      const done = await messagesStore.updateMessage(db, assistant.id, {
        parts,
        content: "Done",
        finishReason: "stop",
        usage,
        updatedAt: at(9),
      });
      expect(done).toMatchObject({ parts, usage, content: "Done", finishReason: "stop" });
      expect(await messagesStore.findMessage(db, chat.id, assistant.id)).toEqual(done);
      expect(await messagesStore.findMessage(db, "other_chat", assistant.id)).toBeNull();

      const third = await newMessage(chat.id, "user", "Again");
      const page = await messagesStore.listMessages(db, chat.id, { limit: 2 });
      expect(page.map((m) => m.id)).toEqual([third.id, assistant.id]);
      const rest = await messagesStore.listMessages(db, chat.id, { limit: 2, beforeSeq: assistant.seq });
      expect(rest.map((m) => m.id)).toEqual([user.id]);
      expect((await messagesStore.allMessages(db, chat.id)).map((m) => m.id)).toEqual([
        user.id,
        assistant.id,
        third.id,
      ]);
    });

    test("conversation: the last three messages in full, every user prompt, the size of what came before", async () => {
      const db = getDb();
      const chat = await newChat();
      const first = await newMessage(chat.id, "user", "Build a clock");
      const answer = await newMessage(chat.id, "assistant", "Done");
      await messagesStore.updateMessage(db, answer.id, { parts: [{ type: "text", text: "Hi" }] as never });
      const second = await newMessage(chat.id, "user", "Add an alarm");
      const next = await newMessage(chat.id, "assistant", "");
      const later = await newMessage(chat.id, "user", "Not yet counted");

      const c = await messagesStore.conversation(db, chat.id, next.seq, { prompts: 10, window: 10 });
      expect(c.recent.map((m) => m.id)).toEqual([answer.id, second.id, next.id]);
      expect(c.userPrompts.map((m) => m.content)).toEqual(["Build a clock", "Add an alarm"]);
      expect(c.userPromptsBefore).toBe(2);
      expect(
        (await messagesStore.conversation(db, chat.id, next.seq, { prompts: 1, window: 10 })).userPrompts.map(
          (m) => m.content,
        ),
      ).toEqual(["Add an alarm"]);
      expect(c.userPrompts.map((m) => m.id)).not.toContain(later.id);
      // content + parts JSON of the three messages before `next` (jsonb prints `{"type": "text", …}` with spaces)
      const partsText = JSON.stringify([{ type: "text", text: "Hi" }])
        .replaceAll('":', '": ')
        .replaceAll(',"', ', "');
      expect(c.charsBefore).toBe(
        "Build a clock".length + 2 + "Done".length + partsText.length + "Add an alarm".length + 2,
      );
      // the context window: only the last message before `next`
      expect((await messagesStore.conversation(db, chat.id, next.seq, { prompts: 10, window: 1 })).charsBefore).toBe(
        "Add an alarm".length + 2,
      );
      expect(await messagesStore.conversation(db, chat.id, first.seq, { prompts: 10, window: 10 })).toMatchObject({
        charsBefore: 0,
        userPromptsBefore: 0,
      });
    });

    test("an unfinished assistant message is closed as failed, its open parts finished; a finished one is kept", async () => {
      const db = getDb();
      const chat = await newChat();
      const open = await newMessage(chat.id, "assistant", "");
      await messagesStore.updateMessage(db, open.id, {
        parts: [{ type: "text", text: "half", startedAt: at(1).toISOString() } as never],
      });
      expect(
        (await messagesStore.unleasedUnfinished(db, 1000)).some((m) => m.id === open.id && m.chatId === chat.id),
      ).toBe(true);
      const closed = await messagesStore.closeUnfinished(db, chat.id, open.id, at(20));
      expect(closed).toMatchObject({ finishReason: "error", failure: { code: "generation_lost" } });
      expect(closed!.parts[0]).toMatchObject({ text: "half", finishedAt: at(20).toISOString() });
      expect(await messagesStore.closeUnfinished(db, chat.id, open.id, at(21))).toBeNull();
      expect(await messagesStore.updateMessage(db, open.id, { content: "late" }, { unfinished: true })).toBeNull();
      expect((await messagesStore.findMessage(db, chat.id, open.id))!.content).toBe("");
    });

    test("generation leases: one live holder; renew, release by its owner and message; expiry", async () => {
      const db = getDb();
      const chat = await newChat();
      const lock = () => db.transaction((tx) => leasesStore.lockLease(tx, chat.id));
      expect(await lock()).toBeNull();
      expect(await db.transaction((tx) => leasesStore.lockLease(tx, "chat_missing"))).toBe("missing");
      await leasesStore.setLease(db, chat.id, { owner: "a", messageId: "m1", ttlMs: 60_000 });
      expect(await lock()).toEqual({ owner: "a", messageId: "m1", live: true });
      expect(await leasesStore.renewLeases(db, "b", [chat.id], 60_000)).toEqual(new Set());
      expect(await leasesStore.renewLeases(db, "a", [chat.id], 60_000)).toEqual(new Set([chat.id]));
      await leasesStore.releaseLease(db, chat.id, "b", "m1");
      await leasesStore.releaseLease(db, chat.id, "a", "m0");
      expect(await lock()).toMatchObject({ owner: "a", live: true });
      expect(await leasesStore.expiredLeases(db, 1000)).not.toContain(chat.id);
      expect(await leasesStore.expiredLeases(db, 1000, true)).toContain(chat.id);
      await leasesStore.releaseLease(db, chat.id, "a", "m1");
      expect(await lock()).toBeNull();
      await leasesStore.setLease(db, chat.id, { owner: "a", messageId: null, ttlMs: 1 });
      await new Promise((r) => setTimeout(r, 20));
      expect(await lock()).toEqual({ owner: "a", messageId: null, live: false });
      expect(await leasesStore.expiredLeases(db, 1000)).toContain(chat.id);
      await leasesStore.clearLease(db, chat.id);
      expect(await lock()).toBeNull();
    });

    test("files: create, update keeps the lock, list sorted, count, delete", async () => {
      const db = getDb();
      const chat = await newChat();
      const write = (path: string, content: string) =>
        filesStore.writeFile(db, { chatId: chat.id, path, content, encoding: "utf8", at: at(4) });
      const created = await write("src/b.ts", "one");
      expect(created).toMatchObject({ path: "src/b.ts", content: "one", locked: false });
      await write("a.html", "<p>");
      expect(await filesStore.setFileLock(db, chat.id, "src/b.ts", true, at(5))).toBe(true);
      expect(await filesStore.setFileLock(db, chat.id, "missing", true, at(5))).toBe(false);
      const rewritten = await write("src/b.ts", "two");
      expect(rewritten).toMatchObject({ content: "two", locked: true });
      await filesStore.writeFile(db, {
        chatId: chat.id,
        path: "logo.png",
        content: "iVBORw0KGgo=",
        encoding: "base64",
        at: at(6),
      });
      expect((await filesStore.listFiles(db, chat.id)).map((f) => f.path)).toEqual(["a.html", "logo.png", "src/b.ts"]);
      expect(await filesStore.countFiles(db, chat.id)).toBe(3);
      expect((await filesStore.findFile(db, chat.id, "logo.png"))!.encoding).toBe("base64");
      expect(await filesStore.deleteFile(db, chat.id, "a.html")).toBe(true);
      expect(await filesStore.findFile(db, chat.id, "a.html")).toBeNull();
    });

    test("versions: insert and find the latest", async () => {
      const db = getDb();
      const chat = await newChat();
      const v1 = await versionsStore.insertVersion(db, {
        id: uid("ver"),
        chatId: chat.id,
        messageId: "m1",
        status: "completed",
        files: [{ path: "a", content: "1", encoding: "utf8", locked: false }],
        createdAt: at(7),
        updatedAt: at(7),
      });
      const { seq: _seq, ...fields } = v1;
      const v2 = await versionsStore.insertVersion(db, { ...fields, id: uid("ver"), status: "failed", files: [] });
      expect((await versionsStore.latestVersion(db, chat.id))!.id).toBe(v2.id);
      expect(await versionsStore.findVersion(db, chat.id, v1.id)).toEqual(v1);
      expect(await versionsStore.latestVersion(db, "nope")).toBeNull();
    });

    test("files in bulk: upsert of many rows sets content, encoding and lock; keeps createdAt", async () => {
      const db = getDb();
      const chat = await newChat();
      const many = Array.from({ length: 450 }, (_, i) => ({
        path: `f/${i}.txt`,
        content: `${i}`,
        encoding: "utf8" as const,
        locked: false,
      }));
      await filesStore.upsertFiles(db, chat.id, many, at(3));
      expect(await filesStore.countFiles(db, chat.id)).toBe(450);
      await filesStore.upsertFiles(
        db,
        chat.id,
        [{ path: "f/7.txt", content: "AAE=", encoding: "base64", locked: true }],
        at(4),
      );
      const row = (await filesStore.findFile(db, chat.id, "f/7.txt"))!;
      expect(row).toMatchObject({ content: "AAE=", encoding: "base64", locked: true });
      expect([row.createdAt.getTime(), row.updatedAt.getTime()]).toEqual([at(3).getTime(), at(4).getTime()]);
      expect(await filesStore.countFiles(db, chat.id)).toBe(450);
    });

    test("versions: completed or not, listed newest first with a cursor", async () => {
      const db = getDb();
      const chat = await newChat();
      const base = { chatId: chat.id, messageId: "m", files: [], createdAt: at(1), updatedAt: at(1) };
      expect(await versionsStore.hasCompletedVersion(db, chat.id)).toBe(false);
      const a = await versionsStore.insertVersion(db, { ...base, id: uid("ver"), status: "failed" });
      expect(await versionsStore.hasCompletedVersion(db, chat.id)).toBe(false);
      const b = await versionsStore.insertVersion(db, { ...base, id: uid("ver"), status: "completed" });
      expect(await versionsStore.hasCompletedVersion(db, chat.id)).toBe(true);
      expect((await versionsStore.listVersions(db, chat.id, { limit: 5 })).map((v) => v.id)).toEqual([b.id, a.id]);
      expect((await versionsStore.listVersions(db, chat.id, { limit: 5, beforeSeq: b.seq })).map((v) => v.id)).toEqual([
        a.id,
      ]);
      const p = await versionsStore.insertVersion(db, { ...base, id: uid("ver"), status: "pending" });
      await versionsStore.failPendingVersionOf(db, chat.id, "other", at(8));
      expect((await versionsStore.findVersion(db, chat.id, p.id))!.status).toBe("pending");
      await versionsStore.failPendingVersionOf(db, chat.id, "m", at(8));
      expect((await versionsStore.findVersion(db, chat.id, p.id))!.status).toBe("failed");
      expect((await versionsStore.findVersion(db, chat.id, b.id))!.status).toBe("completed");
    });

    test("host project: linked once, even by simultaneous calls", async () => {
      const db = getDb();
      const chat = await newChat();
      const results = await Promise.all(
        ["hp_1", "hp_2", "hp_3"].map((id) => chatsStore.linkHostProject(db, chat.id, id, at(9))),
      );
      expect(results.filter((r) => r?.linked)).toHaveLength(1);
      expect(new Set(results.map((r) => r!.hostProjectId)).size).toBe(1);
      expect((await chatsStore.findChat(db, chat.id))!.hostProjectId).toBe(results[0]!.hostProjectId);
      expect(await chatsStore.linkHostProject(db, "chat_missing", "hp_x", at(9))).toBeNull();
    });

    test("a failed transaction leaves nothing behind", async () => {
      const db = getDb();
      const id = uid("chat");
      await expect(
        db.transaction(async (tx) => {
          await chatsStore.insertChat(tx, {
            id,
            title: null,
            privacy: "private",
            authorId: "u",
            hostProjectId: null,
            metadata: {},
            modelId: "svc-pro",
            settings: {},
            createdAt: at(1),
            updatedAt: at(1),
          });
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await chatsStore.findChat(db, id)).toBeNull();
    });

    test("concurrent writes are all kept", async () => {
      const db = getDb();
      const chat = await newChat();
      await Promise.all(Array.from({ length: 12 }, (_, i) => newMessage(chat.id, "user", `m${i}`)));
      expect(await messagesStore.listMessages(db, chat.id, { limit: 100 })).toHaveLength(12);
    });
  });
}
