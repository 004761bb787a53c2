import { describe, expect, it } from "vitest";
import {
  DEFAULT_POLICY,
  SignInThrottle,
  clientAddress,
  lockedMessage,
  retryMinutes,
  throttleKey,
  trustProxyFrom,
} from "./throttle";

function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}
const MIN = 60_000;

describe("sign-in throttle", () => {
  it("each failure waits longer (capped); the 10th within 15 minutes locks for 15 minutes, even the right password", () => {
    const c = clock();
    const throttle = new SignInThrottle(DEFAULT_POLICY, c.now);
    const key = throttleKey("admin", "10.0.0.1");
    const delays: number[] = [];
    for (let i = 1; i <= 9; i++) {
      const r = throttle.recordFailure(key);
      expect(r.locked).toBe(false);
      delays.push(r.delayMs);
      c.advance(MIN);
    }
    expect(delays).toEqual([150, 300, 450, 600, 750, 900, 1050, 1200, 1350]);
    const tenth = throttle.recordFailure(key);
    expect(tenth).toMatchObject({ locked: true, retryAfterMs: 15 * MIN });
    c.advance(14 * MIN);
    expect(throttle.check(key)).toEqual({ locked: true, retryAfterMs: MIN });
    throttle.recordSuccess(key); // a right password while locked changes nothing
    expect(throttle.check(key).locked).toBe(true);
    c.advance(MIN);
    expect(throttle.check(key)).toEqual({ locked: false });
    // After the lock, the count starts again.
    expect(throttle.recordFailure(key)).toMatchObject({ locked: false, delayMs: 150 });
  });

  it("failures older than the window do not count", () => {
    const c = clock();
    const throttle = new SignInThrottle(DEFAULT_POLICY, c.now);
    const key = throttleKey("admin", "a");
    for (let i = 0; i < 9; i++) throttle.recordFailure(key);
    c.advance(15 * MIN + 1);
    expect(throttle.recordFailure(key).locked).toBe(false);
  });

  it("a successful sign-in before the limit resets the count (the real account's path)", () => {
    const c = clock();
    const throttle = new SignInThrottle(DEFAULT_POLICY, c.now);
    const key = throttleKey("admin", "a");
    for (let i = 0; i < 9; i++) throttle.recordFailure(key);
    throttle.recordSuccess(key);
    for (let i = 0; i < 9; i++) expect(throttle.recordFailure(key).locked).toBe(false);
    expect(throttle.recordFailure(key).locked).toBe(true);
  });

  it("counts are per account and per address", () => {
    const throttle = new SignInThrottle(DEFAULT_POLICY, clock().now);
    for (let i = 0; i < 10; i++) throttle.recordFailure(throttleKey("ghost", "a"));
    expect(throttle.check(throttleKey("ghost", "a")).locked).toBe(true);
    expect(throttle.check(throttleKey("ghost", "b")).locked).toBe(false);
    expect(throttle.check(throttleKey("admin", "a")).locked).toBe(false);
  });

  it("remembers at most maxKeys keys (the least recently failed are forgotten)", () => {
    const throttle = new SignInThrottle({ ...DEFAULT_POLICY, maxKeys: 3 }, clock().now);
    for (let i = 0; i < 10; i++) throttle.recordFailure("old");
    for (const k of ["a", "b", "c"]) throttle.recordFailure(k);
    expect(throttle.check("old").locked).toBe(false);
  });

  it("the address: X-Forwarded-For only behind a trusted proxy (its last entry)", () => {
    const h = new Headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" });
    expect(clientAddress(h, false)).toBe("any");
    expect(clientAddress(h, true)).toBe("203.0.113.9");
    expect(clientAddress(new Headers(), true)).toBe("any");
    expect(trustProxyFrom({ TRUSTED_PROXY: "1" })).toBe(true);
    expect(trustProxyFrom({})).toBe(false);
  });

  it("says how long to wait", () => {
    expect(retryMinutes(15 * MIN)).toBe(15);
    expect(retryMinutes(1)).toBe(1);
    expect(lockedMessage(15 * MIN)).toBe("Too many failed sign-ins. Try again in 15 minutes.");
    expect(lockedMessage(30_000)).toBe("Too many failed sign-ins. Try again in 1 minute.");
  });
});
