import "server-only";
import type { ResponseMode } from "@/lib/api";
import { json } from "../http/respond";
import { toMessageView } from "../messages/views";
import { toMessageV1 } from "../chats/views-v1";
import type { Handler, HandlerTablePart } from "../http/context";
import { respondInMode } from "../messages/modes";

/**
 * POST /v2/chats/{chatId}/messages/resolve[/stream|/async] (interface.md 4.5): answers the request the chat's latest
 * assistant message waits on; a new assistant message continues the work. Sync answers with that new message
 * once finished, async with 202 `{chatId, messageId}`, stream with the 6.2 events of the new message.
 */
const resolveTask =
  (mode: ResponseMode): Handler<"v2.messages.resolve" | "v2.messages.resolve.stream" | "v2.messages.resolve.async"> =>
  async ({ db, turns, params, body, caller }) => {
    const turn = await turns.beginResolve(params.chatId, body.task, caller.personId);
    return respondInMode(mode, turn, ({ message }) => toMessageView(db, message));
  };

/**
 * POST /v1/chats/{chatId}/tasks/resolve: the body is only `task` (no responseMode), so it is synchronous and
 * answers with the new assistant v1 Message once finished (it may itself wait again: finishReason "tool-calls").
 */
const resolveTaskV1: Handler<"v1.tasks.resolve"> = async ({ turns, params, body, publicBaseUrl, caller }) => {
  const turn = await turns.beginResolve(params.chatId, body.task, caller.personId);
  const { message } = await turn.start().done;
  return json(toMessageV1(message, publicBaseUrl));
};

/** The routes of lib/api/routes.ts this file answers. */
export const resolveHandlers = {
  "v2.messages.resolve": resolveTask("sync"),
  "v2.messages.resolve.stream": resolveTask("stream"),
  "v2.messages.resolve.async": resolveTask("async"),
  "v1.tasks.resolve": resolveTaskV1,
} satisfies HandlerTablePart;
