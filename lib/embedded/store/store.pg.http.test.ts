import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, Message, MessageList } from "@/lib/api";
import { describeTransitionsContract } from "../approvals/transitions-contract";
import { createEmbeddedService, type EmbeddedService } from "../service";
import { openDatabase, type OpenedDatabase } from ".";
import { describeArchiveContract } from "../messages/store-archive-contract";
import { describeQuotasContract } from "../quotas/store-contract";
import { describeStoreContract } from "./store-contract";
import { BASE, TEST_KEY, call, expectSchema, readAll, request } from "../test-support";
import { describeWithoutPostgres, throwawayDatabase } from "../test-pg";

/**
 * The store and the service on a real PostgreSQL server through `pg`. Set TEST_DATABASE_URL to a database the
 * user may CREATE DATABASE from; each run works in its own fresh database, dropped at the end.
 * Without TEST_DATABASE_URL this is skipped locally, but it fails under CI so CI cannot silently skip it.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

if (!adminUrl) {
  describeWithoutPostgres("store on PostgreSQL");
} else {
  const database = throwawayDatabase(adminUrl, "atelier_test");
  const runUrl = database.url;

  let opened: OpenedDatabase;
  let svc: EmbeddedService;
  beforeAll(async () => {
    await database.create();
    opened = await openDatabase({ dataDir: "unused", databaseUrl: runUrl });
    expect(opened.driver).toBe("pg");
    // The service on the same database: migrations run again and must be a no-op.
    svc = await createEmbeddedService({
      apiKey: TEST_KEY,
      dataDir: "unused",
      databaseUrl: runUrl,
      publicBaseUrl: BASE,
      agentDelayMs: 0,
    });
  });
  afterAll(async () => {
    await svc?.close();
    await opened?.close();
    await database.drop();
  });

  describeStoreContract("PostgreSQL (pg)", () => opened.db);
  describeArchiveContract("PostgreSQL (pg)", () => opened.db);
  describeQuotasContract("PostgreSQL (pg)", () => opened.db);
  describeTransitionsContract("PostgreSQL (pg)", () => opened.db);

  describe("the service on PostgreSQL", () => {
    test("creates, streams and lists chats", async () => {
      const created = expectSchema(
        ChatWithUsage,
        (await call(svc, "POST", "/v2/chats", { body: { message: "A notes app" } })).body,
      );
      expect(created.chat.title).toBe("Notes app");
      const res = await svc.handle(
        request("POST", `/v2/chats/${created.chat.id}/messages/stream`, { body: { message: "Add tags" } }),
      );
      const events = await readAll(res);
      expect(events.map((e) => e.object).slice(-2)).toEqual(["message.usage", "chat"]);
      const list = expectSchema(MessageList, (await call(svc, "GET", `/v2/chats/${created.chat.id}/messages`)).body);
      expect(list.messages).toHaveLength(4);
      const latest = expectSchema(Message, list.messages[0]);
      expect(latest.finishReason).toBe("stop");
      expect(latest.parts).toHaveLength(10);
    });
  });
}
