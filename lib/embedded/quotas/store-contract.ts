import { describe, expect, test } from "vitest";
import { type Db } from "../store";
import * as quotasStore from "./store";

/** The quota counters (interface.md Part 8), run against each driver (store.test.ts, store.pg.http.test.ts). */
export function describeQuotasContract(name: string, getDb: () => Db): void {
  describe(`quota counters on ${name}`, () => {
    test("draws are all or nothing, never pass a limit under concurrency, and can be given back", async () => {
      const db = getDb();
      const day = `2001-01-${String(Math.floor(Math.random() * 28) + 1).padStart(2, "0")}-${Date.now()}`;
      const draws = await Promise.all(
        Array.from({ length: 12 }, () => quotasStore.drawQuotas(db, day, [{ quota: "q_a", amount: 1, limit: 5 }])),
      );
      expect(draws.filter((r) => r === null)).toHaveLength(5);
      expect(draws.filter((r) => r === "q_a")).toHaveLength(7);

      // All or nothing: q_b fits, q_a does not → neither is taken.
      expect(
        await quotasStore.drawQuotas(db, day, [
          { quota: "q_b", amount: 2, limit: 10 },
          { quota: "q_a", amount: 1, limit: 5 },
        ]),
      ).toBe("q_a");
      expect(await quotasStore.drawQuotas(db, day, [{ quota: "q_c", amount: 11, limit: 10 }])).toBe("q_c");
      expect(await quotasStore.usedOn(db, day, ["q_a", "q_b", "q_c"])).toEqual(new Map([["q_a", 5]]));

      await quotasStore.returnQuotas(db, day, [{ quota: "q_a", amount: 2 }]);
      expect(await quotasStore.drawQuotas(db, day, [{ quota: "q_a", amount: 2, limit: 5 }])).toBeNull();
      await quotasStore.returnQuotas(db, day, [{ quota: "q_a", amount: 50 }]);
      expect((await quotasStore.usedOn(db, day, ["q_a"])).get("q_a")).toBe(0);
      expect(await quotasStore.usedOn(db, "1999-01-01", ["q_a"])).toEqual(new Map());
    });
  });
}
