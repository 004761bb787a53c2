import "server-only";
import { createHash } from "node:crypto";

/**
 * Sign-in throttling (issue 17): failures are counted per account + client address. Each failure is answered after
 * a growing delay; the `maxFailures`-th failure within `windowMs` locks that account + address for `lockoutMs`,
 * during which every attempt is refused, even with the right password. A success before the lock resets the count.
 * State is in memory (one process), bounded in size; the clock is injectable for tests.
 */
interface ThrottlePolicy {
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

type ThrottleState = { locked: false } | { locked: true; retryAfterMs: number };

interface Entry {
  failures: number[];
  lockedUntil: number;
}

export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly policy: ThrottlePolicy = DEFAULT_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether attempts for this key are refused now, and for how long. */
  check(key: string): ThrottleState {
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && entry.lockedUntil > now) return { locked: true, retryAfterMs: entry.lockedUntil - now };
    return { locked: false };
  }

  /** Counts a failure: how long to wait before answering it, and whether it locked the key. */
  recordFailure(key: string): { delayMs: number } & ThrottleState {
    const now = this.now();
    const entry = this.entries.get(key) ?? { failures: [], lockedUntil: 0 };
    this.entries.delete(key); // re-inserted last: the map's order is least recently failed first
    entry.failures = entry.failures.filter((t) => t > now - this.policy.windowMs);
    entry.failures.push(now);
    if (entry.failures.length >= this.policy.maxFailures) {
      entry.lockedUntil = now + this.policy.lockoutMs;
      entry.failures = [];
    }
    this.entries.set(key, entry);
    while (this.entries.size > this.policy.maxKeys) this.entries.delete(this.entries.keys().next().value!);
    const delayMs = Math.min(this.policy.maxDelayMs, Math.max(1, entry.failures.length) * this.policy.delayStepMs);
    const state = this.check(key);
    return { delayMs: state.locked ? this.policy.maxDelayMs : delayMs, ...state };
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

const KEY = Symbol.for("atelier.signInThrottle");
type Holder = { [KEY]?: SignInThrottle };

/** The process-wide throttle. */
export function signInThrottle(): SignInThrottle {
  const g = globalThis as Holder;
  return (g[KEY] ??= new SignInThrottle());
}
