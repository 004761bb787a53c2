import "server-only";
import type { MessageList, MessageRef, ResponseMode } from "@/lib/api";
import type { MessageListV1, StoppedV1 } from "@/lib/api/schemas/v1";
import { HttpError } from "../errors";
import { generatingMessageId } from "../generation/idle-chat";
import { json } from "../http/respond";
import { resumeStream } from "../http/sse";
import { followRemoteStream } from "../http/sse-remote";
import { requestStop } from "../live/channels";
import type { LiveHub } from "../live/hub";
import { readPageQuery, toPage } from "../http/pagination";
import { type Db } from "../store";
import * as messagesStore from "./store";
import { toMessageView, toMessages } from "./views";
import { toMessageV1 } from "../chats/views-v1";
import type { Handler, HandlerTablePart } from "../http/context";
import { requireChat, requireMessage } from "../chats/lookup";
import { modeOfV1, respondInMode } from "./modes";

/** GET /v2/chats/{chatId}/messages?limit&cursor: newest first. */
const listMessages: Handler<"v2.messages.list"> = async ({ db, params, url }) => {
  const chat = await requireChat(db, params.chatId);
  const { limit, beforeSeq } = readPageQuery(url, "messages");
  const rows = await messagesStore.listMessages(db, chat.id, { limit: limit + 1, beforeSeq });
  const page = toPage(rows, limit, "messages");
  const list: MessageList = { messages: await toMessages(db, page.items), cursor: page.cursor };
  return json(list);
};

/** GET /v2/chats/{chatId}/messages/{messageId}: polled while generating (finishReason null). */
const getMessage: Handler<"v2.messages.get"> = async ({ db, params }) => {
  await requireChat(db, params.chatId);
  return json(await toMessageView(db, await requireMessage(db, params.chatId, params.messageId)));
};

/** POST /v2/chats/{chatId}/messages[/stream|/async]: sync answers with the finished assistant Message. */
const sendMessage =
  (mode: ResponseMode): Handler<"v2.messages.send" | "v2.messages.send.stream" | "v2.messages.send.async"> =>
  async ({ db, turns, params, body, caller }) => {
    const turn = await turns.beginMessage(params.chatId, body, caller.personId);
    return respondInMode(mode, turn, ({ message }) => toMessageView(db, message));
  };

/**
 * POST /v2/chats/{chatId}/messages/{messageId}/stop (the document's stop): the generation ends at its next step,
 * the message keeps what it has and finishes ("stop"); streams close and webhooks fire as for any end. Answers once
 * the message is stored finished. 409 when that message is not generating: the chat's lease (generation/idle-chat.ts) names
 * the message generating, whichever instance runs it.
 */
const stopMessage: Handler<"v2.messages.stop"> = async ({ db, turns, live, params }) => {
  const message = await requireMessage(db, params.chatId, params.messageId);
  if (message.finishReason !== null || (await generatingMessageId(db, params.chatId)) !== message.id) {
    throw new HttpError(409, `Message ${message.id} is not generating; there is nothing to stop.`, "not_generating");
  }
  const generation = turns.active(params.chatId);
  if (generation?.messageId === message.id) {
    generation.stop();
    await generation.done.catch(() => undefined); // a failed save is the generation's error event, not this answer's
  } else {
    // Another instance runs it: ask it to stop, and answer once it is stored finished.
    await stopElsewhere(db, live, params.chatId, message.id);
  }
  const body: MessageRef = { messageId: message.id };
  return json(body);
};

/** How long a stop waits for the instance that runs the generation (it ends at its next step, or its lease expires). */
const REMOTE_STOP_WAIT_MS = 30_000;

async function stopElsewhere(db: Db, live: LiveHub, chatId: string, messageId: string): Promise<void> {
  let wake: () => void = () => {};
  const unwatch = live.watch(messageId, () => wake());
  try {
    await requestStop(db, chatId, messageId);
    const until = Date.now() + REMOTE_STOP_WAIT_MS;
    while (Date.now() < until) {
      if ((await messagesStore.findMessage(db, chatId, messageId))?.finishReason !== null) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 250);
      });
    }
    throw new HttpError(
      503,
      "The instance generating this message did not stop it in time; try again.",
      "stop_timeout",
    );
  } finally {
    unwatch();
  }
}

/**
 * POST /v2/chats/{chatId}/resume: the running generation's events from now on (a snapshot first); see resumeStream.
 * When another instance runs it, followed through the database (followRemoteStream).
 */
