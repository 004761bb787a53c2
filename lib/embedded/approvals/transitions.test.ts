import { afterAll, beforeAll } from "vitest";
import { openDatabase, type OpenedDatabase } from "../store";
import { describeTransitionsContract } from "./transitions-contract";

/** The transitions on PGlite (in memory). */
let opened: OpenedDatabase;
beforeAll(async () => {
  opened = await openDatabase({ dataDir: "memory://" });
});
afterAll(() => opened.close());

describeTransitionsContract("PGlite", () => opened.db);
