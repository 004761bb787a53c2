import { ReadError, isObj, str } from "./values";

/**
 * List envelopes as deployments send them: `{items}`, `{chats}` / `{messages}`, v1's `{data}`, or a bare array;
 * the cursor, when there is one, in `cursor`. Items are read one by one: one that cannot be read is reported in
 * `unreadable` (with its id when it has one) and the rest of the list stands.
 */

export interface UnreadableItem {
  /** Position in the answer. */
  index: number;
  id?: string;
  reason: string;
}

export interface ReadList<T> {
  items: T[];
  cursor: string | null;
  unreadable: UnreadableItem[];
}

const KEYS = ["items", "chats", "messages", "data", "hooks", "webhooks", "mcpServers", "servers"] as const;

/** The items and cursor of a list answer, whatever its envelope; ReadError when there is no list in it. */
function listItems(raw: unknown): { items: unknown[]; cursor: string | null } {
  if (Array.isArray(raw)) return { items: raw, cursor: null };
  if (isObj(raw)) {
    const cursor = str(raw.cursor) ?? str(raw.nextCursor) ?? null;
    for (const key of KEYS) if (Array.isArray(raw[key])) return { items: raw[key] as unknown[], cursor };
  }
  throw new ReadError("the answer holds no list (expected an array, or items / chats / messages / data)");
}

/** Reads every item with `read`; the ones it throws on are reported, not fatal. */
export function readList<T>(raw: unknown, read: (item: unknown, index: number) => T): ReadList<T> {
  const { items, cursor } = listItems(raw);
  const out: T[] = [];
  const unreadable: UnreadableItem[] = [];
  items.forEach((item, index) => {
    try {
      out.push(read(item, index));
    } catch (error) {
      const id = isObj(item) ? str(item.id) : undefined;
      unreadable.push({ index, ...(id ? { id } : {}), reason: error instanceof Error ? error.message : String(error) });
    }
  });
  return { items: out, cursor, unreadable };
}
