import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebhookCreated, WebhookDeliveryList } from "@/lib/api";
import type { EmbeddedService } from "@/lib/embedded";
import { call, expectSchema, startService, waitFor } from "@/lib/embedded/test-support";
import { describeWithoutPostgres, throwawayDatabase } from "@/lib/embedded/test-pg";
import { startReceiver, type TestReceiver } from "@/lib/embedded/webhooks/test-receiver";
import { InboxStore } from "@/lib/server/inbox";

/**
 * On PostgreSQL (TEST_DATABASE_URL, as in lib/embedded/store/store.pg.http.test.ts): the webhook queue of the embedded
 * service delivers with retries, and the inbox shares the same database (its own tables and migrations table).
 */
const adminUrl = process.env.TEST_DATABASE_URL;

if (!adminUrl) {
  describeWithoutPostgres("webhooks on PostgreSQL");
} else {
  const database = throwawayDatabase(adminUrl, "atelier_hooks");
  const runUrl = database.url;

  let svc: EmbeddedService;
  let inbox: InboxStore;
  let receiver: TestReceiver;
  beforeAll(async () => {
    await database.create();
    svc = await startService({ databaseUrl: runUrl, webhookRetrySchedule: [30, 30] });
    inbox = await InboxStore.open({
      dataDir: "unused",
      databaseUrl: runUrl,
      appUrl: "http://dash.test",
      secretKey: "test-auth-secret",
    });
    receiver = await startReceiver({ reply: (n) => ({ status: n === 0 ? 500 : 200 }) });
  });
  afterAll(async () => {
    await receiver?.close();
    await svc?.close();
    await inbox?.close();
    await database.drop();
  });

  describe("webhooks on PostgreSQL", () => {
    test("a delivery is retried and recorded; the inbox lives beside the service's tables", async () => {
      const hook = expectSchema(
        WebhookCreated,
        (await call(svc, "POST", "/v2/hooks", { body: { name: "pg", url: receiver.url, events: ["chat.created"] } }))
          .body,
      );
      expect((await call(svc, "POST", "/v2/chats", { body: { message: "A list" } })).status).toBe(200);
      const [delivery] = await waitFor(async () => {
        const list = expectSchema(
          WebhookDeliveryList,
          (await call(svc, "GET", `/v2/hooks/${hook.id}/deliveries`)).body,
        );
        return list.deliveries[0]?.status === "succeeded" ? list.deliveries : undefined;
      });
      expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([500, 200]);

      const created = await inbox.create("pg inbox");
      expect(
        await inbox.addDelivery(created.id, {
          deliveryId: "dlv_1",
          type: "chat.created",
          chatId: null,
          payload: {},
          verified: true,
          receivedAt: new Date(),
        }),
      ).toBe(true);
      expect(
        await inbox.addDelivery(created.id, {
          deliveryId: "dlv_1",
          type: "chat.created",
          chatId: null,
          payload: {},
          verified: true,
          receivedAt: new Date(),
        }),
      ).toBe(false);
      expect(await inbox.deliveries(created.id)).toHaveLength(1);

      // Another process on the same database hears the deliveries this one stores (LISTEN/NOTIFY), and this one too.
      const other = await InboxStore.open({
        dataDir: "unused",
        databaseUrl: runUrl,
        appUrl: "http://dash.test",
        secretKey: "test-auth-secret",
      });
      try {
        const heardThere: number[] = [];
        const heardHere: number[] = [];
        const stopThere = other.watch(created.id, (seq) => heardThere.push(seq));
        const stopHere = inbox.watch(created.id, (seq) => heardHere.push(seq));
        await inbox.addDelivery(created.id, {
          deliveryId: "dlv_2",
          type: "chat.created",
          chatId: null,
          payload: {},
          verified: true,
          receivedAt: new Date(),
        });
        const [stored] = await inbox.deliveries(created.id, { limit: 1 });
        await waitFor(async () => (heardThere.length && heardHere.length ? true : undefined));
        expect(heardThere).toEqual([stored!.seq]);
        expect(heardHere).toEqual([stored!.seq]);
        stopThere();
        stopHere();
      } finally {
        await other.close();
      }

      // Both migration histories are kept apart, so reopening either one is a no-op.
      const again = await InboxStore.open({
        dataDir: "unused",
        databaseUrl: runUrl,
        appUrl: "http://dash.test",
        secretKey: "test-auth-secret",
      });
      await again.close();
      const client = new pg.Client({ connectionString: runUrl });
      await client.connect();
      try {
        const tables = await client.query<{ table_name: string }>(
          "select table_name from information_schema.tables where table_schema = 'drizzle' order by 1",
        );
        expect(tables.rows.map((r) => r.table_name)).toEqual(["__drizzle_migrations", "__drizzle_migrations_inbox"]);
      } finally {
        await client.end();
      }
    });
  });
}
