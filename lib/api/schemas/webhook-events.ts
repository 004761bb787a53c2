import { z } from "zod";
import { DateTime } from "./common";
import { Chat } from "./chats";
import { Message } from "./messages";
import { WebhookEvent } from "./webhooks";

/**
 * The seven webhook events (interface.md 6.1) as the embedded service sends them (wire-decisions.md 8): one zod schema
 * per event, which types the payload builder, generates the event catalog's JSON Schema and parses its example, so
 * the catalog cannot drift from what is delivered.
 */

const chatData = { chat: Chat };
const messageData = { messageId: z.string(), message: Message };

const payload = <const T extends WebhookEvent, const D extends z.ZodRawShape>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: DateTime, data: z.object({ chatId: z.string(), ...data }) });

export const WEBHOOK_EVENT_PAYLOADS = {
  "chat.created": payload("chat.created", chatData),
  "chat.updated": payload("chat.updated", chatData),
  "chat.deleted": payload("chat.deleted", chatData),
  "message.created": payload("message.created", messageData),
  "message.updated": payload("message.updated", messageData),
  "message.finished": payload("message.finished", messageData),
  "message.deleted": payload("message.deleted", messageData),
} as const satisfies Record<WebhookEvent, z.ZodType>;

/** The body of one delivery of the event `E`. */
export type WebhookEventPayload<E extends WebhookEvent = WebhookEvent> = z.infer<(typeof WEBHOOK_EVENT_PAYLOADS)[E]>;

/** What causes each event, in the order the catalog lists them. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Readonly<Record<WebhookEvent, string>> = {
  "chat.created": "A chat was created.",
  "chat.updated": "A chat got its title or was linked to a hosting project.",
  "chat.deleted": "A chat was deleted, with its messages and files.",
  "message.created": "A user message was stored, or the agent started an answer.",
  "message.updated": "An answer progressed: a part started or finished (frequent).",
  "message.finished": "An answer finished: done, failed, or waiting on you.",
  "message.deleted": "A message was deleted with its chat.",
};

/** One entry of GET /v2/hooks/event-types (extension): `schema` is a JSON Schema (draft 2020-12) of the payload. */
export const WebhookEventType = z.object({
  name: WebhookEvent,
  description: z.string(),
  schema: z.record(z.string(), z.unknown()),
  example: z.record(z.string(), z.unknown()),
});
export type WebhookEventType = z.infer<typeof WebhookEventType>;
export const WebhookEventTypeList = z.object({ items: z.array(WebhookEventType) });
export type WebhookEventTypeList = z.infer<typeof WebhookEventTypeList>;

// ---------- the examples (parsed by the event's schema when the catalog is built) ----------

const EXAMPLE_AT = "2026-01-15T09:30:00.000Z";
const EXAMPLE_CHAT_ID = "chat_example";
const EXAMPLE_MESSAGE_ID = "msg_example";

const exampleChat: Chat = {
  id: EXAMPLE_CHAT_ID,
  title: "A tiny guestbook page",
  privacy: "private",
  createdAt: EXAMPLE_AT,
  updatedAt: EXAMPLE_AT,
  authorId: "user_example",
  metadata: {},
  writePermission: true,
};

const exampleMessage: Message = {
  id: EXAMPLE_MESSAGE_ID,
  chatId: EXAMPLE_CHAT_ID,
  role: "assistant",
  createdAt: EXAMPLE_AT,
  updatedAt: EXAMPLE_AT,
  content: "I built a guestbook page: a form and the list of entries.",
  parts: [{ type: "text", text: "I built a guestbook page: a form and the list of entries." }],
  finishReason: "stop",
  restorable: true,
  authorId: null,
};

/** An example body of `event`, sent at `at` (the test events of POST /v2/hooks/{hookId}/test carry the time sent). */
export function webhookEventExample<E extends WebhookEvent>(event: E, at: string = EXAMPLE_AT): WebhookEventPayload<E> {
  const data = event.startsWith("chat.")
    ? { chatId: EXAMPLE_CHAT_ID, chat: exampleChat }
    : { chatId: EXAMPLE_CHAT_ID, messageId: EXAMPLE_MESSAGE_ID, message: exampleMessage };
  return WEBHOOK_EVENT_PAYLOADS[event].parse({ type: event, timestamp: at, data }) as WebhookEventPayload<E>;
}

/** The catalog: each event's description, JSON Schema (generated from its zod schema) and example. */
export function webhookEventCatalog(): WebhookEventTypeList {
  return {
    items: WebhookEvent.options.map((name) => ({
      name,
      description: WEBHOOK_EVENT_DESCRIPTIONS[name],
      schema: z.toJSONSchema(WEBHOOK_EVENT_PAYLOADS[name], { unrepresentable: "any", io: "output" }) as Record<
        string,
        unknown
      >,
      example: webhookEventExample(name),
    })),
  };
}
