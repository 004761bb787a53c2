import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describeWithoutPostgres, throwawayDatabase } from "@/lib/embedded/test-pg";
import { SharedSignInThrottle } from "./shared";
import { DEFAULT_POLICIES } from "./policy";
import { throttleKey } from "./throttle";

/**
 * The sign-in throttle shared through PostgreSQL: two instances (two throttles, two pools) on one database count
 * one account + address together, so ten failures lock it on both, however they are spread, and hand out one
 * sequence of turns; an account from any address is never locked.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const MIN = 60_000;

if (!adminUrl) {
  describeWithoutPostgres("the shared sign-in throttle");
} else {
  const database = throwawayDatabase(adminUrl, "atelier_signin");
  let t = 1_700_000_000_000;
  const now = () => t;
  let a: SharedSignInThrottle;
  let b: SharedSignInThrottle;
  beforeAll(async () => {
    await database.create();
    a = new SharedSignInThrottle(database.url, DEFAULT_POLICIES, now);
    b = new SharedSignInThrottle(database.url, DEFAULT_POLICIES, now);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database.drop();
  });

  describe("the shared sign-in throttle", () => {
    test("failures through two instances add up: the 10th locks the key on both, even the right password", async () => {
      const key = throttleKey("admin", "10.0.0.9");
      for (let i = 1; i <= 9; i++) {
        const r = await (i % 2 ? a : b).recordFailure(key);
        expect(r, `failure ${i}`).toMatchObject({ locked: false, delayMs: i * 150 > 1500 ? 1500 : i * 150 });
      }
      expect(await a.recordFailure(key)).toMatchObject({ locked: true, retryAfterMs: 15 * MIN });
      expect(await b.check(key)).toEqual({ locked: true, retryAfterMs: 15 * MIN });
      await b.recordSuccess(key); // while locked: nothing changes
      t += 14 * MIN;
      expect(await a.check(key)).toEqual({ locked: true, retryAfterMs: MIN });
      t += MIN;
      expect(await b.check(key)).toEqual({ locked: false });
    });

    test("failures at the same moment on both are all counted (the row is locked while one is)", async () => {
      const key = throttleKey("admin", "10.0.0.10");
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).recordFailure(key)));
      expect(results.filter((r) => r.locked)).toHaveLength(1);
      expect(await a.check(key)).toMatchObject({ locked: true });
    });

    test("turns are shared: a burst through both instances is spread out as one would, the rest refused for now", async () => {
      const key = throttleKey("admin", "10.0.0.12");
      const turns = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).takeTurn(key)));
      const waits = turns.filter((t) => !t.locked).map((t) => t.waitMs);
      expect(waits.sort((x, y) => x - y)).toEqual([0, 150, 300, 450, 600, 750, 900, 1050, 1200, 1350, 1500]);
      expect(turns.filter((t) => t.locked)).toEqual([{ locked: true, retryAfterMs: 150, waitMs: 0 }]);
    });

    test("an account from any address (no trusted proxy) is never locked, through either instance", async () => {
      const key = throttleKey("admin", "any");
      for (let i = 1; i <= 25; i++) {
        t += 10_000; // each attempt once its turn has come
        expect((await (i % 2 ? a : b).takeTurn(key)).locked, `attempt ${i}`).toBe(false);
        expect((await (i % 2 ? b : a).recordFailure(key)).locked, `failure ${i}`).toBe(false);
      }
      expect(await a.check(key)).toEqual({ locked: false });
      t += 10_000;
      expect(await b.takeTurn(key)).toEqual({ locked: false, waitMs: 0 });
    });

    test("a success through one instance resets the count the other sees", async () => {
      const key = throttleKey("admin", "10.0.0.11");
      for (let i = 0; i < 9; i++) await a.recordFailure(key);
      await b.recordSuccess(key);
      for (let i = 0; i < 9; i++) expect((await a.recordFailure(key)).locked).toBe(false);
      expect((await b.recordFailure(key)).locked).toBe(true);
    });
  });
}
