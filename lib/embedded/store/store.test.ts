import { afterAll, beforeAll } from "vitest";
import { openDatabase, type OpenedDatabase } from "./db";
import { describeArchiveContract } from "../messages/store-archive-contract";
import { describeQuotasContract } from "../quotas/store-contract";
import { describeStoreContract } from "./store-contract";

/** The store on PGlite (in memory), with the committed migrations. */
let opened: OpenedDatabase;
beforeAll(async () => {
  opened = await openDatabase({ dataDir: "memory://" });
});
afterAll(() => opened.close());

describeStoreContract("PGlite", () => opened.db);
describeArchiveContract("PGlite", () => opened.db);
describeQuotasContract("PGlite", () => opened.db);
