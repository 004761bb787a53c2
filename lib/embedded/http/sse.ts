import "server-only";
import type { Part, StreamEvent } from "@/lib/api";
import { diffParts } from "@/lib/api/parts";
import { encodeSseEvent } from "@/lib/api/sse";
import type { GenerationEvent } from "../agent/generation";
import type { Turn } from "../turns";
import { toChatEvent } from "../views/chat";
import { SSE_HEADERS } from "./respond";

/**
 * Starts the turn's generation and streams it per interface.md 6.2: the `chat` snapshot first, `chat.title`,
 * `message.parts.chunk` jsondiffpatch deltas of the parts array, `error` (after a failure), `message.usage`,
 * and the closing `chat` snapshot. If the reader goes away the generation goes on; only the stream stops.
 */
export function streamTurn(turn: Turn): Response {
  const encoder = new TextEncoder();
  let sent: readonly Part[] = [];
  let closed = false;
  let detach = () => {};

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: StreamEvent) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(encodeSseEvent(event)));
        } catch {
          finish();
        }
      };
      const finish = () => {
        if (closed) return;
        closed = true;
        detach();
        try {
          controller.close();
        } catch {
          // already closed or cancelled
        }
      };
      const sendParts = (id: string, parts: readonly Part[]) => {
        const delta = diffParts(sent, parts);
        sent = parts;
        if (delta !== undefined) send({ object: "message.parts.chunk", id, delta });
      };
      const listener = (event: GenerationEvent) => {
        switch (event.type) {
          case "title":
            send({ object: "chat.title", id: event.chatId, delta: event.title });
            break;
          case "parts":
            sendParts(event.messageId, event.parts);
            break;
          case "error":
            send({
              object: "error",
              id: event.messageId,
              message: event.message,
              ...(event.code ? { code: event.code } : {}),
            });
            break;
          case "finished":
            sendParts(event.message.id, event.message.parts);
            if (event.message.usage)
              send({ object: "message.usage", id: event.message.id, usage: event.message.usage });
            send(toChatEvent(event.chat));
            finish();
            break;
        }
      };

      send(toChatEvent(turn.chat));
      const generation = turn.start(listener);
      detach = () => generation.unsubscribe(listener);
      generation.done.catch(() => finish());
    },
    cancel() {
      closed = true;
      detach();
    },
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
