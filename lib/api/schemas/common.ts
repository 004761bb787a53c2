import { z } from "zod";

/** ISO 8601 date-time in UTC (suffix Z); seconds and fractional seconds optional (spec, notation). */
export const DateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/, "must be an ISO 8601 UTC date-time (suffix Z)")
  .refine((s) => !Number.isNaN(Date.parse(s)), "must be a valid date-time");

export const Privacy = z.enum(["public", "private", "team", "team-edit", "unlisted"]);
export type Privacy = z.infer<typeof Privacy>;

export const FinishReason = z.enum(["stop", "length", "content-filter", "tool-calls", "error", "other", "unknown"]);
export type FinishReason = z.infer<typeof FinishReason>;

export const ModelId = z.enum(["svc-auto", "svc-mini", "svc-pro", "svc-max", "svc-max-fast"]);
export type ModelId = z.infer<typeof ModelId>;
/** Model ids a body may carry: the spec's svc-* and the document's v0-* aliases (stored as svc-*). */
export const ModelIdInput = z
  .enum([
    "svc-auto",
    "svc-mini",
    "svc-pro",
    "svc-max",
    "svc-max-fast",
    "v0-auto",
    "v0-mini",
    "v0-pro",
    "v0-max",
    "v0-max-fast",
  ])
  .transform((id): ModelId => id.replace(/^v0-/, "svc-") as ModelId);

export const StringMap = z.record(z.string(), z.string());

/** An absolute http(s) URL. */
export const HttpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.hostname }).max(2048);

const Numbers = z.object({
  input: z.number(),
  output: z.number(),
  cacheRead: z.number(),
  cacheWrite: z.number(),
  total: z.number(),
});
export const TokenCounts = Numbers;
export type TokenCounts = z.infer<typeof TokenCounts>;

/** Usage of 2.2: model, tokens and creditsCost, all required. */
export const Usage = z.object({
  model: z.string().nullable(),
  tokens: Numbers,
  creditsCost: Numbers,
});
export type Usage = z.infer<typeof Usage>;

/** The prompt field: `message` is authoritative, `prompt` an alias; both and different is an error (wire-decisions.md 2). */
export const promptFields = {
  message: z.string().min(1, "message must not be empty").max(100_000).optional(),
  prompt: z.string().min(1, "prompt must not be empty").max(100_000).optional(),
};

export function refinePrompt<T extends { message?: string; prompt?: string }>(body: T, ctx: z.RefinementCtx) {
  if (body.message === undefined && body.prompt === undefined) {
    ctx.addIssue({ code: "custom", path: ["message"], message: "message is required" });
  } else if (body.message !== undefined && body.prompt !== undefined && body.message !== body.prompt) {
    ctx.addIssue({ code: "custom", path: ["prompt"], message: "message and prompt differ; send only message" });
  }
}

/** The prompt text of a validated body (message wins over its alias prompt). */
export function promptOf(body: { message?: string; prompt?: string }): string {
  return (body.message ?? body.prompt)!;
}

/** v2 error body (7.1): one string field, nothing else. */
export const ErrorV2 = z.strictObject({ message: z.string() });
export type ErrorV2 = z.infer<typeof ErrorV2>;
