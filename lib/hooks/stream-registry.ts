import { initialStreamState, reduceStreamEvent, type StreamState } from "@/lib/api/stream-state";
import type { Chat, Message, ReadStreamEvent } from "@/lib/api/schemas";
import { isGenerating } from "@/lib/api/message-state";
import { sleep } from "./sleep";

/**
 * The streams this browser tab is following, keyed by chat id. It lives in a module (not in a component)
 * so a stream started on the chats list keeps running while the router navigates to the chat page.
 */
export type StreamStatus = "connecting" | "streaming" | "recovering" | "done" | "failed";

/** Whether a stream of this tab is still following its generation (the one test of "is it live"). */
export function isLiveStream(stream: { status: StreamStatus } | undefined | null): boolean {
  return (
    !!stream && (stream.status === "connecting" || stream.status === "streaming" || stream.status === "recovering")
  );
}

export interface ActiveStream {
  /** Null until the first `chat` event of a chat-creating stream. */
  chatId: string | null;
  /** The user's prompt, shown until the persisted user message is fetched; "" for a resolve (no user message). */
  prompt: string;
  startedAt: string;
  status: StreamStatus;
  state: StreamState;
  /** What stopped the stream itself (non-2xx before the stream, network drop); `error` events are in state.message.error. */
  failure: Error | null;
  /** The message as fetched by id, when a delta could not be applied or the stream dropped before finishing. */
  recovered: Message | null;
}

export interface StreamRunOptions {
  prompt: string;
  /** Known for a follow-up; a new chat gets its id from the first `chat` event. */
  chatId?: string;
  open: (signal: AbortSignal) => Promise<AsyncIterable<ReadStreamEvent>>;
  /** Fetches the assistant message by id (recovery after a gap or a dropped stream). */
  getMessage?: (chatId: string, messageId: string) => Promise<Message>;
  /** Called when the stream ends, however it ends. */
  onSettled?: (entry: ActiveStream) => void;
  /** Pause between polls while recovering a dropped stream (ms). */
  pollIntervalMs?: number;
  /** Give up polling after this many attempts. */
  maxPolls?: number;
  /** A `chat.title` event arrived (update the page title and the cached lists). */
  onTitle?: (chatId: string, title: string) => void;
}

/** A sync request (POST …/messages): no stream, the answer arrives whole. */
interface RequestRunOptions {
  chatId: string;
  prompt: string;
  send: () => Promise<Message>;
  onSettled?: (entry: ActiveStream) => void;
}

export interface StreamRun {
  /** The stream's entry as it stands (a new chat's before its id is known too: the registry's listeners are told). */
  current: () => ActiveStream;
  /** Resolves once the service accepted the request (the stream opened); rejects with its ServiceError otherwise. */
  opened: Promise<void>;
  /** Resolves with the chat snapshot of the first `chat` event; rejects when the stream ends or fails without one. */
  chat: Promise<Chat>;
  /** Resolves true once the answer has its first part, false when the stream ended without one (never rejects). */
  firstPart: Promise<boolean>;
  /** Resolves with the final entry when the stream has ended (never rejects). */
  done: Promise<ActiveStream>;
  abort: () => void;
}

type Listener = () => void;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // callers may not listen to every promise
  return { promise, resolve, reject };
}

export class StreamRegistry {
  private entries = new Map<string, ActiveStream>();
  private listeners = new Set<Listener>();

