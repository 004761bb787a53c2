import { describe, expect, it } from "vitest";
import { ADDRESS_POLICY, DEFAULT_POLICIES } from "./policy";
import { SignInThrottle, clientAddress, lockedMessage, retryMinutes, throttleKey, trustProxyFrom } from "./throttle";

function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}
const MIN = 60_000;

describe("sign-in throttle, an account from a known address (TRUSTED_PROXY)", () => {
  it("each failure waits longer (capped); the 10th within 15 minutes locks for 15 minutes, even the right password", () => {
    const c = clock();
    const throttle = new SignInThrottle(DEFAULT_POLICIES, c.now);
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
    const throttle = new SignInThrottle(DEFAULT_POLICIES, c.now);
    const key = throttleKey("admin", "10.0.0.2");
    for (let i = 0; i < 9; i++) throttle.recordFailure(key);
    c.advance(15 * MIN + 1);
    expect(throttle.recordFailure(key).locked).toBe(false);
  });

  it("a successful sign-in before the limit resets the count (the real account's path)", () => {
    const c = clock();
    const throttle = new SignInThrottle(DEFAULT_POLICIES, c.now);
    const key = throttleKey("admin", "10.0.0.2");
    for (let i = 0; i < 9; i++) throttle.recordFailure(key);
    throttle.recordSuccess(key);
    for (let i = 0; i < 9; i++) expect(throttle.recordFailure(key).locked).toBe(false);
    expect(throttle.recordFailure(key).locked).toBe(true);
  });

  it("counts are per account and per address: a lock holds that address only", () => {
    const throttle = new SignInThrottle(DEFAULT_POLICIES, clock().now);
    for (let i = 0; i < 10; i++) throttle.recordFailure(throttleKey("admin", "6.6.6.6"));
    expect(throttle.check(throttleKey("admin", "6.6.6.6")).locked).toBe(true);
    expect(throttle.takeTurn(throttleKey("admin", "6.6.6.6")).locked).toBe(true);
    expect(throttle.takeTurn(throttleKey("admin", "203.0.113.9"))).toEqual({ locked: false, waitMs: 0 });
    expect(throttle.check(throttleKey("ghost", "6.6.6.6")).locked).toBe(false);
  });

  it("a burst of attempts at once takes turns, 150 ms apart; those more than 1.5 s away are refused at once", () => {
    const throttle = new SignInThrottle(DEFAULT_POLICIES, clock().now);
    const key = throttleKey("admin", "6.6.6.6");
    const turns = Array.from({ length: 12 }, () => throttle.takeTurn(key));
    expect(turns.slice(0, 11).map((t) => t.waitMs)).toEqual([0, 150, 300, 450, 600, 750, 900, 1050, 1200, 1350, 1500]);
    expect(turns[11]).toEqual({ locked: true, retryAfterMs: 150, waitMs: 0 });
    expect(lockedMessage(150)).toBe("Too many failed sign-ins. Try again in 1 second.");
  });

  it("remembers at most maxKeys keys (the least recently used are forgotten)", () => {
    const small = { ...ADDRESS_POLICY, maxKeys: 3 };
    const throttle = new SignInThrottle({ address: small, anyAddress: small }, clock().now);
    for (let i = 0; i < 10; i++) throttle.recordFailure("old|a");
    for (const k of ["a|a", "b|a", "c|a"]) throttle.recordFailure(k);
    expect(throttle.check("old|a").locked).toBe(false);
  });
});

describe("sign-in throttle, an account from any address (no trusted proxy)", () => {
  const SECOND = 1000;

  it("never locks: failures slow further attempts, 0.5 s more each, up to 10 s; the right password still gets in", () => {
    const c = clock();
    const throttle = new SignInThrottle(DEFAULT_POLICIES, c.now);
    const key = throttleKey("admin", clientAddress(new Headers({ "x-forwarded-for": "6.6.6.6" }), false));
    const delays: number[] = [];
    // A stranger guessing as fast as the answers come: each attempt waits for its turn, then fails.
    for (let i = 1; i <= 50; i++) {
      const turn = throttle.takeTurn(key);
      expect(turn.locked, `attempt ${i}`).toBe(false);
      c.advance(turn.waitMs);
      const failure = throttle.recordFailure(key);
      expect(failure.locked, `failure ${i}`).toBe(false);
      delays.push(failure.delayMs);
      c.advance(failure.delayMs);
    }
    expect(delays.slice(0, 5)).toEqual([0.5, 1, 1.5, 2, 2.5].map((s) => s * SECOND));
    expect(delays.slice(19)).toEqual(Array(31).fill(10 * SECOND));
    // The admin, meanwhile: not locked, let in within the cap, and a success starts the count again.
    expect(throttle.check(key)).toEqual({ locked: false });
    const turn = throttle.takeTurn(key);
    expect(turn.locked).toBe(false);
    expect(turn.waitMs).toBeLessThanOrEqual(10 * SECOND);
    c.advance(turn.waitMs);
    throttle.recordSuccess(key);
    expect(throttle.takeTurn(key)).toEqual({ locked: false, waitMs: 0 });
  });

  it("a burst at once is spread out (0.5 s apart at first); beyond 10 s ahead an attempt is told to retry in seconds", () => {
    const c = clock();
    const throttle = new SignInThrottle(DEFAULT_POLICIES, c.now);
    const key = throttleKey("admin", "any");
    const turns = Array.from({ length: 22 }, () => throttle.takeTurn(key));
    expect(turns.slice(0, 21).every((t) => !t.locked)).toBe(true);
    expect(turns[20]!.waitMs).toBe(10 * SECOND);
    expect(turns[21]).toEqual({ locked: true, retryAfterMs: 500, waitMs: 0 });
    // Not a lock: once the queue has moved on, attempts are taken again.
    c.advance(SECOND);
    expect(throttle.takeTurn(key).locked).toBe(false);
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
    expect(lockedMessage(60_000)).toBe("Too many failed sign-ins. Try again in 1 minute.");
    expect(lockedMessage(30_000)).toBe("Too many failed sign-ins. Try again in 30 seconds.");
  });
});
