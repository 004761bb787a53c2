import type { Webhook, WebhookEvent } from "../schemas";
import { ReadError, isObj, need, str } from "./values";

/** Webhooks as any deployment sends them; creation may come without a `secret` (the document's answer). */

export type WebhookRead = Webhook & { secret?: string };

export function readWebhookSummary(raw: unknown): { id: string; name: string } {
  if (!isObj(raw)) throw new ReadError("a webhook must be an object");
  return { id: need(str(raw.id), "id"), name: str(raw.name) ?? "" };
}

export function readWebhook(raw: unknown): WebhookRead {
  if (!isObj(raw)) throw new ReadError("a webhook must be an object");
  const events = Array.isArray(raw.events) ? raw.events.filter((e): e is WebhookEvent => typeof e === "string") : [];
  const secret = str(raw.secret);
  return {
    id: need(str(raw.id), "id"),
    createdAt: str(raw.createdAt) ?? "",
    name: str(raw.name) ?? "",
    events,
    url: str(raw.url) ?? "",
    chatId: str(raw.chatId) ?? null,
    ...(raw.disabled === true ? { disabled: true } : {}),
    ...(raw.disabled === true && str(raw.disabledReason) ? { disabledReason: str(raw.disabledReason) } : {}),
    ...(secret ? { secret } : {}),
  };
}
