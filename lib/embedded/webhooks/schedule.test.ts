import { describe, expect, test } from "vitest";
import { DEFAULT_RETRY_SCHEDULE, JITTER, maxAttempts, retryDelay } from "./schedule";

describe("retry schedule", () => {
  test("wire-decisions.md 8: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts in all", () => {
    expect(DEFAULT_RETRY_SCHEDULE).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(maxAttempts(DEFAULT_RETRY_SCHEDULE)).toBe(8);
    // Without jitter (random 0.5) the delay after attempt n is the n-th entry.
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(DEFAULT_RETRY_SCHEDULE, n, 0.5))).toEqual([
      ...DEFAULT_RETRY_SCHEDULE,
    ]);
    // After the eighth attempt nothing more is scheduled.
    expect(retryDelay(DEFAULT_RETRY_SCHEDULE, 8, 0.5)).toBeNull();
    expect(retryDelay(DEFAULT_RETRY_SCHEDULE, 0, 0.5)).toBeNull();
    // The whole schedule spans about 27 h 35 min.
    const total = DEFAULT_RETRY_SCHEDULE.reduce((a, b) => a + b, 0);
    expect(total).toBe(((27 * 60 + 35) * 60 + 5) * 1000);
  });

  test("jitter stays within ±10 % and spans it", () => {
    expect(JITTER).toBe(0.1);
    expect(retryDelay([5000], 1, 0)).toBe(4500);
    expect(retryDelay([5000], 1, 0.999999)).toBe(5500);
    for (let i = 0; i < 200; i++) {
      const d = retryDelay([300_000], 1)!;
      expect(d).toBeGreaterThanOrEqual(270_000);
      expect(d).toBeLessThanOrEqual(330_000);
    }
  });

  test("a short schedule for tests works the same way", () => {
    expect(retryDelay([10, 20], 1, 0.5)).toBe(10);
    expect(retryDelay([10, 20], 2, 0.5)).toBe(20);
    expect(retryDelay([10, 20], 3, 0.5)).toBeNull();
    expect(retryDelay([], 1, 0.5)).toBeNull();
  });
});
