import "server-only";
import type { ChatContext, ModelId } from "@/lib/api";
import type { ChatRow, Db } from "../store";

/**
 * How full an answer's context is, in estimated tokens (4 characters a token: the service cannot know every model's
 * tokenizer): what the agent's first model call of the next answer would carry, against the model's window.
 */
export interface ContextFigures {
  window: number;
  /** Instructions, the project's file names and environment variable names, the tools. */
  system: number;
  /** The summary of earlier messages and the messages after it. */
  history: number;
  prompt: number;
  /** Messages read in full. */
  messages: number;
  summary: { messageId: string; createdAt: Date; summarised: number } | null;
}

/** What an agent needs to tell its figures: the chat, the draft prompt, the model it would answer with. */
export interface ContextInput {
  db: Db;
  chat: ChatRow;
  prompt: string;
  model: Exclude<ModelId, "svc-auto">;
}

/** Past this share of the window the dashboard warns (percent). */
const WARN_PERCENT = 80;
/** Past this share of the window the next answer first summarises the older messages (percent). */
const COMPACT_PERCENT = 80;
/** What stays verbatim after a summary: the newest messages within this share of the window (percent). */
export const KEEP_PERCENT = 30;

/** Estimated tokens of a text of `chars` characters. */
export const tokensOfChars = (chars: number): number => Math.ceil(chars / 4);

/** Whether an answer with these figures summarises first. */
export const overCompactLine = (f: Pick<ContextFigures, "window" | "system" | "history" | "prompt">): boolean =>
  f.system + f.history + f.prompt > (f.window * COMPACT_PERCENT) / 100;

export function chatContextView(chatId: string, model: ChatContext["model"], f: ContextFigures): ChatContext {
  const total = f.system + f.history + f.prompt;
  return {
    object: "chat_context",
    chatId,
    model,
    window: f.window,
    tokens: { system: f.system, history: f.history, prompt: f.prompt, total },
    percent: Math.round((total / f.window) * 1000) / 10,
    warnAt: WARN_PERCENT,
    compactAt: COMPACT_PERCENT,
    willCompact: overCompactLine(f) && f.messages > 0,
    messages: f.messages,
    summary: f.summary
      ? {
          messageId: f.summary.messageId,
          createdAt: f.summary.createdAt.toISOString(),
          summarised: f.summary.summarised,
        }
      : null,
  };
}
