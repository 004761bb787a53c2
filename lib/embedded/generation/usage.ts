import "server-only";
import type { ModelId, TokenCounts, Usage } from "@/lib/api";

/** svc-auto is deprecated and handled as svc-pro (interface.md 2.5, 9.3). */
export function effectiveModel(modelId: ModelId | undefined): Exclude<ModelId, "svc-auto"> {
  return !modelId || modelId === "svc-auto" ? "svc-pro" : modelId;
}

/** Credits per million tokens: input, output, cache read, cache write. */
const RATES: Record<Exclude<ModelId, "svc-auto">, [number, number, number, number]> = {
  "svc-mini": [1, 5, 0.1, 1.25],
  "svc-pro": [3, 15, 0.3, 3.75],
  "svc-max": [15, 75, 1.5, 18.75],
  "svc-max-fast": [30, 150, 3, 37.5],
};

const tokensOf = (chars: number) => Math.ceil(chars / 4);
/** The scripted agent's system prompt, in tokens (what its answers bill as a cache write or read). */
export const SCRIPTED_SYSTEM_TOKENS = 1800;
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Deterministic usage of one assistant message: prompt and history give input and cache tokens,
 * the generated parts give output tokens. total = input + output + cacheRead + cacheWrite.
 */
export function computeUsage(opts: {
  model: Exclude<ModelId, "svc-auto">;
  promptChars: number;
  historyChars: number;
  outputChars: number;
}): Usage {
  const systemPrompt = SCRIPTED_SYSTEM_TOKENS;
  const tokens: TokenCounts = {
    input: tokensOf(opts.promptChars) + 12,
    output: tokensOf(opts.outputChars),
    cacheRead: opts.historyChars > 0 ? systemPrompt + tokensOf(opts.historyChars) : 0,
    cacheWrite: opts.historyChars > 0 ? tokensOf(opts.promptChars) : systemPrompt,
    total: 0,
  };
  tokens.total = tokens.input + tokens.output + tokens.cacheRead + tokens.cacheWrite;
  const [inRate, outRate, readRate, writeRate] = RATES[opts.model];
  const creditsCost: TokenCounts = {
    input: round((tokens.input * inRate) / 1e6),
    output: round((tokens.output * outRate) / 1e6),
    cacheRead: round((tokens.cacheRead * readRate) / 1e6),
    cacheWrite: round((tokens.cacheWrite * writeRate) / 1e6),
    total: 0,
  };
  creditsCost.total = round(creditsCost.input + creditsCost.output + creditsCost.cacheRead + creditsCost.cacheWrite);
  return { model: opts.model, tokens, creditsCost };
}

/** Two usages of one model added up (an answer and its auxiliary calls). */
export function addUsage(a: Usage, b: Usage): Usage {
  const add = (x: TokenCounts, y: TokenCounts): TokenCounts => ({
    input: x.input + y.input,
    output: x.output + y.output,
    cacheRead: x.cacheRead + y.cacheRead,
    cacheWrite: x.cacheWrite + y.cacheWrite,
    total: x.total + y.total,
  });
  const credits = add(a.creditsCost, b.creditsCost);
  const r = (n: number) => round(n);
  return {
    model: a.model ?? b.model,
    tokens: add(a.tokens, b.tokens),
    creditsCost: {
      input: r(credits.input),
      output: r(credits.output),
      cacheRead: r(credits.cacheRead),
      cacheWrite: r(credits.cacheWrite),
      total: r(credits.total),
    },
  };
}
