import { z } from "zod";
import { DateTime } from "./common";

/**
 * Usage reporting (the real service's document: GET /usage/summary, /usage/events, /usage/activity; the spec has
 * none). Shapes exactly as the document's UsageSummary, UsageEventList and UsageActivity. The objects are not
 * strict so a deployment adding a field does not break the dashboard; the contract test checks the embedded
 * service against the document's JSON Schema (no extra fields).
 */

const count = z.number().int().min(0);

/** The `[start, end)` a usage answer covers (ISO 8601, UTC). */
export const UsageRange = z.object({ start: DateTime, end: DateTime });
export type UsageRange = z.infer<typeof UsageRange>;

/** The billing scope the answer covers (the embedded service: the one user, personal). */
export const UsageScope = z.object({
  id: z.string(),
  type: z.enum(["team", "personal"]),
  isTeamWide: z.boolean(),
  userId: z.string().optional(),
});
export type UsageScope = z.infer<typeof UsageScope>;

/** Credits by source: included plan credits, on-demand credits, and their total. */
const UsageCredits = z.object({ plan: z.number(), onDemand: z.number(), total: z.number() });

/** GET /v2/usage/summary: credits over the range and per UTC day (chronological). */
export const UsageSummary = z.object({
  object: z.literal("usage_summary"),
  range: UsageRange,
  scope: UsageScope,
  credits: UsageCredits,
  daily: z.array(z.object({ date: z.string(), credits: UsageCredits })),
  dataAsOf: DateTime.optional(),
});
export type UsageSummary = z.infer<typeof UsageSummary>;

const Amounts = { input: z.number(), output: z.number(), cacheRead: z.number(), cacheWrite: z.number() };

/** One charge: the credits and (when known) tokens of one assistant message. */
export const UsageEvent = z.object({
  id: z.string(),
  object: z.literal("usage_event"),
  type: z.string(),
  createdAt: DateTime,
  userId: z.string().optional(),
  chatId: z.string().optional(),
  messageId: z.string().optional(),
  model: z.string().optional(),
  sources: z.array(z.enum(["plan", "on-demand"])),
  waived: z.boolean(),
  tokens: z.object({ ...Amounts, total: z.number() }).nullable(),
  creditsCost: z.object({ ...Amounts, total: z.number(), charged: z.number() }),
});
export type UsageEvent = z.infer<typeof UsageEvent>;

/** GET /v2/usage/events: newest first; the cursor keeps the range and filters of the first page. */
export const UsageEventList = z.object({
  object: z.literal("list"),
  range: UsageRange,
  scope: UsageScope,
  data: z.array(UsageEvent),
  pagination: z.object({ hasMore: z.boolean(), cursor: z.string().nullable() }),
});
export type UsageEventList = z.infer<typeof UsageEventList>;

const activityCounts = { messageCount: count, activeDays: count, firstActivity: DateTime, lastActivity: DateTime };

/** Activity of one hosting project, or of the chats without one (`drafts`). */
const UsageActivityProject = z.object({
  kind: z.enum(["project", "drafts", "unavailable"]),
  vercelProjectId: z.string().nullable(),
  name: z.string(),
  chatCount: count,
  ...activityCounts,
});

/** Activity of one chat. */
const UsageActivityChat = z.object({
  kind: z.enum(["chat", "unavailable"]),
  chatId: z.string(),
  title: z.string(),
  vercelProjectId: z.string().nullable(),
  projectName: z.string().nullable(),
  ...activityCounts,
});

/** GET /v2/usage/activity: assistant messages, chats, active days and users over the range. */
export const UsageActivity = z.object({
  object: z.literal("usage_activity"),
  range: UsageRange,
  scope: UsageScope,
  summary: z.object({ activeUsers: count, activeDays: count, chatCount: count, messageCount: count }),
  projects: z.array(UsageActivityProject),
  chats: z.array(UsageActivityChat),
});
export type UsageActivity = z.infer<typeof UsageActivity>;

/** The query of the three usage operations (events adds its filters and paging). */
export interface UsageQuery {
  /** Inclusive ISO 8601 start (the service's default: seven days ago). */
  start?: string;
  /** Exclusive ISO 8601 end (default: now). */
  end?: string;
  userId?: string;
}

export interface UsageEventsQuery extends UsageQuery {
  chatId?: string;
  messageId?: string;
  /** 1–100, default 50. */
  limit?: number;
  /** From the previous page; it keeps that page's range and filters. */
  cursor?: string | null;
}
