import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, test } from "vitest";

/** Helpers for tests on a real PostgreSQL server (TEST_DATABASE_URL; not a test file itself). */

/** Runs one statement on the admin database (the one TEST_DATABASE_URL names). */
async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of its own for one test file, next to the admin database: `create()` in beforeAll, `drop()` in
 * afterAll (connections still open are ended).
 */
export function throwawayDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    create: () => adminQuery(adminUrl, `CREATE DATABASE "${name}"`),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * What a PostgreSQL test file declares without TEST_DATABASE_URL: skipped locally, failed under CI (so CI cannot
 * silently skip it).
 */
export function describeWithoutPostgres(name: string): void {
  describe(name, () => {
    if (process.env.CI) {
      test("needs TEST_DATABASE_URL in CI", () => {
        expect.fail("TEST_DATABASE_URL is not set: CI must run the PostgreSQL tests");
      });
    } else {
      test.skip("runs when TEST_DATABASE_URL is set", () => {});
    }
  });
}
