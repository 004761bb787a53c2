import { z } from "zod";
import { DateTime } from "./common";

/**
 * Daily quotas (interface.md Part 8), reported by `GET /v2/quotas` (the embedded service's extension; docs/
 * wire-decisions.md 12). Each counts one UTC day: API requests, chat messages sent, bytes of files uploaded, and
 * deployments created (POST /v1/deployments).
 */
export const QUOTA_NAMES = ["api_requests", "chat_messages", "file_uploads_bytes", "deployments"] as const;
export const QuotaName = z.enum(QUOTA_NAMES);
export type QuotaName = z.infer<typeof QuotaName>;

/** The spec's table (interface.md Part 8): 10,000 requests, 1,000 messages, 1 GB of uploads, 100 deployments a day. */
export const SPEC_DAILY_QUOTAS: Readonly<Record<QuotaName, number>> = {
  api_requests: 10_000,
  chat_messages: 1_000,
  file_uploads_bytes: 1024 ** 3,
  deployments: 100,
};

/** Limits per quota; a quota absent is off (not counted, never refused). */
export type QuotaLimits = Partial<Record<QuotaName, number>>;

export const Quota = z.object({
  name: QuotaName,
  /** The daily limit; null when this quota is off. */
  limit: z.number().int().nonnegative().nullable(),
  /** Used today (UTC); 0 for a quota that is off (it is not counted). */
  used: z.number().int().nonnegative(),
  /** When today's count starts again: the next UTC midnight (ISO 8601). */
  resetsAt: DateTime,
});
export type Quota = z.infer<typeof Quota>;

/** GET /v2/quotas */
export const QuotaList = z.object({ quotas: z.array(Quota) });
export type QuotaList = z.infer<typeof QuotaList>;