  get(chatId: string): ActiveStream | undefined {
    return this.entries.get(chatId);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Forgets a finished stream (the persisted messages have replaced it). */
  clear(chatId: string): void {
    const entry = this.entries.get(chatId);
    if (entry && (entry.status === "done" || entry.status === "failed")) {
      this.entries.delete(chatId);
      this.emit();
    }
  }

  isActive(chatId: string): boolean {
    const status = this.entries.get(chatId)?.status;
    return status === "connecting" || status === "streaming" || status === "recovering";
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  run(options: StreamRunOptions): StreamRun {
    const controller = new AbortController();
    const opened = deferred<void>();
    const chat = deferred<Chat>();
    const firstPart = deferred<boolean>();
    const done = deferred<ActiveStream>();
    let entry = connectingEntry(options.chatId ?? null, options.prompt);
    const update = (patch: Partial<ActiveStream>) => {
      entry = { ...entry, ...patch };
      if (entry.chatId) this.entries.set(entry.chatId, entry);
      this.emit();
    };
    update({});

    /**
     * Follows the message by id until it finishes: after a delta that could not be applied (the stream's
     * copy is wrong from then on) or a stream that dropped early. One poller at a time; the fetched message
     * replaces the streamed parts wholesale, so nothing is lost or duplicated.
     */
    let polling: Promise<void> | null = null;
    const pollUntilFinished = (): Promise<void> => {
      polling ??= (async () => {
        const messageId = entry.state.message?.id;
        if (!options.getMessage || !entry.chatId || !messageId) return;
        const polls = options.maxPolls ?? 300;
        for (let i = 0; i < polls; i++) {
          try {
            const message = await options.getMessage(entry.chatId, messageId);
            update({ recovered: message });
            if (!isGenerating(message)) return;
          } catch {
            // keep trying: the service or the proxy may be briefly unreachable
          }
          if (i + 1 < polls) await sleep(options.pollIntervalMs ?? 700);
        }
      })();
      return polling;
    };

    const follow = async () => {
      try {
        const events = await options.open(controller.signal);
        update({ status: "streaming" });
        opened.resolve();
        for await (const event of events) {
          const previousTitle = entry.state.title;
          const state = reduceStreamEvent(entry.state, event);
          const first = entry.chatId === null && state.chat !== null;
          update({ state, chatId: entry.chatId ?? state.chat?.id ?? null });
          if (first && state.chat) chat.resolve(state.chat);
          if (state.message?.parts?.length) firstPart.resolve(true);
          if (state.title !== null && state.title !== previousTitle && entry.chatId)
            options.onTitle?.(entry.chatId, state.title);
          if (state.needsRefetch) void pollUntilFinished();
        }
        if (!entry.chatId) throw new Error("The service ended the stream before sending the chat.");
        const finished = entry.state.closed || entry.state.error !== undefined;
        if (!finished || entry.state.needsRefetch) {
          update({ status: "recovering" });
          await pollUntilFinished();
        }
        update({ status: "done" });
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        opened.reject(failure);
        chat.reject(failure);
        if (entry.chatId && entry.state.message && !controller.signal.aborted) {
          // The stream dropped mid-way: the generation goes on server-side, so follow it by polling.
          update({ status: "recovering", failure: null });
          await pollUntilFinished();
          update({ status: "done" });
        } else {
          update({ status: "failed", failure });
        }
      } finally {
        chat.reject(new Error("The service ended the stream before sending the chat."));
        options.onSettled?.(entry);
        firstPart.resolve(false);
        done.resolve(entry);
      }
    };
    void follow();

    return {
      current: () => entry,
      opened: opened.promise,
      chat: chat.promise,
      firstPart: firstPart.promise,
      done: done.promise,
      abort: () => controller.abort(),
    };
  }

  /**
   * A sync send: shows the prompt and "working" while the request is pending, then the answer. Resolves
   * with the final entry (status `done` with `recovered` = the answer, or `failed`); never rejects.
   */
  async runRequest(options: RequestRunOptions): Promise<ActiveStream> {
    let entry = connectingEntry(options.chatId, options.prompt);
    const update = (patch: Partial<ActiveStream>) => {
      entry = { ...entry, ...patch };
      this.entries.set(options.chatId, entry);
      this.emit();
    };
    update({});
    try {
      const message = await options.send();
      update({
        status: "done",
        recovered: message,
        state: { ...entry.state, message: { id: message.id, parts: message.parts ?? [], usage: message.usage } },
      });
    } catch (error) {
      update({ status: "failed", failure: error instanceof Error ? error : new Error(String(error)) });
    }
    options.onSettled?.(entry);
    return entry;
  }
}

/** The tab's registry. */
export const streamRegistry = new StreamRegistry();

/** A stream (or request) that has just started, before anything arrived. */
function connectingEntry(chatId: string | null, prompt: ActiveStream["prompt"]): ActiveStream {
  return {
    chatId,
    prompt,
    startedAt: new Date().toISOString(),
    status: "connecting",
    state: initialStreamState(),
    failure: null,
    recovered: null,
  };
}
