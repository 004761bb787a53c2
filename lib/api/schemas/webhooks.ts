import { z } from "zod";
import { DateTime, HttpUrl } from "./common";
import { Chat } from "./chats";
import { Message } from "./messages";

// ---------- webhooks (2.10, wire-decisions.md 8) ----------

export const WebhookEvent = z.enum([
  "chat.created",
  "chat.updated",
  "chat.deleted",
  "message.created",
  "message.updated",
  "message.deleted",
  "message.finished",
]);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export const Webhook = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  events: z.array(WebhookEvent),
  url: z.string(),
  chatId: z.string().nullable(),
  /**
   * Extension of the embedded service: no deliveries are attempted (the target answered 410 Gone, or 5 days of
   * nothing but failures); PATCH `{disabled: false}` (or a new `url`) enables it again.
   */
  disabled: z.boolean().optional(),
  /** Extension: why it was disabled, in words. */
  disabledReason: z.string().optional(),
});
export type Webhook = z.infer<typeof Webhook>;
export const WebhookCreated = Webhook.extend({ secret: z.string().startsWith("whsec_") });
export type WebhookCreated = z.infer<typeof WebhookCreated>;
export const WebhookList = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
export type WebhookList = z.infer<typeof WebhookList>;
export const WebhookDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type WebhookDeleted = z.infer<typeof WebhookDeleted>;

export const CreateWebhookBody = z.object({
  name: z.string().min(1).max(200),
  events: z.array(WebhookEvent).min(1, "events must list at least one event"),
  url: HttpUrl,
  chatId: z.string().nullable().optional(),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;
export const UpdateWebhookBody = z.object({
  name: z.string().min(1).max(200).optional(),
  events: z.array(WebhookEvent).min(1, "events must list at least one event").optional(),
  url: HttpUrl.optional(),
  /** Extension: `false` enables a disabled webhook again, `true` pauses it. */
  disabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

/** The body of a delivery (wire-decisions.md 8): chat events carry `chat`, message events `messageId` and `message`. */
export const WebhookPayload = z.object({
  type: WebhookEvent,
  timestamp: DateTime,
  data: z.object({
    chatId: z.string(),
    messageId: z.string().optional(),
    chat: Chat.optional(),
    message: Message.optional(),
  }),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** One HTTP attempt of a delivery (extension: the deliveries listing of the embedded service). */
export const WebhookAttempt = z.object({
  number: z.number().int().positive(),
  /** What made the attempt: the retry schedule, a resend, a test event (its first attempt) or a replay. */
  trigger: z.enum(["schedule", "resend", "test", "replay"]),
  at: DateTime,
  durationMs: z.number().int().nonnegative(),
  /** Null when no response came (timeout, connection refused). */
  statusCode: z.number().int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  /** The start of the response body, at most 1 KB. */
  responseExcerpt: z.string(),
  /** When the next attempt was scheduled after this one; null when none was. */
  nextAttemptAt: DateTime.nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDeliveryStatus = z.enum(["pending", "succeeded", "failed"]);

/** One event for one webhook; `id` is the `webhook-id` header of every attempt. Attempts oldest first. */
export const WebhookDelivery = z.object({
  id: z.string(),
  hookId: z.string(),
  type: WebhookEvent,
  chatId: z.string(),
  messageId: z.string().nullable(),
  status: WebhookDeliveryStatus,
  /** `test`: sent by POST /v2/hooks/{hookId}/test with an example payload; absent: a real event. */
  trigger: z.enum(["event", "test"]).optional(),
  createdAt: DateTime,
  nextAttemptAt: DateTime.nullable(),
  attempts: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
/** The deliveries listing's filters (`?status=&type=`, extension). */
export const WebhookDeliveryFilter = z.object({
  status: WebhookDeliveryStatus.optional(),
  type: WebhookEvent.optional(),
});
export type WebhookDeliveryFilter = z.infer<typeof WebhookDeliveryFilter>;
/** GET /v2/hooks/{hookId}/deliveries?limit&cursor&status&type: newest first. */
export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery), cursor: z.string().nullable() });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

/** POST /v2/hooks/{hookId}/test (extension): the event whose example is sent now. */
export const TestWebhookBody = z.object({ event: WebhookEvent });
export type TestWebhookBody = z.infer<typeof TestWebhookBody>;
/**
 * POST /v2/hooks/{hookId}/deliveries/replay (extension): every delivery created at or after `since` whose last
 * attempt failed (`status: "failed"`, the default) or every one (`"all"`) is sent again.
 */
export const ReplayDeliveriesBody = z.object({
  since: DateTime,
  status: z.enum(["failed", "all"]).optional(),
});
export type ReplayDeliveriesBody = z.infer<typeof ReplayDeliveriesBody>;
export const ReplayDeliveriesResult = z.object({ replayed: z.number().int().nonnegative() });
export type ReplayDeliveriesResult = z.infer<typeof ReplayDeliveriesResult>;
/** POST /v2/hooks/{hookId}/rotate-secret (extension): the new `whsec_…` secret, shown this once. */
export const RotatedWebhookSecret = z.object({ secret: z.string().startsWith("whsec_") });
export type RotatedWebhookSecret = z.infer<typeof RotatedWebhookSecret>;
