/**
 * The sign-in throttle's arithmetic (no storage: throttle.ts keeps entries in memory, shared.ts in PostgreSQL).
 *
 * Attempts on one key take turns: an attempt is checked no sooner than `nextAt`, and each one pushes `nextAt` on by
 * the key's delay (so a burst of concurrent guesses is spread out, not answered at once); one whose turn is more than
 * `maxWaitMs` away is refused at once with how long to wait. After the n-th failure within the window the answer
 * comes n × `delayStepMs` later (at most `maxDelayMs`), and the next attempt waits as long. With `maxFailures`, that
 * failure locks the key for `lockoutMs` (every attempt refused, even the right password); without, nothing locks.
 * A success resets the key (not while locked).
 *
 * Two policies, by what the key is (throttle.ts, `throttleKey`):
 * - an account + a known client address (behind TRUSTED_PROXY): a quick delay, and the 10th failure within 15 minutes
 *   locks that account from that address only;
 * - an account from any address (no trusted proxy: addresses cannot be told apart, so the key is everyone's): never
 *   locked, since a stranger would lock the admin out for everyone; failures slow further attempts instead, 0.5 s
 *   more with each, up to 10 s between attempts.
 */

export interface ThrottlePolicy {
  /** The failure (within the window) that locks the key for `lockoutMs`; null: the key never locks. */
  maxFailures: number | null;
  windowMs: number;
  lockoutMs: number;
  /** Delay after the n-th failure, and between attempts: n × delayStepMs, at most maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
  /** An attempt whose turn is further away than this is refused at once (retry later) instead of waiting. */
  maxWaitMs: number;
  /** Most keys remembered in memory (the least recently used are forgotten first). */
  maxKeys: number;
}

/** An account from a known address (TRUSTED_PROXY): slowed a little, locked after 10 failures in 15 minutes. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
  delayStepMs: 150,
  maxDelayMs: 1_500,
  maxWaitMs: 1_500,
  maxKeys: 10_000,
};

/** An account from any address (no trusted proxy): never locked, slowed up to 10 s between attempts. */
const ANY_ADDRESS_POLICY: ThrottlePolicy = {
  maxFailures: null,
  windowMs: 15 * 60_000,
  lockoutMs: 0,
  delayStepMs: 500,
  maxDelayMs: 10_000,
  maxWaitMs: 10_000,
  maxKeys: 10_000,
};

export interface ThrottlePolicies {
  /** Keys of an account + a known address. */
  address: ThrottlePolicy;
  /** Keys of an account from any address (clientAddress "any"). */
  anyAddress: ThrottlePolicy;
}

export const DEFAULT_POLICIES: ThrottlePolicies = { address: ADDRESS_POLICY, anyAddress: ANY_ADDRESS_POLICY };

/** The address part of a key when the client's address is unknown (throttle.ts, clientAddress). */
export const ANY_ADDRESS = "any";

/** The policy of a key (throttleKey's `<account>|<address>`). */
export function policyFor(key: string, policies: ThrottlePolicies): ThrottlePolicy {
  return key.endsWith(`|${ANY_ADDRESS}`) ? policies.anyAddress : policies.address;
}

export type ThrottleState = { locked: false } | { locked: true; retryAfterMs: number };

/**
 * One key: the times of its failures within the window, until when it is locked (0: not), and the earliest time its
 * next attempt may be checked (0: now).
 */
export interface ThrottleEntry {
  failures: number[];
  lockedUntil: number;
  nextAt: number;
}

const recentFailures = (entry: ThrottleEntry | undefined, now: number, policy: ThrottlePolicy) =>
  (entry?.failures ?? []).filter((t) => t > now - policy.windowMs);

const delayAfter = (failures: number, policy: ThrottlePolicy) =>
  Math.min(policy.maxDelayMs, failures * policy.delayStepMs);

/** Whether an attempt on the key would be refused at `now` (locked, or its turn too far away), and for how long. */
export function entryState(entry: ThrottleEntry | undefined, now: number, policy: ThrottlePolicy): ThrottleState {
  if (entry && entry.lockedUntil > now) return { locked: true, retryAfterMs: entry.lockedUntil - now };
  const wait = (entry?.nextAt ?? 0) - now;
  if (wait > policy.maxWaitMs) return { locked: true, retryAfterMs: wait - policy.maxWaitMs };
  return { locked: false };
}

/**
 * An attempt arriving at `now`: refused (entryState), or given the key's next turn, `waitMs` from now; the turn after
 * it moves on by the key's delay. The entry to keep either way.
 */
export function withAdmission(
  entry: ThrottleEntry | undefined,
  now: number,
  policy: ThrottlePolicy,
): { entry: ThrottleEntry; result: { waitMs: number } & ThrottleState } {
  const state = entryState(entry, now, policy);
  if (state.locked)
    return { entry: entry ?? { failures: [], lockedUntil: 0, nextAt: 0 }, result: { ...state, waitMs: 0 } };
  const failures = recentFailures(entry, now, policy);
  const turn = Math.max(now, entry?.nextAt ?? 0);
  return {
    entry: { failures, lockedUntil: entry?.lockedUntil ?? 0, nextAt: turn + delayAfter(failures.length + 1, policy) },
    result: { locked: false, waitMs: turn - now },
  };
}

/** A failure at `now` counted into `entry`: the entry to keep, the delay before answering, the state after it. */
export function withFailure(
  entry: ThrottleEntry | undefined,
  now: number,
  policy: ThrottlePolicy,
): { entry: ThrottleEntry; result: { delayMs: number } & ThrottleState } {
  const failures = [...recentFailures(entry, now, policy), now];
  const delayMs = delayAfter(failures.length, policy);
  const next: ThrottleEntry = {
    failures,
    lockedUntil: entry?.lockedUntil ?? 0,
    nextAt: Math.max(entry?.nextAt ?? 0, now + delayMs),
  };
  if (policy.maxFailures !== null && failures.length >= policy.maxFailures) {
    next.lockedUntil = now + policy.lockoutMs;
    next.failures = [];
    next.nextAt = 0;
  }
  const state = next.lockedUntil > now ? entryState(next, now, policy) : ({ locked: false } as const);
  return { entry: next, result: { delayMs: state.locked ? policy.maxDelayMs : delayMs, ...state } };
}
