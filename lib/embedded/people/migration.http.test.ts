import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, test } from "vitest";
import { startService } from "../test-support";
import { expectMigrated, seedStoreBeforePeople } from "./test-migration";

/**
 * An existing single-person setup (PGlite) migrates: a store written at the migration before people, with a chat,
 * then opened by this service. The chat and its user message are the first admin's (user_embedded), who exists;
 * nothing else changes. The same on PostgreSQL: migration.pg.http.test.ts.
 */

const dir = mkdtempSync(path.join(tmpdir(), "atelier-people-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("migrating a store from before people (PGlite)", () => {
  test("existing chats belong to the first admin, who exists; nothing else changes", async () => {
    await seedStoreBeforePeople({ dataDir: path.join(dir, "pglite") });
    const svc = await startService({ dataDir: dir });
    try {
      await expectMigrated(svc);
    } finally {
      await svc.close();
    }
  }, 60_000);
});
