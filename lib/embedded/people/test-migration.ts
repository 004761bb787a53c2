import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { Chat, MemberList, MessageList } from "@/lib/api";
import { UserV1 } from "@/lib/api/schemas/v1";
import type { EmbeddedService } from "../service";
import { openDatabase } from "../store";
import { call, expectSchema } from "../test-support";

/**
 * A store as the release before people left it (not a test file itself): the committed migrations up to the one
 * before `*_people`, and a chat with a user message and an answer written with that schema's columns.
 */

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of drizzle/ that stops before the people migration; `dispose` removes it. */
function migrationsBeforePeople(): { folder: string; dispose: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), "atelier-before-people-"));
  cpSync(path.join(process.cwd(), "drizzle"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as Journal;
  const people = journal.entries.findIndex((e) => e.tag.endsWith("_people"));
  expect(people).toBeGreaterThan(0);
  for (const later of journal.entries.slice(people)) rmSync(path.join(folder, `${later.tag}.sql`));
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, people) }));
  return { folder, dispose: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Opens the store at the migration before people, writes a chat of the one account into it, closes it. */
export async function seedStoreBeforePeople(at: { dataDir: string; databaseUrl?: string | null }): Promise<void> {
  const before = migrationsBeforePeople();
  try {
    const database = await openDatabase({ ...at, migrationsFolder: before.folder });
    try {
      await database.db.execute(sql`
        insert into chats (id, title, privacy, author_id, metadata, model_id, settings, created_at, updated_at)
        values ('chat_before_people', 'A chat from before', 'private', 'user_embedded', '{}', 'svc-pro', '{}',
                '2026-01-02T03:04:05Z', '2026-01-02T03:04:05Z')`);
      await database.db.execute(sql`
        insert into messages (id, chat_id, role, content, parts, finish_reason, created_at, updated_at)
        values ('msg_before_user', 'chat_before_people', 'user', 'A notes app', '[]', 'stop',
                '2026-01-02T03:04:05Z', '2026-01-02T03:04:05Z'),
               ('msg_before_answer', 'chat_before_people', 'assistant', 'Done.', '[{"type":"text","text":"Done."}]',
                'stop', '2026-01-02T03:04:06Z', '2026-01-02T03:04:06Z')`);
    } finally {
      await database.close();
    }
  } finally {
    before.dispose();
  }
}

/** What a migrated store must show: the chat and its user message the first admin's, the first admin there, unchanged. */
export async function expectMigrated(svc: EmbeddedService): Promise<void> {
  const chat = expectSchema(Chat, (await call(svc, "GET", "/v2/chats/chat_before_people")).body);
  expect(chat).toMatchObject({ authorId: "user_embedded", title: "A chat from before" });
  const messages = expectSchema(MessageList, (await call(svc, "GET", "/v2/chats/chat_before_people/messages")).body);
  expect(messages.messages.map((m) => [m.id, m.authorId ?? null])).toEqual([
    ["msg_before_answer", null],
    ["msg_before_user", "user_embedded"],
  ]);
  const members = expectSchema(MemberList, (await call(svc, "GET", "/v2/team/members")).body).members;
  expect(members).toEqual([
    {
      id: "user_embedded",
      email: "embedded@atelier.invalid",
      name: "Embedded service user",
      role: "admin",
      createdAt: "2025-01-01T00:00:00.000Z",
      disabled: false,
    },
  ]);
  // The v1 user is the one it was before people existed.
  expect(expectSchema(UserV1, (await call(svc, "GET", "/v1/user")).body)).toMatchObject({
    id: "user_embedded",
    name: "Embedded service user",
    email: "embedded@atelier.invalid",
    createdAt: "2025-01-01T00:00:00.000Z",
  });
  // The service's key still does everything it did: a new chat is the first admin's.
  const created = await call(svc, "POST", "/v2/chats", { body: { message: "A todo app /fast" } });
  expect(created.status).toBe(200);
  expect((created.body as { chat: Chat }).chat.authorId).toBe("user_embedded");
}
