import { z } from "zod";
import { HttpUrl, Privacy } from "./common";
import { UpdateChatBody } from "./chats";
import { CreateWebhookBody, UpdateWebhookBody, WebhookEvent } from "./webhooks";

/**
 * The v1 document's operations that the spec leaves to it (chat update/delete/init, v1 hooks, project assignment,
 * the account's plan, billing, scopes and rate limits, the reports), in the document's shapes.
 */

/** PATCH /v1/chats/{chatId}: the document's `name` is the chat's title; metadata merges (null deletes a key). */
export const UpdateChatBodyV1 = z.strictObject({
  name: UpdateChatBody.shape.title,
  privacy: Privacy.optional(),
  metadata: UpdateChatBody.shape.metadata,
});
export type UpdateChatBodyV1 = z.infer<typeof UpdateChatBodyV1>;
export const ChatDeletedV1 = z.object({ id: z.string(), object: z.literal("chat"), deleted: z.literal(true) });
export type ChatDeletedV1 = z.infer<typeof ChatDeletedV1>;

/** POST /v1/chats/init: a chat from files (inline `content`), a zip or a repository, without a message. */
const InitCommon = {
  name: z.string().trim().min(1).max(200).optional(),
  chatPrivacy: Privacy.optional(),
  projectId: z.string().min(1).optional(),
  metadata: z
    .record(z.string().min(1).max(40), z.string().max(500))
    .refine((m) => Object.keys(m).length <= 50, "at most 50 entries")
    .optional(),
};
const InitFile = z.union([
  z.strictObject({ name: z.string().min(1), content: z.string(), locked: z.boolean().optional() }),
  z.strictObject({ name: z.string().min(1), url: HttpUrl, locked: z.boolean().optional() }),
]);
export const InitChatBodyV1 = z.discriminatedUnion("type", [
  z.strictObject({ ...InitCommon, type: z.literal("files"), files: z.array(InitFile).min(1).max(1000) }),
  z.strictObject({
    ...InitCommon,
    type: z.literal("repo"),
    repo: z.strictObject({ url: HttpUrl, branch: z.string().min(1).max(250).optional() }),
    lockAllFiles: z.boolean().optional(),
  }),
  z.strictObject({
    ...InitCommon,
    type: z.literal("zip"),
    zip: z.strictObject({ url: HttpUrl }),
    lockAllFiles: z.boolean().optional(),
  }),
  z.strictObject({
    ...InitCommon,
    type: z.literal("registry"),
    registry: z.strictObject({ url: HttpUrl }),
    lockAllFiles: z.boolean().optional(),
  }),
  z.strictObject({ ...InitCommon, type: z.literal("template"), templateId: z.string().min(1) }),
]);
export type InitChatBodyV1 = z.infer<typeof InitChatBodyV1>;

/** POST /v1/chats/{chatId}/messages/{messageId}/stop */
export const StoppedV1 = z.object({ success: z.literal(true) });
export type StoppedV1 = z.infer<typeof StoppedV1>;

/** v1 hooks: the v2 webhooks in the document's v1 shapes (HookDetail, HookSummary). */
export const HookV1 = z.object({
  id: z.string(),
  object: z.literal("hook"),
  name: z.string(),
  events: z.array(WebhookEvent),
  chatId: z.string().optional(),
  url: z.string(),
  /** Extension of the embedded service: the signing secret, in the answer to the create only (shown once). */
  secret: z.string().optional(),
});
export type HookV1 = z.infer<typeof HookV1>;
export const HookListV1 = z.object({
  object: z.literal("list"),
  data: z.array(z.object({ id: z.string(), object: z.literal("hook"), name: z.string() })),
});
export type HookListV1 = z.infer<typeof HookListV1>;
export const HookDeletedV1 = z.object({ id: z.string(), object: z.literal("hook"), deleted: z.literal(true) });
export type HookDeletedV1 = z.infer<typeof HookDeletedV1>;
export const CreateHookBodyV1 = CreateWebhookBody.extend({ chatId: z.string().min(1).optional() });
export const UpdateHookBodyV1 = UpdateWebhookBody;

/**
 * PATCH /v1/projects/{projectId}: any of the fields; the document's `instructions` is the project's description
 * (both given and different → 422). `privacy` "private" is what every project of the one-user service is.
 */
