import { applyPartsDelta, PartsDeltaError } from "./parts";
import type { Chat, FinishReason, Part, ReadStreamEvent, Usage } from "./schemas";

/**
 * A pure reducer that follows one response stream (interface.md 6.2): the UI feeds it every event of
 * readSseEvents and renders the state. It never mutates the state it is given.
 */

export interface StreamError {
  message: string;
  code?: string;
}

export interface StreamedMessage {
  id: string;
  parts: Part[];
  usage?: Usage;
  error?: StreamError;
  /** From a `message` snapshot (the document's streams): set once the message finished. */
  finishReason?: FinishReason | null;
}

export interface StreamState {
  /** Latest chat snapshot (the first and the closing `chat` event). */
  chat: Chat | null;
  /** Latest `chat.title` delta (the full title). Until one arrives, use `chat?.title`. */
  title: string | null;
  /** The assistant message being generated (id from its first chunk, usage or error event). */
  message: StreamedMessage | null;
  /** The stream's closing event was seen: the second `chat` event, or a `message` snapshot with a finishReason. */
  closed: boolean;
  /**
   * A delta could not be applied: `message.parts` stays at the last good snapshot and later deltas are
   * ignored; refetch the message by id (GET …/messages/{message.id}) instead.
   */
  needsRefetch: boolean;
  /** Latest `error` event, whatever its scope (message id or chat id); also recorded on `message` when it is the message's. */
  error?: StreamError & { id: string };
}

export function initialStreamState(): StreamState {
  return { chat: null, title: null, message: null, closed: false, needsRefetch: false };
}

/** The message the event with this id belongs to: the current one, or a new one when the id changes. */
function messageFor(state: StreamState, id: string): StreamedMessage {
  return state.message?.id === id ? state.message : { id, parts: [] };
}

export function reduceStreamEvent(state: StreamState, event: ReadStreamEvent): StreamState {
  switch (event.object) {
    case "message": {
      // A snapshot of the assistant message (open and close of the document's send/resolve streams): its parts are
      // the current ones, and a finishReason closes the stream.
      const current = messageFor(state, event.id);
      const finishReason = event.finishReason ?? null;
      const message: StreamedMessage = { ...current, parts: event.parts ?? current.parts, finishReason };
      if (event.usage) message.usage = event.usage;
      return { ...state, message, needsRefetch: false, closed: state.closed || finishReason !== null };
    }
    case "chat": {
      const { object: _object, ...chat } = event;
      return { ...state, chat, closed: state.closed || state.chat !== null };
    }
    case "chat.title":
      return { ...state, title: event.delta };
    case "message.parts.chunk": {
      const current = messageFor(state, event.id);
      const refetching = state.needsRefetch && current === state.message;
      if (refetching) return state; // the base is already wrong: wait for the refetch
      let parts: Part[];
      try {
        parts = applyPartsDelta(current.parts, event.delta);
      } catch (error) {
        if (!(error instanceof PartsDeltaError)) throw error;
        return { ...state, message: current, needsRefetch: true };
      }
      if (parts === current.parts && current === state.message) return state;
      return { ...state, message: { ...current, parts }, needsRefetch: false };
    }
    case "message.usage": {
      const current = messageFor(state, event.id);
      return { ...state, message: { ...current, usage: event.usage } };
    }
    case "error": {
      const error: StreamError =
        event.code === undefined ? { message: event.message } : { message: event.message, code: event.code };
      const chatScoped = state.chat !== null && event.id === state.chat.id && state.message?.id !== event.id;
      const message = chatScoped ? state.message : { ...messageFor(state, event.id), error };
      return { ...state, message, error: { id: event.id, ...error } };
    }
    default:
      return state;
  }
}
