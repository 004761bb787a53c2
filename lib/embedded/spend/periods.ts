import "server-only";
import type { BudgetPeriod } from "./schema";

/** A budget's period around `at`: the UTC day, or the UTC calendar month, as `[start, end)`. */
export function periodOf(period: BudgetPeriod, at: Date): { start: Date; end: Date } {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  if (period === "month") return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
  const d = at.getUTCDate();
  return { start: new Date(Date.UTC(y, m, d)), end: new Date(Date.UTC(y, m, d + 1)) };
}

/** Whole seconds from `at` until `end` (at least 1): a `Retry-After`. */
export function secondsUntil(end: Date, at: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - at.getTime()) / 1000));
}
