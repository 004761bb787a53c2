import "server-only";
import { asSchema, type ModelMessage, type ToolSet } from "ai";
import type { ContextSummary } from "../context/summary-part";
import { MESSAGE_CHARS } from "./prompt";

/**
 * The conversation as the model reads it within its window: a summary of earlier messages (context/summary-part.ts)
 * in place of them, the messages after it in full unless one alone is longer than a quarter of the window.
 */

/** Characters of one message the model reads: a quarter of the window (4 characters a token), at least 4,000. */
export const messageChars = (window: number): number => Math.max(MESSAGE_CHARS, window);

/** The summary as the first message the model reads. */
export function summaryNote(summary: Pick<ContextSummary, "text" | "summarised">): ModelMessage {
  return {
    role: "user",
    content: `[A summary of the ${summary.summarised} earlier messages of this chat, which are no longer shown in full:]\n${summary.text}`,
  };
}

/** Characters of the text the messages carry (images and files not counted). */
export function charsOf(messages: readonly ModelMessage[]): number {
  let chars = 0;
  for (const m of messages) {
    if (typeof m.content === "string") chars += m.content.length;
    else for (const p of m.content) if ("text" in p && typeof p.text === "string") chars += p.text.length;
  }
  return chars;
}

/** A tool's size by its name and description (its schema goes with them): our tools are made anew for each answer. */
const sizes = new Map<string, number>();
const MAX_REMEMBERED = 1_000;

/** Characters of the tools' names, descriptions and input schemas (sent with every model call). */
export async function toolsChars(tools: ToolSet): Promise<number> {
  let chars = 0;
  for (const [name, t] of Object.entries(tools)) {
    const key = `${name}\u0000${t.description ?? ""}`;
    let size = sizes.get(key);
    if (size === undefined) {
      const schema = t.inputSchema ? await asSchema(t.inputSchema).jsonSchema : {};
      size = name.length + (t.description?.length ?? 0) + JSON.stringify(schema).length;
      if (sizes.size >= MAX_REMEMBERED) sizes.clear();
      sizes.set(key, size);
    }
    chars += size;
  }
  return chars;
}
