import "server-only";
import { generateText, type LanguageModel } from "ai";
import type { TokenCounts } from "@/lib/api";
import { generateTitle } from "../generation/title";
import { NO_TOKENS, tokensOf } from "./usage";

const SYSTEM =
  "You name chats. Answer with a short title (at most six words) for the app the user asks for, nothing else.";
/** The title call's own limit (it runs beside the answer). */
const TITLE_TIMEOUT_MS = 30_000;

/**
 * The chat's title from its first prompt, by a separate small model call (no tools); the scripted agent's heuristic
 * title when the call fails or answers nothing usable.
 */
export async function modelTitle(
  model: LanguageModel,
  prompt: string,
  signal: AbortSignal,
): Promise<{ title: string; tokens: TokenCounts }> {
  try {
    const { text, totalUsage } = await generateText({
      model,
      system: SYSTEM,
      prompt: prompt.slice(0, 2_000),
      maxOutputTokens: 32,
      maxRetries: 0,
      abortSignal: AbortSignal.any([signal, AbortSignal.timeout(TITLE_TIMEOUT_MS)]),
    });
    return { title: cleanTitle(text) || generateTitle(prompt), tokens: tokensOf(totalUsage) };
  } catch {
    return { title: generateTitle(prompt), tokens: NO_TOKENS };
  }
}

/** The first line, without quotes, Markdown marks, a "Title:" label or trailing punctuation; at most 60 characters. */
function cleanTitle(raw: string): string {
  let title = (
    raw
      .replace(/<think>[\s\S]*?<\/think>/g, "")
      .trim()
      .split("\n")[0] ?? ""
  )
    .replace(/^title:\s*/i, "")
    .replace(/[*_#`"“”]/g, "")
    .trim()
    .replace(/[\s.,!?;:-]+$/, "");
  if (title.length > 60) title = `${title.slice(0, 59).trimEnd()}…`;
  return title;
}
