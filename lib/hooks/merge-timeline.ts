import type { Message } from "@/lib/api/schemas";
import { isLiveStream, type ActiveStream } from "./stream-registry";
import { isGenerating } from "@/lib/api/message-state";

export interface TimelineEntry {
  key: string;
  message: Message;
  /** Rendered from the live stream rather than from the persisted message. */
  live: boolean;
  /** Still generating. */
  streaming: boolean;
  /** An `error` event of the stream. */
  error?: { message: string; code?: string };
}

export interface Timeline {
  entries: TimelineEntry[];
  /** A stream is open but no assistant message has arrived yet. */
  waitingForAssistant: boolean;
  /** The stream could not be opened or broke without a message to recover. */
  failure: Error | null;
  /** An `error` event that concerns the chat rather than a message shown in the timeline. */
  streamError: { message: string; code?: string } | null;
}

/** The live assistant message as a v2 Message (the recovered one when deltas could not be applied). */
function liveMessage(stream: ActiveStream, chatId: string): Message | null {
  const streamed = stream.state.message;
  if (
    stream.recovered &&
    (stream.state.needsRefetch || !streamed || stream.status === "recovering" || stream.status === "done")
  ) {
    return stream.recovered;
  }
  if (!streamed) return null;
  return {
    id: streamed.id,
    chatId,
    role: "assistant",
    createdAt: stream.startedAt,
    updatedAt: stream.startedAt,
    content: "",
    parts: streamed.parts,
    finishReason: null,
    usage: streamed.usage,
  };
}

/**
 * The messages to show, oldest → newest: the persisted ones, with the live stream's assistant message
 * in place of (or after) its persisted copy, and the user's prompt until the persisted one is fetched.
 * A finished persisted message wins over the live copy once the stream has ended.
 */
export function mergeTimeline(
  chatId: string,
  persisted: readonly Message[],
  stream: ActiveStream | undefined,
): Timeline {
  const entries: TimelineEntry[] = persisted.map((message) => ({
    key: message.id,
    message,
    live: false,
    streaming: false,
  }));
  const none = { entries, waitingForAssistant: false, failure: null, streamError: null };
  if (!stream) return none;
  if (stream.status === "failed") return { ...none, failure: stream.failure };

  const streaming = isLiveStream(stream);
  const live = liveMessage(stream, chatId);
  const error = stream.state.message?.error ?? (live ? stream.state.error : undefined);
  const streamError = !live && stream.state.error ? stream.state.error : null;

  if (live) {
    const index = entries.findIndex((e) => e.message.id === live.id);
    if (index >= 0) {
      const stored = entries[index].message;
      const useLive = streaming || isGenerating(stored);
      entries[index] = useLive
        ? {
            key: live.id,
            message: { ...live, createdAt: stored.createdAt, content: live.content || stored.content },
            live: true,
            streaming,
            error,
          }
        : { ...entries[index], error };
      return none;
    }
  } else if (!streaming) {
    return { ...none, streamError };
  }

  const last = entries.at(-1)?.message;
  // An empty prompt is a resolve (interface.md 4.5): it stores no user message, so none is shown.
  const userShown = stream.prompt === "" || (last?.role === "user" && last.content === stream.prompt);
  if (!userShown) {
    entries.push({
      key: `pending-user-${stream.startedAt}`,
      message: {
        id: "",
        chatId,
        role: "user",
        createdAt: stream.startedAt,
        updatedAt: stream.startedAt,
        content: stream.prompt,
        parts: [],
        finishReason: null,
      },
      live: true,
      streaming: false,
    });
  }
  if (live) entries.push({ key: live.id, message: live, live: true, streaming, error });
  return { entries, waitingForAssistant: streaming && !live && !streamError, failure: null, streamError };
}