const resumeChat: Handler<"v2.chats.resume"> = async ({ db, turns, live, params, access }) => {
  const chat = await requireChat(db, params.chatId);
  const writable = access === "write";
  const local = turns.active(chat.id);
  if (local) return resumeStream(chat, local, writable);
  const messageId = await generatingMessageId(db, chat.id);
  return messageId ? followRemoteStream(chat, messageId, { db, live }, writable) : resumeStream(chat, null, writable);
};

// ----- v1 (interface.md 4.2) -----

/** GET /v1/chats/{chatId}/messages?limit&cursor: `{object: "list", data, cursor}`, newest first (as v2). */
const listMessagesV1: Handler<"v1.messages.list"> = async ({ db, params, url, publicBaseUrl }) => {
  const chat = await requireChat(db, params.chatId);
  const { limit, beforeSeq } = readPageQuery(url, "messages");
  const rows = await messagesStore.listMessages(db, chat.id, { limit: limit + 1, beforeSeq });
  const page = toPage(rows, limit, "messages");
  const list: MessageListV1 = {
    object: "list",
    data: page.items.map((m) => toMessageV1(m, publicBaseUrl)),
    cursor: page.cursor,
  };
  return json(list);
};

/** GET /v1/chats/{chatId}/messages/{messageId}: the v1 Message, with experimental_content while it waits. */
const getMessageV1: Handler<"v1.messages.get"> = async ({ db, params, publicBaseUrl }) => {
  await requireChat(db, params.chatId);
  return json(toMessageV1(await requireMessage(db, params.chatId, params.messageId), publicBaseUrl));
};

/**
 * POST /v1/chats/{chatId}/messages with `responseMode`: sync → the assistant's v1 Message once finished;
 * async → 202 with the assistant's v1 Message still generating (no finishReason; poll it by id);
 * experimental_stream → the 6.2 events.
 */
const sendMessageV1: Handler<"v1.messages.send"> = async ({ turns, params, body, publicBaseUrl, caller }) => {
  const { message, mcpServerIds, responseMode, attachments } = body;
  const turn = await turns.beginMessage(params.chatId, { message, mcpServerIds, attachments }, caller.personId);
  return respondInMode(
    modeOfV1(responseMode),
    turn,
    (result) => toMessageV1(result.message, publicBaseUrl),
    (t) => toMessageV1(t.assistantMessage, publicBaseUrl),
  );
};

/** POST /v1/chats/{chatId}/messages/{messageId}/stop → `{success: true}`, as the v2 stop (409 when not generating). */
const stopMessageV1: Handler<"v1.messages.stop"> = async (ctx) => {
  await stopMessage({ ...ctx, route: "v2.messages.stop" });
  const answer: StoppedV1 = { success: true };
  return json(answer);
};

/**
 * POST /v1/chats/{chatId}/messages/{messageId}/resume: with `Accept: text/event-stream`, the message's events from
 * now on, as the v2 resume of its chat (a finished message: its snapshot and the end). Without it (the official v1
 * client reads every answer as JSON), the v1 Message once it has finished, as a sync send answers. 404 for a message
 * the chat does not have.
 */
const resumeMessageV1: Handler<"v1.messages.resume"> = async (ctx) => {
  const { chatId, messageId } = ctx.params;
  await requireChat(ctx.db, chatId);
  await requireMessage(ctx.db, chatId, messageId);
  const stream = await resumeChat({ ...ctx, route: "v2.chats.resume", params: { chatId } });
  if (ctx.req.headers.get("accept")?.includes("text/event-stream")) return stream;
  if (stream.body) for await (const _ of stream.body); // until the generation's end
  return json(toMessageV1(await requireMessage(ctx.db, chatId, messageId), ctx.publicBaseUrl));
};

/** The routes of lib/api/routes.ts this file answers. */
export const messageHandlers = {
  "v2.messages.list": listMessages,
  "v2.messages.get": getMessage,
  "v2.messages.stop": stopMessage,
  "v2.chats.resume": resumeChat,
  "v2.messages.send": sendMessage("sync"),
  "v2.messages.send.stream": sendMessage("stream"),
  "v2.messages.send.async": sendMessage("async"),
  "v1.messages.list": listMessagesV1,
  "v1.messages.send": sendMessageV1,
  "v1.messages.get": getMessageV1,
  "v1.messages.stop": stopMessageV1,
  "v1.messages.resume": resumeMessageV1,
} satisfies HandlerTablePart;
