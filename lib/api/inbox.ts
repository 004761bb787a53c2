import { z } from "zod";
import { DateTime } from "./schemas/common";

/**
 * The dashboard's own webhook inbox (not part of the service interface): JSON of the session-protected
 * routes under /api/inbox-admin that the inbox page uses. The receiver itself is POST /api/inbox/{inboxId}.
 */

/** An inbox as the UI sees it: never the secret, only whether one is attached. */
export const Inbox = z.object({
  id: z.string(),
  name: z.string(),
  /** Where a webhook delivers: `${APP_URL}/api/inbox/{id}`. */
  url: z.string(),
  webhookId: z.string().nullable(),
  hasSecret: z.boolean(),
  /** The service revealed no signing secret: deliveries are stored, marked unverified. */
  unsigned: z.boolean(),
  createdAt: DateTime,
});
export type Inbox = z.infer<typeof Inbox>;
export const InboxList = z.object({ inboxes: z.array(Inbox) });
export type InboxList = z.infer<typeof InboxList>;

/** One stored delivery. `deliveryId` is the `webhook-id` header (the service's delivery id). */
export const InboxDelivery = z.object({
  seq: z.number().int(),
  inboxId: z.string(),
  deliveryId: z.string(),
  type: z.string(),
  chatId: z.string().nullable(),
  payload: z.unknown(),
  verified: z.boolean(),
  receivedAt: DateTime,
});
export type InboxDelivery = z.infer<typeof InboxDelivery>;
/** Newest first. */
export const InboxDeliveryList = z.object({ deliveries: z.array(InboxDelivery) });
export type InboxDeliveryList = z.infer<typeof InboxDeliveryList>;

export const CreateInboxBody = z.object({ name: z.string().trim().min(1).max(200) });
export type CreateInboxBody = z.infer<typeof CreateInboxBody>;

/**
 * The secret shown once when the webhook was created, and (optionally) that webhook's id; or, from a service that
 * reveals no secret (the real service's document answers a webhook creation without one), `unsigned: true`.
 */
export const AttachInboxSecretBody = z.union([
  z.object({
    secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, "secret must be a whsec_… signing secret"),
    webhookId: z.string().min(1).max(200).optional(),
  }),
  z.object({ unsigned: z.literal(true), webhookId: z.string().min(1).max(200).optional() }),
]);
export type AttachInboxSecretBody = z.infer<typeof AttachInboxSecretBody>;
