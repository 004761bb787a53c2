import { describe, expect, test } from "vitest";
import { type Db } from "../store";
import * as chatsStore from "../chats/store";
import * as messagesStore from "./store";
import { MESSAGE_ARCHIVE_LIMIT, setMessageArchiveLimit } from "./store-archive";
import { messageArchiveLimit } from "./store-archive";

/**
 * Archiving past a chat's message limit (interface.md Part 8), run against each driver (store.test.ts,
 * store.pg.http.test.ts). The test sets a small limit on the shared database and puts the default back.
 */
export function describeArchiveContract(name: string, getDb: () => Db): void {
  const at = (ms: number) => new Date(Date.UTC(2025, 0, 2, 12, 0, 0, ms));
  let n = 0;
  const uid = (prefix: string) => `${prefix}_${Date.now().toString(36)}_a${++n}`;

  describe(`message archive on ${name}`, () => {
    test("the oldest messages past the limit leave the lists and the agent's context, still found by id", async () => {
      const db = getDb();
      setMessageArchiveLimit(db, 3);
      try {
        const chat = await chatsStore.insertChat(db, {
          id: uid("chat"),
          title: null,
          privacy: "private",
          authorId: "user_1",
          hostProjectId: null,
          metadata: {},
          modelId: "svc-pro",
          settings: {},
          createdAt: at(1),
          updatedAt: at(1),
        });
        const add = (target: Db, role: "user" | "assistant", content: string, ms: number) =>
          messagesStore.insertMessage(target, {
            id: uid("msg"),
            chatId: chat.id,
            role,
            content,
            parts: [],
            finishReason: "stop",
            usage: null,
            createdAt: at(ms),
            updatedAt: at(ms),
          });
        const first = await add(db, "user", "first prompt", 2);
        await add(db, "assistant", "first answer", 3);
        const second = await add(db, "user", "second prompt", 4);
        expect((await messagesStore.listMessages(db, chat.id, { limit: 10 })).map((m) => m.content)).toEqual([
          "second prompt",
          "first answer",
          "first prompt",
        ]);
        // Inside a transaction (turns and restore add messages so) the database's limit holds too.
        const last = await db.transaction(async (tx) => {
          expect(messageArchiveLimit(tx)).toBe(3);
          await add(tx, "assistant", "second answer", 5);
          return add(tx, "user", "third prompt", 6);
        });

        const listed = await messagesStore.listMessages(db, chat.id, { limit: 10 });
        expect(listed.map((m) => m.content)).toEqual(["third prompt", "second answer", "second prompt"]);
        expect(listed.every((m) => m.archivedAt === null)).toBe(true);
        expect((await messagesStore.liveMessages(db, chat.id)).map((m) => m.content)).toEqual([
          "second prompt",
          "second answer",
          "third prompt",
        ]);
        const archived = await messagesStore.findMessage(db, chat.id, first.id);
        expect(archived).toMatchObject({ content: "first prompt", archivedAt: at(5) });
        expect(await messagesStore.allMessages(db, chat.id)).toHaveLength(5);

        const context = await messagesStore.conversation(db, chat.id, last.seq, { prompts: 10, window: 10 });
        expect(context.recent.map((m) => m.content)).toEqual(["second prompt", "second answer", "third prompt"]);
        expect(context.userPrompts.map((m) => m.content)).toEqual(["second prompt", "third prompt"]);
        expect(context.userPromptsBefore).toBe(1);
        expect(context.charsBefore).toBe("second prompt".length + "second answer".length + 2 * "[]".length);

        const page = await messagesStore.listMessages(db, chat.id, { limit: 2 });
        const rest = await messagesStore.listMessages(db, chat.id, { limit: 2, beforeSeq: page.at(-1)!.seq });
        expect(rest.map((m) => m.id)).toEqual([second.id]);
      } finally {
        setMessageArchiveLimit(db, MESSAGE_ARCHIVE_LIMIT);
      }
    });
  });
}