export const PatchProjectBodyV1 = z
  .strictObject({
    name: z.string().trim().min(1, "must not be empty").max(100).optional(),
    description: z.string().trim().max(1000).optional(),
    instructions: z.string().trim().max(1000).optional(),
    chatIds: z.array(z.string().min(1)).max(1000).optional(),
    privacy: z.literal("private", { error: 'privacy: the embedded service has one user; only "private"' }).optional(),
  })
  .refine((b) => b.description === undefined || b.instructions === undefined || b.description === b.instructions, {
    path: ["instructions"],
    message: "description and instructions differ; send one",
  });
export type PatchProjectBodyV1 = z.infer<typeof PatchProjectBodyV1>;
export const AssignProjectBodyV1 = z.strictObject({ chatId: z.string().min(1) });
export const ProjectAssignedV1 = z.object({ object: z.literal("project"), id: z.string(), assigned: z.literal(true) });
export type ProjectAssignedV1 = z.infer<typeof ProjectAssignedV1>;

/** GET /v1/rate-limits: the daily message quota (interface.md Part 8) as the document's rate limit. */
export const RateLimitsV1 = z.object({
  limit: z.number(),
  remaining: z.number().optional(),
  reset: z.number().optional(),
  dailyLimit: z
    .object({ limit: z.number(), remaining: z.number(), reset: z.number(), isWithinGracePeriod: z.boolean() })
    .optional(),
});
export type RateLimitsV1 = z.infer<typeof RateLimitsV1>;

const BillingCycle = z.object({ start: z.number(), end: z.number() });
const Balance = z.object({ remaining: z.number(), total: z.number() });
export const PlanV1 = z.object({
  object: z.literal("plan"),
  plan: z.string(),
  billingCycle: BillingCycle,
  balance: Balance,
});
export type PlanV1 = z.infer<typeof PlanV1>;
export const BillingV1 = z.object({
  billingType: z.literal("token"),
  data: z.object({
    plan: z.string(),
    role: z.string(),
    billingCycle: BillingCycle,
    balance: Balance,
    onDemand: z.object({ balance: z.number() }),
  }),
});
export type BillingV1 = z.infer<typeof BillingV1>;
export const ScopesV1 = z.object({
  object: z.literal("list"),
  data: z.array(z.object({ id: z.string(), object: z.literal("scope"), name: z.string().optional() })),
});
export type ScopesV1 = z.infer<typeof ScopesV1>;

/** GET /v1/reports/usage: the usage events (one per answered message) in the document's v1 shape. */
export const UsageReportV1 = z.object({
  object: z.literal("list"),
  data: z.array(
    z.object({
      id: z.string(),
      object: z.literal("usage_event"),
      type: z.literal("message"),
      promptCost: z.string(),
      completionCost: z.string(),
      totalCost: z.string(),
      chatId: z.string(),
      messageId: z.string(),
      userId: z.string(),
      createdAt: z.string(),
    }),
  ),
  pagination: z.object({ hasMore: z.boolean(), nextCursor: z.string().optional() }),
  meta: z.object({ totalCount: z.number() }),
});
export type UsageReportV1 = z.infer<typeof UsageReportV1>;
/** GET /v1/reports/usage/ai: token counts per answered message. */
export const AiUsageReportV1 = z.object({
  object: z.literal("list"),
  data: z.array(
    z.object({
      eventId: z.string(),
      modelId: z.string(),
      inputTokens: z.number(),
      outputTokens: z.number(),
      totalTokens: z.number(),
      cacheCreationInputTokens: z.number(),
      cacheReadInputTokens: z.number(),
      timestamp: z.string(),
      requestId: z.string(),
      useCase: z.string(),
      chatId: z.string(),
      messageId: z.string(),
      userId: z.string(),
      userEmail: z.string(),
    }),
  ),
  pagination: z.object({ nextCursor: z.string().nullable() }),
  dateRange: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
});
export type AiUsageReportV1 = z.infer<typeof AiUsageReportV1>;

/** User (2.8). */
export const UserV1 = z.object({
  id: z.string(),
  object: z.literal("user"),
  name: z.string().optional(),
  email: z.string(),
  avatar: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type UserV1 = z.infer<typeof UserV1>;

/** GET /v1/reports/user-activity: the one user's activity over the range. */
export const UserActivityReportV1 = z.object({
  object: z.literal("list"),
  data: z.array(
    z.object({
      id: z.string(),
      object: z.literal("user_activity"),
      user: UserV1.extend({ teamV0Role: z.string().nullable() }),
      chatCount: z.number(),
      messageCount: z.number(),
      activeDays: z.number(),
      firstActivity: z.string().nullable(),
      lastActivity: z.string().nullable(),
    }),
  ),
  meta: z.object({
    totalCount: z.number(),
    dateRange: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  }),
});
export type UserActivityReportV1 = z.infer<typeof UserActivityReportV1>;
