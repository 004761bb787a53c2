import { applyPartsDelta, PartsDeltaError } from "./parts";
import type { Chat, Part, StreamEvent, Usage } from "./schemas";

/**
 * A pure reducer that follows one response stream (spec 6.2): the UI feeds it every event of
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
}

export interface StreamState {
  /** Latest chat snapshot (the first and the closing `chat` event). */
  chat: Chat | null;
  /** Latest `chat.title` delta (the full title). Until one arrives, use `chat?.title`. */
  title: string | null;
  /** The assistant message being generated (id from its first chunk, usage or error event). */
  message: StreamedMessage | null;
  /** The closing `chat` event was seen (the second chat event). */
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

export function reduceStreamEvent(state: StreamState, event: StreamEvent): StreamState {
  switch (event.object) {
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
      const error: StreamError = event.code === undefined ? { message: event.message } : { message: event.message, code: event.code };
      const chatScoped = state.chat !== null && event.id === state.chat.id && state.message?.id !== event.id;
      const message = chatScoped ? state.message : { ...messageFor(state, event.id), error };
      return { ...state, message, error: { id: event.id, ...error } };
    }
    default:
      return state;
  }
}
