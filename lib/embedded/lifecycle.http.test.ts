import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ChatFiles, ChatList, ChatWithUsage, Message, MessageList } from "@/lib/api";
import { getEmbeddedService } from ".";
import { openDatabase } from "./store";
import * as leasesStore from "./generation/store";
import * as messagesStore from "./messages/store";
import { BASE, TEST_KEY, call, expectSchema, startService } from "./test-support";

/** Persistence in a PGlite data directory across restarts, and the one-instance-per-process rule. */
const dataDir = mkdtempSync(path.join(tmpdir(), "atelier-embedded-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("lifecycle", () => {
  test("chats, messages and files survive a restart on the same data directory", async () => {
    const first = await startService({ dataDir });
    const created = expectSchema(
      ChatWithUsage,
      (await call(first, "POST", "/v2/chats", { body: { message: "A journal" } })).body,
    );
    await first.close();
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);

    const second = await startService({ dataDir });
    try {
      const list = expectSchema(ChatList, (await call(second, "GET", "/v2/chats")).body);
      expect(list.chats).toEqual([created.chat]);
      const messages = expectSchema(
        MessageList,
        (await call(second, "GET", `/v2/chats/${created.chat.id}/messages`)).body,
      );
      expect(messages.messages.map((m) => m.finishReason)).toEqual(["stop", "stop"]);
      const files = expectSchema(ChatFiles, (await call(second, "GET", `/v2/chats/${created.chat.id}/files`)).body);
      expect(files.files).toHaveLength(3);
    } finally {
      await second.close();
    }
  });

  test("a crashed run's answer (live lease, unfinished) is closed as an error at the next start of the directory", async () => {
    const first = await startService({ dataDir });
    const created = expectSchema(
      ChatWithUsage,
      (await call(first, "POST", "/v2/chats", { body: { message: "A journal /fast" } })).body,
    );
    await first.close();
    // What a kill -9 mid-answer leaves: an unfinished assistant message under a lease that has not expired yet.
    const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    const chatId = created.chat.id;
    const [assistant] = await messagesStore.allMessages(db.db, chatId).then((all) => all.slice(-1));
    await messagesStore.updateMessage(db.db, assistant!.id, { finishReason: null });
    await leasesStore.setLease(db.db, chatId, { owner: "dead-process", messageId: assistant!.id, ttlMs: 3_600_000 });
    await db.close();

    const second = await startService({ dataDir });
    try {
      const message = expectSchema(
        Message,
        (await call(second, "GET", `/v2/chats/${chatId}/messages/${assistant!.id}`)).body,
      );
      expect(message.finishReason).toBe("error");
      // The chat is free: a new message is answered.
      expect(
        (await call(second, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "More /fast" } })).status,
      ).toBe(200);
    } finally {
      await second.close();
    }
  });

  test("getEmbeddedService gives one instance per process until it is closed", async () => {
    const opts = { apiKey: TEST_KEY, dataDir: "memory://", publicBaseUrl: BASE, agentDelayMs: 0 };
    const [a, b] = await Promise.all([getEmbeddedService(opts), getEmbeddedService({ ...opts, apiKey: "ignored" })]);
    expect(a).toBe(b);
    expect((await call(a, "GET", "/v2/chats")).status).toBe(200);
    await a.close();
    const c = await getEmbeddedService({ ...opts, apiKey: "next" });
    expect(c).not.toBe(a);
    expect((await call(c, "GET", "/v2/chats", { auth: "Bearer next" })).status).toBe(200);
    await c.close();
    // A closed service refuses requests.
    expect((await call(c, "GET", "/v2/chats", { auth: "Bearer next" })).status).toBe(503);
  });

  test("while it closes, the process's service is the closing one (503), not a new one", async () => {
    const opts = { apiKey: TEST_KEY, dataDir: "memory://", publicBaseUrl: BASE, agentDelayMs: 5 };
    const a = await getEmbeddedService(opts);
    const started = await call(a, "POST", "/v2/chats/async", { body: { message: "A note /pace 100" } });
    expect(started.status).toBe(202);
    const closing = a.close({ graceMs: 30_000 });
    const during = await getEmbeddedService(opts);
    expect(during).toBe(a);
    expect((await call(during, "GET", "/v2/chats")).status).toBe(503);
    await closing;
    const after = await getEmbeddedService(opts);
    expect(after).not.toBe(a);
    await after.close();
  });
});
