import type { z } from "zod";
import { describeZodError } from "../error-body";
import { UsageActivity, UsageEvent, UsageEventList, UsageSummary } from "../schemas/usage";
import type { UnreadableItem } from "./lists";
import { ReadError, isObj, str } from "./values";

/**
 * The usage answers, read so that one odd item does not break the page: the envelopes must have the document's
 * shape (else ReadError → 502 `invalid_response`), events are read one by one and the unreadable ones reported.
 */

function parse<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ReadError(`${what}: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

export const readUsageSummary = (raw: unknown): UsageSummary => parse(UsageSummary, raw, "usage summary");

export const readUsageActivity = (raw: unknown): UsageActivity => parse(UsageActivity, raw, "usage activity");

export type UsageEventPage = UsageEventList & { unreadable: UnreadableItem[] };

const Envelope = UsageEventList.omit({ data: true });

export function readUsageEventList(raw: unknown): UsageEventPage {
  const envelope = parse(Envelope, raw, "usage events");
  const items = isObj(raw) && Array.isArray(raw.data) ? (raw.data as unknown[]) : null;
  if (!items) throw new ReadError("usage events: data is missing or not a list");
  const data: UsageEvent[] = [];
  const unreadable: UnreadableItem[] = [];
  items.forEach((item, index) => {
    const parsed = UsageEvent.safeParse(item);
    if (parsed.success) data.push(parsed.data);
    else {
      const id = isObj(item) ? str(item.id) : undefined;
      unreadable.push({ index, ...(id ? { id } : {}), reason: describeZodError(parsed.error) });
    }
  });
  return { ...envelope, data, unreadable };
}
