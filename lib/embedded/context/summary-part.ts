import "server-only";
import { CONTEXT_SUMMARY_ACTION, type AgentActionPart, type Part } from "@/lib/api";

/**
 * A summary of earlier messages, as the part that shows it: an `agent-action` named `context_summary`, "Earlier
 * messages summarised", its text in `data.summary`. The agent reads it instead of the messages up to
 * `data.throughMessageId`. It opens the answer that summarised before answering, or is the whole answer of a
 * "Compact now" (an assistant message of kind `context-summary`).
 */
export interface ContextSummary {
  text: string;
  /** The last message it stands for. */
  throughMessageId: string;
  /** How many messages it stands for (those of an earlier summary included). */
  summarised: number;
}

const SUMMARY_LABEL = "Earlier messages summarised";

/** The part that shows a summary (`at`: its time; none for a scripted step, which times its parts itself). */
export function summaryPart(
  summary: ContextSummary & { tokensBefore: number; tokensAfter: number },
  at?: string,
): AgentActionPart {
  return {
    type: "agent-action",
    name: CONTEXT_SUMMARY_ACTION,
    summary: SUMMARY_LABEL,
    data: {
      summary: summary.text,
      throughMessageId: summary.throughMessageId,
      summarised: summary.summarised,
      tokensBefore: summary.tokensBefore,
      tokensAfter: summary.tokensAfter,
    },
    ...(at ? { startedAt: at, finishedAt: at } : {}),
  };
}

/** The summary a message's parts carry, if any (the last one). */
export function summaryIn(parts: readonly Part[]): ContextSummary | null {
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i] as Part & { name?: unknown; data?: Record<string, unknown> };
    if (p.type !== "agent-action" || p.name !== CONTEXT_SUMMARY_ACTION) continue;
    const d = p.data ?? {};
    if (typeof d.summary !== "string" || typeof d.throughMessageId !== "string") continue;
    return {
      text: d.summary,
      throughMessageId: d.throughMessageId,
      summarised: typeof d.summarised === "number" ? d.summarised : 0,
    };
  }
  return null;
}
