import "server-only";
import type { LiveHub } from "../live/hub";
import { type ChatRow, type Db } from "../store";
import * as chatsStore from "../chats/store";
import * as messagesStore from "../messages/store";
import { toChatEvent } from "../chats/views";
import { eventStream } from "./sse";

/** How often a remote follower reads the message even without a notification (one missed while reconnecting). */
const BACKUP_POLL_MS = 1000;

/**
 * POST /v2/chats/{chatId}/resume on an instance that does not run the chat's generation (another instance holds its
 * lease): the same events as resumeStream, built from the database. Each progress notification of the message
 * (LISTEN/NOTIFY) makes it read the stored message and send the delta from what it sent; the title as `chat.title`;
 * once the message is finished, usage and the closing `chat`. An answer that ended in an error gets the `error` event
 * its instance sent (stored with the message: `failure`).
 */
export function followRemoteStream(
  chat: ChatRow,
  messageId: string,
  deps: { db: Db; live: LiveHub },
  writable: boolean,
): Response {
  return eventStream((out) => {
    out.send(toChatEvent(chat, writable));
    let title = chat.title;
    let reading = false;
    let again = false;
    let ended = false;
    const end = () => {
      ended = true;
      out.finish();
    };
    const readOnce = async (): Promise<void> => {
      const [message, current] = await Promise.all([
        messagesStore.findMessage(deps.db, chat.id, messageId),
        chatsStore.findChat(deps.db, chat.id),
      ]);
      if (ended) return;
      if (!message || !current) return end();
      if (current.title && current.title !== title) {
        title = current.title;
        out.send({ object: "chat.title", id: chat.id, delta: current.title });
      }
      out.sendParts(messageId, message.parts);
      if (message.finishReason === null) return;
      if (message.finishReason === "error") {
        // The owner's own words (stored with the message); a generic one for an answer stored before they were.
        const failure = message.failure ?? { message: "The answer ended with an error.", code: "generation_failed" };
        out.send({
          object: "error",
          id: messageId,
          message: failure.message,
          ...(failure.code ? { code: failure.code } : {}),
        });
      }
      if (message.usage) out.send({ object: "message.usage", id: messageId, usage: message.usage });
      out.send(toChatEvent(current, writable));
      end();
    };
    const read = async (): Promise<void> => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          await readOnce();
        } while (again && !ended);
      } catch (error) {
        console.error("[embedded] following a generation of another instance failed", error);
        end();
      } finally {
        reading = false;
      }
    };
    const unwatch = deps.live.watch(messageId, () => void read());
    const poll = setInterval(() => void read(), BACKUP_POLL_MS);
    out.onEnd(() => {
      ended = true;
      unwatch();
      clearInterval(poll);
    });
    void read();
  });
}
