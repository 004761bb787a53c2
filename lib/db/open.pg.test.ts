import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import * as schema from "@/lib/embedded/store/schema";
import { describeWithoutPostgres, throwawayDatabase } from "@/lib/embedded/test-pg";
import { openDb } from "./open";

/** On PostgreSQL (TEST_DATABASE_URL): instances starting together on an empty database migrate one at a time. */
const adminUrl = process.env.TEST_DATABASE_URL;

if (!adminUrl) {
  describeWithoutPostgres("openDb on PostgreSQL");
} else {
  const database = throwawayDatabase(adminUrl, "atelier_open");
  beforeAll(() => database.create());
  afterAll(() => database.drop());

  test("three processes opening one empty database at once all start (the migrations are applied once)", async () => {
    const open = () =>
      openDb({
        dataDir: "unused",
        databaseUrl: database.url,
        schema,
        migrationsFolder: path.join(process.cwd(), "drizzle"),
        poolSize: 2,
      });
    const opened = await Promise.allSettled([open(), open(), open()]);
    const reasons = opened.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));
    for (const o of opened) if (o.status === "fulfilled") await o.value.close();
    expect(reasons).toEqual([]);
  });
}
