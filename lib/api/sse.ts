import { createParser } from "eventsource-parser";
import { describeZodError } from "./error-body";
import { readStreamEvent } from "./lenient/events";
import { StreamEvent, type ReadStreamEvent } from "./schemas";

/**
 * Server-Sent Events of interface.md 6.2: each event is one `data: <JSON>` line followed by a blank line.
 */

/** The wire form of one stream event. JSON.stringify escapes line breaks, so the data is one line. */
export function encodeSseEvent(event: StreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** The stream broke the protocol: an event that is not JSON, has no `object` kind, or fails its schema. */
export class StreamProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StreamProtocolError";
  }
}

const KNOWN_KINDS: ReadonlySet<string> = new Set<StreamEvent["object"]>([
  "chat",
  "chat.title",
  "message.parts.chunk",
  "message.usage",
  "error",
]);

/** Upper bound of one buffered event (characters): a bigger one ends the stream with StreamProtocolError. */
const MAX_EVENT_CHARS = 64 * 1024 * 1024;

function snippet(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

interface ReadOptions {
  signal?: AbortSignal;
  /**
   * Strict (the embedded service's own tests): every known event must match its schema exactly, an event without
   * an `object` kind is an error. Lenient (default, the dashboard): events are read as any deployment sends them
   * (lib/api/lenient/events.ts) and the unusable ones are skipped and reported to `onSkip`.
   */
  strict?: boolean;
  /** An event was skipped (unknown kind, or unusable); by default logged once per kind. */
  onSkip?: (kind: string, position: number) => void;
}

const warned = new Set<string>();

/** The default skip report: one console warning per kind for the page's lifetime. */
function warnOnce(kind: string): void {
  if (warned.has(kind)) return;
  warned.add(kind);
  console.warn(
    `[stream] skipped an event this dashboard cannot use (${kind}); further ones of this kind are skipped silently`,
  );
}

/** Reads one event's data leniently: null (skipped) unless it is an event this dashboard can use. */
function readStreamEventData(data: string, position = 1): ReadStreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    throw new StreamProtocolError(
      `stream event #${position} is not valid JSON (${(error as Error).message}): ${snippet(data)}`,
    );
  }
  return readStreamEvent(json);
}

function kindOf(data: string): string {
  try {
    const kind = (JSON.parse(data) as { object?: unknown } | null)?.object;
    return typeof kind === "string" ? kind : "no kind";
  } catch {
    return "no kind";
  }
}

/**
 * Parses and validates one event's data strictly. Returns null for a kind this client does not know (skipped, so
 * the service may add kinds); throws StreamProtocolError for anything else that is wrong.
 */
function parseStreamEventData(data: string, position = 1): StreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    throw new StreamProtocolError(
      `stream event #${position} is not valid JSON (${(error as Error).message}): ${snippet(data)}`,
    );
  }
  const kind = typeof json === "object" && json !== null ? (json as { object?: unknown }).object : undefined;
  if (typeof kind !== "string") {
    throw new StreamProtocolError(`stream event #${position} has no "object" kind: ${snippet(data)}`);
  }
  if (!KNOWN_KINDS.has(kind)) return null;
  const parsed = StreamEvent.safeParse(json);
  if (!parsed.success) {
    throw new StreamProtocolError(`stream event #${position} (${kind}) is invalid: ${describeZodError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * Yields the typed events of an SSE body, in order, whatever its chunking (chunks may split lines, "\n\n"
 * and multi-byte UTF-8 characters). Comments and events of unknown kinds are skipped (reported to `onSkip`); an
 * incomplete event at the end of the body is dropped (as EventSource does). Throws StreamProtocolError for an event
 * that is not JSON (strict: also one that fails its schema), after yielding every event before it, and the signal's
 * reason when aborted. Stopping the iteration early cancels the body.
 */
export function readSseEvents(
  body: ReadableStream<Uint8Array>,
  opts: ReadOptions & { strict: true },
): AsyncGenerator<StreamEvent>;
export function readSseEvents(body: ReadableStream<Uint8Array>, opts?: ReadOptions): AsyncGenerator<ReadStreamEvent>;
export async function* readSseEvents(
  body: ReadableStream<Uint8Array>,
  opts: ReadOptions = {},
): AsyncGenerator<ReadStreamEvent> {
  const { signal } = opts;
  const onSkip = opts.onSkip ?? warnOnce;
  signal?.throwIfAborted();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const pending: string[] = [];
  let overflow: StreamProtocolError | null = null;
  const parser = createParser({
    onEvent: (message) => {
      pending.push(message.data);
    },
    onError: (error) => {
      // Unknown fields and bad retry values are ignorable; a runaway event is not.
      if (error.type === "max-buffer-size-exceeded") {
        overflow = new StreamProtocolError(`stream event larger than ${MAX_EVENT_CHARS} characters`);
      }
    },
    maxBufferSize: MAX_EVENT_CHARS,
  });
  const onAbort = () => {
    reader.cancel(signal?.reason).catch(() => {});
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  let position = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      for (let i = 0; i < pending.length; i++) {
        const data = pending[i]!;
        const at = ++position;
        const event = opts.strict ? parseStreamEventData(data, at) : readStreamEventData(data, at);
        if (event) yield event;
        else onSkip(kindOf(data), at);
        signal?.throwIfAborted();
      }
      pending.length = 0;
      if (overflow) throw overflow;
      if (done) break;
    }
    finished = true;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
