import "server-only";
import { encodeSseEvent } from "@/lib/api/sse";
import { type Db } from "../store";
import * as messagesStore from "../messages/store";
import { toMessageView, ZERO_USAGE } from "../messages/views";
import { toDocumentShapes } from "./shapes";

type Obj = Record<string, unknown>;

/**
 * A message stream (send, resolve, resume) as the document has it: a `message` snapshot opens it (the message with
 * no parts yet: the deltas that follow start from none), the deltas and usage follow, and the finished message closes
 * it, where the spec opens and closes with `chat` snapshots. `chat.title` is not one of the document's message
 * events and is left out. A stream with no message (a resume with nothing running) carries the chat's latest
 * message as its one snapshot.
 */
export function toDocumentMessageStream(
  db: Db,
  chatId: string,
  body: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  let messageId: string | null = null;
  let opened = false;

  const snapshot = async (id: string | null, parts: "none" | "all"): Promise<Obj | null> => {
    const row = id ? await messagesStore.findMessage(db, chatId, id) : await messagesStore.latestMessage(db, chatId);
    if (!row) return null;
    const view = toDocumentShapes(await toMessageView(db, row)) as Obj;
    // The opening snapshot is the message before its first delta, whatever it has become since: still unfinished.
    const opening = {
      parts: [],
      content: "",
      finishReason: null,
      restorable: false,
      usage: toDocumentShapes(ZERO_USAGE),
    };
    return { ...view, ...(parts === "none" ? opening : {}), object: "message" };
  };

  const translate = async (event: Obj): Promise<Obj[]> => {
    if (event.object === "chat.title") return [];
    if (event.object === "chat") {
      // The opening snapshot waits for the first message event (it names the message); the closing one is the end.
      if (!opened) return [];
      const last = await snapshot(messageId, "all");
      return last ? [last] : [];
    }
    const out: Obj[] = [];
    if (!opened && typeof event.id === "string") {
      opened = true;
      messageId = event.id;
      const first = await snapshot(messageId, "none");
      if (first) out.push(first);
    }
    out.push(toDocumentShapes(event) as Obj);
    return out;
  };

  return mapEvents(body, translate, async () => {
    if (opened) return [];
    // Nothing ran: the chat's latest message is the one snapshot.
    const last = await snapshot(null, "all");
    return last ? [last] : [];
  });
}

/** A chat creation stream keeps the document's chat events; only the shapes inside them change. */
export function toDocumentChatStream(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return mapEvents(body, (event) => [toDocumentShapes(event) as Obj]);
}

/** Each `data:` event of a Server-Sent Events body through `translate` (zero or more events out); `end` adds the last. */
function mapEvents(
  body: ReadableStream<Uint8Array>,
  translate: (event: Obj) => Obj[] | Promise<Obj[]>,
  end: () => Promise<Obj[]> = async () => [],
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const send = (controller: TransformStreamDefaultController<Uint8Array>, events: Obj[]) => {
    for (const event of events) controller.enqueue(encoder.encode(encodeSseEvent(event as never)));
  };
  let buffer = "";
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        buffer += decoder.decode(chunk, { stream: true });
        let at: number;
        while ((at = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const line = block.split("\n").find((l) => l.startsWith("data: "));
          if (line) send(controller, await translate(JSON.parse(line.slice(6)) as Obj));
          else controller.enqueue(encoder.encode(`${block}\n\n`));
        }
      },
      async flush(controller) {
        send(controller, await end());
      },
    }),
  );
}
