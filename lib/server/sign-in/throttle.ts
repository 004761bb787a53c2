import "server-only";
import { createHash } from "node:crypto";

/**
 * Sign-in throttling (against password guessing): failures are counted per account + client address. Each failure is answered after
 * a growing delay; the `maxFailures`-th failure within `windowMs` locks that account + address for `lockoutMs`,
 * during which every attempt is refused, even with the right password. A success before the lock resets the count.
 * The arithmetic is `entryState` / `withFailure`; here the counts are kept in memory (one process), bounded in size;
 * with DATABASE_URL they are kept in PostgreSQL, shared by every instance (shared.ts). The clock is
 * injectable for tests.
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockoutMs: number;
  /** Delay after the n-th failure: n × delayStepMs, at most maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
  /** Most keys remembered (the oldest are forgotten first). */
  maxKeys: number;
}

export const DEFAULT_POLICY: ThrottlePolicy = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
  lockoutMs: 15 * 60_000,
  delayStepMs: 150,
  maxDelayMs: 1_500,
  maxKeys: 10_000,
};

export type ThrottleState = { locked: false } | { locked: true; retryAfterMs: number };

/** One account + address: the times of its failures within the window, and until when it is locked (0: not). */
export interface ThrottleEntry {
  failures: number[];
  lockedUntil: number;
}

/** Whether an entry is locked at `now`, and for how long. */
export function entryState(entry: ThrottleEntry | undefined, now: number): ThrottleState {
  if (entry && entry.lockedUntil > now) return { locked: true, retryAfterMs: entry.lockedUntil - now };
  return { locked: false };
}

/** A failure at `now` counted into `entry`: the entry to keep, the delay before answering, the state after it. */
export function withFailure(
  entry: ThrottleEntry | undefined,
  now: number,
  policy: ThrottlePolicy,
): { entry: ThrottleEntry; result: { delayMs: number } & ThrottleState } {
  const next: ThrottleEntry = {
    failures: [...(entry?.failures ?? []).filter((t) => t > now - policy.windowMs), now],
    lockedUntil: entry?.lockedUntil ?? 0,
  };
  if (next.failures.length >= policy.maxFailures) {
    next.lockedUntil = now + policy.lockoutMs;
    next.failures = [];
  }
  const state = entryState(next, now);
  const delayMs = Math.min(policy.maxDelayMs, Math.max(1, next.failures.length) * policy.delayStepMs);
  return { entry: next, result: { delayMs: state.locked ? policy.maxDelayMs : delayMs, ...state } };
}

type MaybePromise<T> = T | Promise<T>;

/** What the sign-in paths use: in memory, or shared through PostgreSQL. */
export interface Throttle {
  /** Whether attempts for this key are refused now, and for how long. */
  check(key: string): MaybePromise<ThrottleState>;
  /** Counts a failure: how long to wait before answering it, and whether it locked the key. */
  recordFailure(key: string): MaybePromise<{ delayMs: number } & ThrottleState>;
  /** A successful sign-in (not while locked): the count starts again. */
  recordSuccess(key: string): MaybePromise<void>;
}

export class SignInThrottle implements Throttle {
  private readonly entries = new Map<string, ThrottleEntry>();

  constructor(
    readonly policy: ThrottlePolicy = DEFAULT_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether attempts for this key are refused now, and for how long. */
  check(key: string): ThrottleState {
    return entryState(this.entries.get(key), this.now());
  }

  /** Counts a failure: how long to wait before answering it, and whether it locked the key. */
  recordFailure(key: string): { delayMs: number } & ThrottleState {
    const { entry, result } = withFailure(this.entries.get(key), this.now(), this.policy);
    this.entries.delete(key); // re-inserted last: the map's order is least recently failed first
    this.entries.set(key, entry);
    while (this.entries.size > this.policy.maxKeys) this.entries.delete(this.entries.keys().next().value!);
    return result;
  }

  /** A successful sign-in (not while locked): the count starts again. */
  recordSuccess(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.lockedUntil <= this.now()) this.entries.delete(key);
  }
}

/** The account + address a count belongs to; the username is hashed (bounded size, not kept in clear). */
export function throttleKey(username: string, address: string): string {
  return `${createHash("sha256").update(username).digest("base64url").slice(0, 22)}|${address}`;
}

/**
 * The client's address. Next gives route handlers and server actions no socket address: only X-Forwarded-For,
 * which it fills from the socket when the client sent none — so a direct client can forge it. It is used only
 * when TRUSTED_PROXY says a reverse proxy in front of the app sets it; then the last entry (the one that proxy
 * appended) is the client. Otherwise every address shares one count per account.
 */
export function clientAddress(headers: Headers, trustProxy: boolean): string {
  if (!trustProxy) return "any";
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || "any";
}

export function trustProxyFrom(env: Record<string, string | undefined>): boolean {
  return ["1", "true", "yes"].includes((env.TRUSTED_PROXY ?? "").toLowerCase());
}

/** Minutes to show in "Try again in N minutes" (rounded up, at least 1). */
export function retryMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}

export function lockedMessage(retryAfterMs: number): string {
  const n = retryMinutes(retryAfterMs);
  return `Too many failed sign-ins. Try again in ${n} minute${n === 1 ? "" : "s"}.`;
}
