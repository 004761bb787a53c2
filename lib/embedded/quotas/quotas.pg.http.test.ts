import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorV2, QuotaList } from "@/lib/api";
import { createEmbeddedService, type EmbeddedService } from "../service";
import { BASE, TEST_KEY, call, expectSchema } from "../test-support";
import { describeWithoutPostgres, throwawayDatabase } from "../test-pg";

/**
 * Quotas held across two instances of the service on one PostgreSQL database (TEST_DATABASE_URL, as
 * store.pg.http.test.ts): the counts live in the database, so both refuse once their sum reaches a limit.
 * Skipped without TEST_DATABASE_URL locally; fails under CI without it.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

if (!adminUrl) {
  describeWithoutPostgres("quotas on PostgreSQL");
} else {
  const database = throwawayDatabase(adminUrl, "atelier_quota");
  const instances: EmbeddedService[] = [];
  const start = () =>
    createEmbeddedService({
      apiKey: TEST_KEY,
      dataDir: "unused",
      databaseUrl: database.url,
      publicBaseUrl: BASE,
      agentDelayMs: 0,
      quotas: { chat_messages: 4, api_requests: 40 },
    });

  beforeAll(async () => {
    await database.create();
    instances.push(await start());
    instances.push(await start());
  });
  afterAll(async () => {
    await Promise.all(instances.map((s) => s.close()));
    await database.drop();
  });

  describe("quotas shared by two instances on one PostgreSQL database", () => {
    test("messages counted by either instance add up; the limit holds under simultaneous requests", async () => {
      const [a, b] = instances as [EmbeddedService, EmbeddedService];
      expect((await call(a, "POST", "/v2/chats", { body: { message: "A notes app /fast" } })).status).toBe(200);
      expect((await call(b, "POST", "/v2/chats", { body: { message: "A todo app /fast" } })).status).toBe(200);
      const both = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call(i % 2 ? a : b, "POST", "/v2/chats/async", { body: { message: `App ${i} /fast` } }),
        ),
      );
      expect(both.filter((r) => r.status === 202)).toHaveLength(2);
      const refused = both.filter((r) => r.status === 429);
      expect(refused).toHaveLength(4);
      expect(expectSchema(ErrorV2, refused[0]!.body).message).toMatch(/chat messages/);
      for (const s of [a, b]) {
        const quotas = expectSchema(QuotaList, (await call(s, "GET", "/v2/quotas")).body).quotas;
        expect(quotas.find((q) => q.name === "chat_messages")).toMatchObject({ limit: 4, used: 4 });
        expect(quotas.find((q) => q.name === "api_requests")).toMatchObject({ limit: 40, used: 4 });
      }
    });
  });
}
