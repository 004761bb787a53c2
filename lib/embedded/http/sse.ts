import "server-only";
import type { Part, StreamEvent } from "@/lib/api";
import { diffParts } from "@/lib/api/parts";
import { encodeSseEvent } from "@/lib/api/sse";
import type { Generation, GenerationListener } from "../generation/generation";
import type { ChatRow } from "../store";
import type { Turn } from "../generation/turns";
import { toChatEvent } from "../chats/views";
import { SSE_HEADERS } from "./respond";

/** One response's event stream: what the relay writes to. */
interface Out {
  send(event: StreamEvent): void;
  /** A `message.parts.chunk` delta from the parts sent so far to `parts` (nothing when equal). */
  sendParts(messageId: string, parts: readonly Part[]): void;
  finish(): void;
  /** Runs when the stream ends, however (finished or the reader went away). */
  onEnd(cleanup: () => void): void;
}

export function eventStream(setup: (out: Out) => void): Response {
  const encoder = new TextEncoder();
  let sent: readonly Part[] = [];
  let closed = false;
  const cleanups: (() => void)[] = [];
  const end = () => {
    closed = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const out: Out = {
        send(event) {
          if (closed) return;
          try {
            controller.enqueue(encoder.encode(encodeSseEvent(event)));
          } catch {
            out.finish();
          }
        },
        sendParts(id, parts) {
          const delta = diffParts(sent, parts);
          sent = parts;
          if (delta !== undefined) out.send({ object: "message.parts.chunk", id, delta });
        },
        finish() {
          if (closed) return;
          end();
          try {
            controller.close();
          } catch {
            // already closed or cancelled
          }
        },
        onEnd(cleanup) {
          if (closed) cleanup();
          else cleanups.push(cleanup);
        },
      };
      setup(out);
    },
    cancel: end,
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}

/** Relays a generation's events per interface.md 6.2; `finished` sends the last delta, usage and the closing `chat`. */
function relay(out: Out, writable: boolean): GenerationListener {
  return (event) => {
    switch (event.type) {
      case "title":
        out.send({ object: "chat.title", id: event.chatId, delta: event.title });
        break;
      case "parts":
        out.sendParts(event.messageId, event.parts);
        break;
      case "error":
        out.send({
          object: "error",
          id: event.messageId,
          message: event.message,
          ...(event.code ? { code: event.code } : {}),
        });
        break;
      case "finished":
        out.sendParts(event.message.id, event.message.parts);
        if (event.message.usage)
          out.send({ object: "message.usage", id: event.message.id, usage: event.message.usage });
        out.send(toChatEvent(event.chat, writable));
        out.finish();
        break;
    }
  };
}

/** Follows a running generation on `out` until it finishes or the reader goes away (the generation goes on). */
function follow(out: Out, generation: Generation, listener: GenerationListener): void {
  generation.subscribe(listener);
  out.onEnd(() => generation.unsubscribe(listener));
  generation.done.catch(() => out.finish());
}

/**
 * Starts the turn's generation and streams it per interface.md 6.2: the `chat` snapshot first, `chat.title`,
 * `message.parts.chunk` jsondiffpatch deltas of the parts array, `error` (after a failure), `message.usage`,
 * and the closing `chat` snapshot. If the reader goes away the generation goes on; only the stream stops. The caller
 * started the turn (a write), so its chat snapshots say `writePermission: true`.
 */
export function streamTurn(turn: Turn): Response {
  return eventStream((out) => {
    out.send(toChatEvent(turn.chat, true));
    const listener = relay(out, true);
    follow(out, turn.start(listener), listener);
  });
}

/**
 * POST /v2/chats/{chatId}/resume (the document's): re-attaches to the chat's running generation: the `chat`
 * snapshot, one delta from nothing to the parts so far, then live as streamTurn. With nothing running, the closing
 * `chat` snapshot alone. Snapshot and subscription happen in one tick, so no change falls between them. `writable`:
 * the reader's `writePermission`.
 */
export function resumeStream(chat: ChatRow, generation: Generation | null, writable: boolean): Response {
  return eventStream((out) => {
    out.send(toChatEvent(chat, writable));
    if (!generation) return out.finish();
    const listener = relay(out, writable);
    const finished = generation.finished;
    if (finished) return listener({ type: "finished", ...finished });
    out.sendParts(generation.messageId, generation.parts);
    follow(out, generation, listener);
  });
}
