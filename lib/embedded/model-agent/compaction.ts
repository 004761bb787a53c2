import "server-only";
import { generateText, type LanguageModel } from "ai";
import type { TokenCounts } from "@/lib/api";
import { KEEP_PERCENT, tokensOfChars } from "../context/figures";
import type { ContextHistory } from "../context/history";
import type { ContextSummary } from "../context/summary-part";
import type { MessageRow } from "../store";
import { NO_TOKENS, tokensOf } from "./usage";

/**
 * Compaction: the older messages of a chat summarised by the model (one auxiliary call without tools) into a text the
 * agent reads instead of them (history.ts). Used when the next answer's context would pass the line
 * (context/figures.ts COMPACT_PERCENT) and by "Compact now".
 */

const SUMMARY_SYSTEM = `Summarise the conversation below between a user and the coding agent of a chat code-generation service, for the agent to read instead of it.
Keep what the agent needs to go on: what the user asked for and decided, the app's current state file by file, open problems and what was tried, the user's preferences. Leave out pleasantries. Plain text or short Markdown lists, at most about 400 words.`;

/** Share of the window the transcript given to the summary call may take (the oldest part is left out beyond). */
const TRANSCRIPT_PERCENT = 60;
/** The summary's own limit in tokens. */
const SUMMARY_MAX_TOKENS = 1_024;
/** A summary call's own time limit. */
const SUMMARY_TIMEOUT_MS = 120_000;

/**
 * The messages to summarise and those to keep verbatim: the newest within KEEP_PERCENT of the window are kept (at
 * least the last), the rest summarised.
 */
export function splitForSummary(
  messages: readonly MessageRow[],
  window: number,
  charsOf: (m: MessageRow) => number,
): { older: MessageRow[]; kept: MessageRow[] } {
  const budget = (window * KEEP_PERCENT) / 100;
  let tokens = 0;
  let at = messages.length;
  while (at > 0) {
    const next = tokens + tokensOfChars(charsOf(messages[at - 1]!));
    if (at < messages.length && next > budget) break;
    tokens = next;
    at--;
  }
  return { older: messages.slice(0, at), kept: messages.slice(at) };
}

/** A message as a line of the transcript (cut to `chars`). */
function transcriptLine(m: MessageRow, chars: number): string {
  const who = m.role === "user" ? (m.kind ? "User (a change they made themselves)" : "User") : "Agent";
  const text = (m.content || (m.role === "assistant" ? "(no text)" : "")).slice(0, chars);
  const edits = m.parts
    .filter((p) => p.type === "file-edit")
    .map((p) => `${(p as { operation?: string }).operation ?? "change"} ${(p as { path?: string }).path ?? ""}`);
  return `${who}: ${text}${edits.length ? `\n[files: ${edits.join(", ")}]` : ""}`;
}

/**
 * Summarises `older` (after the earlier summary, if any) with the model. Throws when the call fails (the caller
 * decides what then). The transcript is cut to a share of the window, oldest lines first.
 */
export async function summarise(input: {
  model: LanguageModel;
  window: number;
  previous: ContextHistory["summary"];
  older: readonly MessageRow[];
  signal: AbortSignal;
}): Promise<{ summary: ContextSummary; tokens: TokenCounts }> {
  const { older, previous, window } = input;
  const room = (window * 4 * TRANSCRIPT_PERCENT) / 100;
  // Each message's share of the room, less its "User: " label and the blank line between.
  const perMessage = Math.max(500, Math.floor(room / Math.max(1, older.length)) - 48);
  const lines = older.map((m) => transcriptLine(m, perMessage));
  while (lines.length > 1 && lines.reduce((n, l) => n + l.length + 2, 0) > room) lines.shift();
  const prompt = [
    previous ? `A summary of what came before:\n${previous.text}` : null,
    `The conversation:\n\n${lines.join("\n\n")}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const { text, totalUsage } = await generateText({
    model: input.model,
    system: SUMMARY_SYSTEM,
    prompt,
    maxOutputTokens: Math.min(SUMMARY_MAX_TOKENS, Math.max(128, Math.floor(window / 8))),
    maxRetries: 0,
    abortSignal: AbortSignal.any([input.signal, AbortSignal.timeout(SUMMARY_TIMEOUT_MS)]),
  });
  const cleaned = text.replace(/<think>[\s\S]*?<\/think>/g, "").trim();
  if (!cleaned) throw new Error("The model answered the summary request with no text.");
  return {
    summary: {
      text: cleaned,
      throughMessageId: older.at(-1)!.id,
      summarised: (previous?.summarised ?? 0) + older.length,
    },
    tokens: totalUsage ? tokensOf(totalUsage) : NO_TOKENS,
  };
}
