import { describe, expect, test } from "vitest";
import { ShareRateLimit } from "./rate-limit";

describe("the share pages' rate limit", () => {
  test("refuses an address over the limit until its window ends; other addresses are not affected", () => {
    let now = 1_000;
    const limit = new ShareRateLimit(3, 60_000, () => now);
    expect([limit.take("a"), limit.take("a"), limit.take("a")]).toEqual([0, 0, 0]);
    expect(limit.take("a")).toBe(60_000);
    expect(limit.take("b")).toBe(0);
    now += 59_000;
    expect(limit.take("a")).toBe(1_000);
    now += 1_000;
    expect(limit.take("a")).toBe(0);
  });
});
