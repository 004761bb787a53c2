import "server-only";
import type { WebhookEvent } from "@/lib/api";

/** Whether a webhook receives an event: it subscribed to the type, and a chat-scoped one only its chat's events. */
export function webhookWants(
  hook: { events: readonly WebhookEvent[]; chatId: string | null; disabledAt: Date | null },
  event: { type: WebhookEvent; chatId: string },
): boolean {
  if (hook.disabledAt) return false;
  if (!hook.events.includes(event.type)) return false;
  return hook.chatId === null || hook.chatId === event.chatId;
}
