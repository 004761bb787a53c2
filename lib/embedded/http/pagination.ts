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
  const limit = readLimit(url);
  const cursor = url.searchParams.get("cursor");
  if (cursor === null || cursor === "") return { limit };
  return { limit, beforeSeq: decodeCursor(cursor, kind) };
}

/** `?limit=1..100` (default `fallback`); bad values → 422. */
export function readLimit(url: URL, fallback = DEFAULT_LIMIT): number {
  const raw = url.searchParams.get("limit");
  if (raw === null || raw === "") return fallback;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new HttpError(422, `limit: must be an integer from 1 to ${MAX_LIMIT}`, "validation_failed");
  }
  return limit;
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

/** A page position plus the query it continues (string values only). */
interface QueryCursor {
  seq: number;
  query: Record<string, string>;
}

/**
 * A cursor that also carries the query of the first page, for lists whose later pages may leave the range and
 * filters out (the document's usage events: "It preserves the prior range and filters").
 */
export function encodeQueryCursor(kind: string, { seq, query }: QueryCursor): string {
  return Buffer.from(`${kind}:${seq}:${JSON.stringify(query)}`).toString("base64url");
}

export function decodeQueryCursor(cursor: string, kind: string): QueryCursor {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^([a-z]+):(\d{1,15}):(\{.*\})$/s.exec(text);
  const query = match && match[1] === kind ? parseStringMap(match[3]!) : null;
  if (!match || !query) throw new HttpError(422, "cursor: not a cursor of this list", "validation_failed");
  return { seq: Number(match[2]), query };
}

function parseStringMap(text: string): Record<string, string> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  return entries.every(([, v]) => typeof v === "string")
    ? (Object.fromEntries(entries) as Record<string, string>)
    : null;
}
