import "server-only";
import { HttpError } from "../errors";

interface PageQuery {
  limit: number;
  /** Continue with rows whose sequence number is below this. */
  beforeSeq?: number;
}

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/** `?limit=1..100` (default 20) and an opaque `?cursor=` from a previous page (wire-decisions.md 3); bad values → 422. */
export function readPageQuery(url: URL, kind: string): PageQuery {
  const rawLimit = url.searchParams.get("limit");
  let limit = DEFAULT_LIMIT;
  if (rawLimit !== null && rawLimit !== "") {
    limit = Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      throw new HttpError(422, `limit: must be an integer from 1 to ${MAX_LIMIT}`, "validation_failed");
    }
  }
  const cursor = url.searchParams.get("cursor");
  if (cursor === null || cursor === "") return { limit };
  return { limit, beforeSeq: decodeCursor(cursor, kind) };
}

/**
 * One page from `limit + 1` fetched rows: the first `limit` rows, and the cursor of the next page
 * (null when the extra row is absent, so the last page never points at an empty one).
 */
export function toPage<T extends { seq: number }>(
  rows: T[],
  limit: number,
  kind: string,
): { items: T[]; cursor: string | null } {
  const items = rows.slice(0, limit);
  const cursor = rows.length > limit ? encodeCursor(items[items.length - 1]!.seq, kind) : null;
  return { items, cursor };
}

function encodeCursor(seq: number, kind: string): string {
  return Buffer.from(`${kind}:${seq}`).toString("base64url");
}

function decodeCursor(cursor: string, kind: string): number {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^([a-z]+):(\d{1,15})$/.exec(text);
  if (!match || match[1] !== kind) throw new HttpError(422, "cursor: not a cursor of this list", "validation_failed");
  return Number(match[2]);
}
