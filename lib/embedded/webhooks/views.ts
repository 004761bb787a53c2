import "server-only";
import type { Webhook, WebhookAttempt, WebhookDelivery } from "@/lib/api";
import type { AttemptRow, DeliveryRow, WebhookRow } from "../store/schema";

/** The Webhook of 2.10 (never the secret); `disabled` and its reason only while no deliveries are attempted. */
export function toWebhook(row: WebhookRow): Webhook {
  const hook: Webhook = {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    name: row.name,
    events: row.events,
    url: row.url,
    chatId: row.chatId,
  };
  if (row.disabledAt) {
    hook.disabled = true;
    if (row.disabledReason) hook.disabledReason = row.disabledReason;
  }
  return hook;
}

function toAttempt(row: AttemptRow): WebhookAttempt {
  return {
    number: row.number,
    trigger: row.trigger,
    at: row.at.toISOString(),
    durationMs: row.durationMs,
    statusCode: row.statusCode,
    ok: row.ok,
    error: row.error,
    responseExcerpt: row.responseExcerpt,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

export function toDelivery(row: DeliveryRow, attempts: readonly AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    hookId: row.webhookId,
    type: row.type,
    chatId: row.chatId,
    messageId: row.messageId,
    status: row.status,
    ...(row.trigger === "test" ? { trigger: "test" as const } : {}),
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    attempts: attempts.filter((a) => a.deliveryId === row.id).map(toAttempt),
  };
}
