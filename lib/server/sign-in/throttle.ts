import "server-only";
import { createHash } from "node:crypto";
import {
  ANY_ADDRESS,
  DEFAULT_POLICIES,
  entryState,
  policyFor,
  withAdmission,
  withFailure,
  type ThrottleEntry,
  type ThrottlePolicies,
  type ThrottleState,
} from "./policy";

/**
 * Sign-in throttling (against password guessing), per account + client address, or per account alone when the
 * address cannot be known (no TRUSTED_PROXY): policy.ts has the rules and the arithmetic. Here the entries are kept in
 * memory (one process), bounded in size; with DATABASE_URL they are kept in PostgreSQL, shared by every instance
 * (shared.ts). The clock is injectable for tests.
 */

type MaybePromise<T> = T | Promise<T>;

/** What the sign-in paths use: in memory, or shared through PostgreSQL. */
export interface Throttle {
  /** Whether an attempt for this key would be refused now, and for how long (nothing is taken). */
  check(key: string): MaybePromise<ThrottleState>;
  /**
   * An attempt for this key: refused now (locked, or its turn too far away), or resolved when its turn has come
   * (at once unless other attempts on the key go first). Call once per attempt, before checking the password.
   */
  admit(key: string): Promise<ThrottleState>;
  /** Counts a failure: how long to wait before answering it, and whether it locked the key. */
  recordFailure(key: string): MaybePromise<{ delayMs: number } & ThrottleState>;
  /** A successful sign-in (not while locked): the count starts again. */
  recordSuccess(key: string): MaybePromise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SignInThrottle implements Throttle {
  private readonly entries = new Map<string, ThrottleEntry>();

  constructor(
    readonly policies: ThrottlePolicies = DEFAULT_POLICIES,
    private readonly now: () => number = Date.now,
  ) {}

  check(key: string): ThrottleState {
    return entryState(this.entries.get(key), this.now(), policyFor(key, this.policies));
  }

  /** The attempt's turn, taken now: refused, or how long from now it comes (admit waits that long). */
  takeTurn(key: string): { waitMs: number } & ThrottleState {
    const { entry, result } = withAdmission(this.entries.get(key), this.now(), policyFor(key, this.policies));
    this.keep(key, entry);
    return result;
  }

  async admit(key: string): Promise<ThrottleState> {
    const { waitMs, ...state } = this.takeTurn(key);
    if (waitMs > 0) await sleep(waitMs);
    return state;
  }

  recordFailure(key: string): { delayMs: number } & ThrottleState {
    const { entry, result } = withFailure(this.entries.get(key), this.now(), policyFor(key, this.policies));
    this.keep(key, entry);
    return result;
  }

  recordSuccess(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.lockedUntil <= this.now()) this.entries.delete(key);
  }

  /** Stores the entry last (the map's order is least recently used first), forgetting the oldest beyond maxKeys. */
  private keep(key: string, entry: ThrottleEntry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    const max = Math.max(this.policies.address.maxKeys, this.policies.anyAddress.maxKeys);
    while (this.entries.size > max) this.entries.delete(this.entries.keys().next().value!);
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
 * appended) is the client. Otherwise every address shares one count per account ("any": slowed, never locked).
 */
export function clientAddress(headers: Headers, trustProxy: boolean): string {
  if (!trustProxy) return ANY_ADDRESS;
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || ANY_ADDRESS;
}

export function trustProxyFrom(env: Record<string, string | undefined>): boolean {
  return ["1", "true", "yes"].includes((env.TRUSTED_PROXY ?? "").toLowerCase());
}

/** Minutes to show in "Try again in N minutes" (rounded up, at least 1). */
export function retryMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}

/** "Try again in N minutes", or in seconds under a minute (a turn further away than the policy waits). */
export function lockedMessage(retryAfterMs: number): string {
  if (retryAfterMs < 60_000) {
    const s = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return `Too many failed sign-ins. Try again in ${s} second${s === 1 ? "" : "s"}.`;
  }
  const n = retryMinutes(retryAfterMs);
  return `Too many failed sign-ins. Try again in ${n} minute${n === 1 ? "" : "s"}.`;
}
