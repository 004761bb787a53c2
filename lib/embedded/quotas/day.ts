import "server-only";

/** A quota's day: the UTC date, "YYYY-MM-DD". */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The next UTC midnight after `at`: when the day's quotas start again. */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/** Whole seconds from `at` until the next UTC midnight (at least 1): the `Retry-After` of a quota's 429. */
export function secondsUntilReset(at: Date): number {
  return Math.max(1, Math.ceil((nextUtcMidnight(at).getTime() - at.getTime()) / 1000));
}
