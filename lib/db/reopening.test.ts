import { describe, expect, test } from "vitest";
import { ReopeningDb } from "./reopening";

/** ReopeningDb over a plain resource that records its opens and closes. */
function resource() {
  const log: string[] = [];
  let n = 0;
  const open = async () => {
    const id = ++n;
    log.push(`open ${id}`);
    return { db: { id }, close: async () => void log.push(`close ${id}`) };
  };
  return { log, open };
}

const IDLE_MS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("ReopeningDb", () => {
  test("closes after the idle delay, never under a use that outlasts it, and opens again on the next use", async () => {
    const { log, open } = resource();
    const database = await ReopeningDb.open(open, { idleMs: IDLE_MS });
    expect(log).toEqual(["open 1"]);

    // One use spanning five idle delays: still the first database at its end.
    const seen = await database.use(async (db) => {
      await sleep(IDLE_MS * 5);
      return db.id;
    });
    expect(seen).toBe(1);
    expect(log).toEqual(["open 1"]);

    await sleep(IDLE_MS * 2);
    expect(log).toEqual(["open 1", "close 1"]);
    expect(await database.use(async (db) => db.id)).toBe(2);

    await database.close();
    expect(log).toEqual(["open 1", "close 1", "open 2", "close 2"]);
    await expect(database.use(async (db) => db.id)).rejects.toThrow(/closed/);
  });

  test("without idleMs it stays open until closed", async () => {
    const { log, open } = resource();
    const database = await ReopeningDb.open(open);
    await sleep(IDLE_MS * 2);
    expect(await database.use(async (db) => db.id)).toBe(1);
    await database.close();
    expect(log).toEqual(["open 1", "close 1"]);
  });

  test("a failed open surfaces at open", async () => {
    await expect(
      ReopeningDb.open(async () => {
        throw new Error("no database here");
      }),
    ).rejects.toThrow("no database here");
  });
});
