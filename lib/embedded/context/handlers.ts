import "server-only";
import { effectiveModel } from "../generation/usage";
import { HttpError } from "../errors";
import type { Handler, HandlerTablePart } from "../http/context";
import { requireChat } from "../chats/lookup";
import { json } from "../http/respond";
import { toMessageView } from "../messages/views";
import { chatContextView } from "./figures";

/**
 * POST /v2/chats/{chatId}/context {prompt?, modelId?} (our extension): how full the next answer's context would be
 * with this draft, as the agent reads it (its own figures); 404 when the agent does not report them.
 */
const chatContext: Handler<"v2.chats.context"> = async ({ db, agent, params, body }) => {
  const chat = await requireChat(db, params.chatId);
  if (!agent.context) throw new HttpError(404, "This service's agent does not report its context.", "not_found");
  const model = effectiveModel(body.modelId ?? chat.modelId);
  const figures = await agent.context({ db, chat, prompt: body.prompt ?? "", model });
  return json(chatContextView(chat.id, model, figures));
};

/**
 * POST /v2/chats/{chatId}/compact (our extension, "Compact now"): the agent summarises the messages since the last
 * summary now; answers the finished assistant message that carries the summary (its one part, "Earlier messages
 * summarised"). 409 while generating, while the chat waits on the user, or with nothing to summarise.
 */
const compact: Handler<"v2.chats.compact"> = async ({ db, turns, params, caller }) => {
  const turn = await turns.beginCompaction(params.chatId, caller.personId);
  const { message } = await turn.start().done;
  return json(await toMessageView(db, message));
};

export const contextHandlers = {
  "v2.chats.context": chatContext,
  "v2.chats.compact": compact,
} satisfies HandlerTablePart;
