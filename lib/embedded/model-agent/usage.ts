import "server-only";
import type { LanguageModelUsage } from "ai";
import type { ModelId, TokenCounts, Usage } from "@/lib/api";
import type { ModelAgentOptions } from "./options";

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Token counts of one model call as the API reported them: input without the cached part, output, cache read/write. */
export function tokensOf(usage: LanguageModelUsage | undefined): TokenCounts {
  const cacheRead = usage?.inputTokenDetails?.cacheReadTokens ?? usage?.cachedInputTokens ?? 0;
  const cacheWrite = usage?.inputTokenDetails?.cacheWriteTokens ?? 0;
  const input =
    usage?.inputTokenDetails?.noCacheTokens ?? Math.max(0, (usage?.inputTokens ?? 0) - cacheRead - cacheWrite);
  const output = usage?.outputTokens ?? 0;
  return { input, output, cacheRead, cacheWrite, total: input + output + cacheRead + cacheWrite };
}

export function addTokens(a: TokenCounts, b: TokenCounts): TokenCounts {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    total: a.total + b.total,
  };
}

export const NO_TOKENS: TokenCounts = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };

/** The credits of one model call's tokens at the configured prices (0 without): what the ledger records. */
export function callCredits(tokens: TokenCounts, opts: ModelAgentOptions): number {
  return modelUsage("svc-pro", tokens, opts).creditsCost.total;
}

/** The message's usage: the service's model id, the reported tokens, credits at the configured prices (0 without). */
export function modelUsage(model: Exclude<ModelId, "svc-auto">, tokens: TokenCounts, opts: ModelAgentOptions): Usage {
  const p = opts.creditsPerMTok ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  const creditsCost: TokenCounts = {
    input: round((tokens.input * p.input) / 1e6),
    output: round((tokens.output * p.output) / 1e6),
    cacheRead: round((tokens.cacheRead * p.cacheRead) / 1e6),
    cacheWrite: round((tokens.cacheWrite * p.cacheWrite) / 1e6),
    total: 0,
  };
  creditsCost.total = round(creditsCost.input + creditsCost.output + creditsCost.cacheRead + creditsCost.cacheWrite);
  return { model, tokens, creditsCost };
}
