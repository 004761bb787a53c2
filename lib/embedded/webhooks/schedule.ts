import "server-only";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** wire-decisions.md 8: retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts in all. */
export const DEFAULT_RETRY_SCHEDULE: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** Each delay is spread by up to ±10 % so retries of many deliveries do not arrive in lockstep. */
export const JITTER = 0.1;

/**
 * The delay before the attempt after attempt number `attempt` (1-based) failed, or null when the schedule
 * is exhausted. `random` in [0, 1) picks the jitter (0.5 = none).
 */
export function retryDelay(
  schedule: readonly number[],
  attempt: number,
  random: number = Math.random(),
): number | null {
  const base = schedule[attempt - 1];
  if (base === undefined || attempt < 1) return null;
  return Math.max(0, Math.round(base * (1 + (random * 2 - 1) * JITTER)));
}

/** How many attempts a delivery gets at most: the first plus one per delay. */
export const maxAttempts = (schedule: readonly number[]): number => schedule.length + 1;
