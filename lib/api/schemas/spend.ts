import { z } from "zod";
import { DateTime, ModelId, ModelIdInput, TokenCounts } from "./common";

/**
 * Our extensions for spending (docs/wire-decisions.md "Context, ledger and budgets"): how full a chat's context is,
 * the ledger of model calls, and credit budgets per person and for the team.
 */

// ----- the context meter: POST /v2/chats/{chatId}/context -----

/** The draft being typed (counted as the next prompt) and the model it would go to (default: the chat's). */
export const ContextBody = z.strictObject({
  prompt: z.string().max(100_000).optional(),
  modelId: ModelIdInput.optional(),
});
export type ContextBody = z.infer<typeof ContextBody>;

export const ChatContext = z.object({
  object: z.literal("chat_context"),
  chatId: z.string(),
  model: ModelId,
  /** The model's context window in tokens. */
  window: z.number().int().positive(),
  /**
   * Estimated tokens of the next answer's first model call: the system prompt (instructions, the files' names, the
   * tools), the history the agent reads (a summary of earlier messages and the messages after it), the prompt.
   */
  tokens: z.object({
    system: z.number().int().nonnegative(),
    history: z.number().int().nonnegative(),
    prompt: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
  /** total / window × 100, one decimal. */
  percent: z.number().nonnegative(),
  /** The percentage past which the dashboard warns. */
  warnAt: z.number(),
  /** The percentage past which the next answer first summarises the older messages. */
  compactAt: z.number(),
  /** Whether the next answer (with this prompt) starts by summarising older messages. */
  willCompact: z.boolean(),
  /** Messages of the chat the agent reads in full (after the latest summary). */
  messages: z.number().int().nonnegative(),
  /** The latest summary the agent reads instead of the messages before it; null when none. */
  summary: z.object({ messageId: z.string(), createdAt: DateTime, summarised: z.number().int() }).nullable(),
});
export type ChatContext = z.infer<typeof ChatContext>;

/** The part a summary of earlier messages is shown by: an `agent-action` named so, its text in `data.summary`. */
export const CONTEXT_SUMMARY_ACTION = "context_summary";

// ----- the ledger: GET /v2/usage/ledger and /v2/usage/ledger/summary -----

const LedgerPurpose = z.enum(["answer", "title", "summary"]);

export const LedgerEntry = z.object({
  id: z.string(),
  at: DateTime,
  memberId: z.string(),
  chatId: z.string(),
  /** The chat's title today (null: untitled or deleted). */
  chatTitle: z.string().nullable(),
  messageId: z.string(),
  /** The service's model id. */
  model: z.string(),
  /** The model name the API was asked for; null for the scripted agent. */
  modelName: z.string().nullable(),
  /** A call beside the answer (a title, a summary of the context). */
  auxiliary: z.boolean(),
  purpose: LedgerPurpose.or(z.string()),
  tokens: TokenCounts,
  credits: z.number(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerList = z.object({
  object: z.literal("list"),
  from: DateTime,
  to: DateTime,
  entries: z.array(LedgerEntry),
  cursor: z.string().nullable(),
});
export type LedgerList = z.infer<typeof LedgerList>;

const LEDGER_GROUPINGS = ["person", "chat", "model", "day"] as const;
export const LedgerGrouping = z.enum(LEDGER_GROUPINGS);
export type LedgerGrouping = z.infer<typeof LedgerGrouping>;

export const LedgerGroup = z.object({
  /** The person's id, the chat's id, the model id or the UTC day (YYYY-MM-DD). */
  key: z.string(),
  /** What to call it: the person's name, the chat's title; null when there is none. */
  label: z.string().nullable(),
  calls: z.number().int().nonnegative(),
  auxiliaryCalls: z.number().int().nonnegative(),
  tokens: TokenCounts,
  credits: z.number(),
});
export type LedgerGroup = z.infer<typeof LedgerGroup>;

export const LedgerSummary = z.object({
  object: z.literal("ledger_summary"),
  from: DateTime,
  to: DateTime,
  by: LedgerGrouping,
  groups: z.array(LedgerGroup),
});
export type LedgerSummary = z.infer<typeof LedgerSummary>;

// ----- budgets: GET /v2/budgets, PUT /v2/budgets -----

export const BudgetPeriod = z.enum(["day", "month"]);
export type BudgetPeriod = z.infer<typeof BudgetPeriod>;

export const Budget = z.strictObject({
  /** The person it limits; null: the whole team. */
  memberId: z.string().min(1).max(200).nullable(),
  period: BudgetPeriod,
  credits: z.number().finite().nonnegative(),
});
export type Budget = z.infer<typeof Budget>;

/** Every budget at once (it replaces them all); one per person (or the team) and period. */
export const PutBudgetsBody = z.strictObject({
  budgets: z
    .array(Budget)
    .max(1000)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((b, i) => {
        const key = `${b.memberId ?? ""}/${b.period}`;
        if (seen.has(key))
          ctx.addIssue({
            code: "custom",
            path: [i],
            message: `${b.memberId ? `${b.memberId} has` : "the team has"} two ${b.period === "day" ? "daily" : "monthly"} budgets`,
          });
        seen.add(key);
      });
    }),
});
export type PutBudgetsBody = z.infer<typeof PutBudgetsBody>;

export const BudgetState = Budget.extend({
  /** Credits spent in the current period (by the person, or by everyone for the team's). */
  used: z.number(),
  /** used / credits × 100, one decimal (100 or more: reached). */
  percent: z.number(),
  periodStart: DateTime,
  /** The end of the current period: when it starts again from 0. */
  resetsAt: DateTime,
});
export type BudgetState = z.infer<typeof BudgetState>;

/** `warning` from 80% of a budget; `exceeded` at 100% (new messages are refused until the period's end). */
export const BudgetLevel = z.enum(["ok", "warning", "exceeded"]);
export type BudgetLevel = z.infer<typeof BudgetLevel>;

export const BudgetList = z.object({
  /** Admins: every budget; others: the team's and their own. */
  budgets: z.array(BudgetState),
  /** The caller's own standing: the budgets that apply to them and the worst level among them. */
  caller: z.object({
    memberId: z.string(),
    level: BudgetLevel,
    budgets: z.array(BudgetState),
  }),
});
export type BudgetList = z.infer<typeof BudgetList>;

/** The share of a budget past which the person is warned. */
export const BUDGET_WARN_PERCENT = 80;
