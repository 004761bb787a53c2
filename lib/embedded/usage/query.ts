import "server-only";
import type { UsageRange, UsageScope } from "@/lib/api";
import { EMBEDDED_AUTHOR_ID } from "../author";
import { HttpError } from "../errors";
import type { TimeRange } from "./store";

/** The query of the usage operations: `start`, `end` (ISO 8601) and `userId`. */

/** The document's default range: the seven days before `end`. */
const DEFAULT_DAYS = 7;
const DAY_MS = 86_400_000;

/** An ISO 8601 date-time with a zone (Z or ±hh:mm); seconds and fractions optional. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function readDate(name: string, value: string | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const at = ISO.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) {
    throw new HttpError(
      422,
      `${name}: must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z`,
      "validation_failed",
    );
  }
  return at;
}

/** The query parameters that bound a range (the v1 reports call them `startDate` and `endDate`). */
export interface RangeNames {
  start: string;
  end: string;
}

/** `[start, end)`: end defaults to now, start to seven days before end; start after end → 422. */
export function readRange(
  query: { get(name: string): string | null | undefined },
  now = new Date(),
  names: RangeNames = { start: "start", end: "end" },
): TimeRange {
  const end = readDate(names.end, query.get(names.end)) ?? now;
  const start = readDate(names.start, query.get(names.start)) ?? new Date(end.getTime() - DEFAULT_DAYS * DAY_MS);
  if (start.getTime() > end.getTime()) {
    throw new HttpError(422, `${names.start}: must not be after ${names.end}`, "validation_failed");
  }
  return { start, end };
}

export const rangeView = (range: TimeRange): UsageRange => ({
  start: range.start.toISOString(),
  end: range.end.toISOString(),
});

/** The embedded service's one user is its whole (personal) billing scope. */
export function scopeOf(userId: string | undefined): UsageScope {
  return { id: EMBEDDED_AUTHOR_ID, type: "personal", isTeamWide: false, ...(userId ? { userId } : {}) };
}

/** Whether a `userId` filter selects the service's user (another id has no usage). */
export const selectsOurUser = (userId: string | undefined): boolean => !userId || userId === EMBEDDED_AUTHOR_ID;
