import { z } from "zod";
import { Usage } from "./common";
import { Chat } from "./chats";
import type { Message } from "./messages";

/** Stream events (6.2), discriminated by `object`. */
export const ChatEvent = Chat.extend({ object: z.literal("chat") });
const ChatTitleEvent = z.object({ object: z.literal("chat.title"), id: z.string(), delta: z.string() });
const PartsChunkEvent = z.object({
  object: z.literal("message.parts.chunk"),
  id: z.string(),
  delta: z.unknown(),
});
const UsageEvent = z.object({ object: z.literal("message.usage"), id: z.string(), usage: Usage });
const ErrorEvent = z.object({
  object: z.literal("error"),
  id: z.string(),
  message: z.string(),
  code: z.string().optional(),
});

export const StreamEvent = z.discriminatedUnion("object", [
  ChatEvent,
  ChatTitleEvent,
  PartsChunkEvent,
  UsageEvent,
  ErrorEvent,
]);
export type StreamEvent = z.infer<typeof StreamEvent>;
export type ChatEvent = z.infer<typeof ChatEvent>;

/**
 * The real service's document opens and closes send and resolve streams with `message` snapshots (the assistant
 * message) instead of `chat` events; the dashboard's reader accepts both (the embedded service sends the interface's).
 */
export type MessageEvent = Message & { object: "message" };
/** Every event the dashboard's stream reader hands on. */
export type ReadStreamEvent = StreamEvent | MessageEvent;
