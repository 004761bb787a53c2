import { afterAll, beforeAll, describe, test } from "vitest";
import { startService } from "../test-support";
import { describeWithoutPostgres, throwawayDatabase } from "../test-pg";
import { expectMigrated, seedStoreBeforePeople } from "./test-migration";

/**
 * An existing single-person setup on PostgreSQL (TEST_DATABASE_URL) migrates: a database at the migration before
 * people, with a chat, then opened by this service (as migration.http.test.ts on PGlite).
 */
const adminUrl = process.env.TEST_DATABASE_URL;

if (!adminUrl) {
  describeWithoutPostgres("migrating a store from before people (PostgreSQL)");
} else {
  const database = throwawayDatabase(adminUrl, "atelier_people_migration");
  beforeAll(() => database.create());
  afterAll(() => database.drop());

  describe("migrating a store from before people (PostgreSQL)", () => {
    test("existing chats belong to the first admin, who exists; nothing else changes", async () => {
      await seedStoreBeforePeople({ dataDir: "unused", databaseUrl: database.url });
      const svc = await startService({ dataDir: "unused", databaseUrl: database.url });
      try {
        await expectMigrated(svc);
      } finally {
        await svc.close();
      }
    }, 180_000);
  });
}
