import { bigint, boolean, doublePrecision, index, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * Tables of spending (lib/embedded/spend): the ledger of every model call and the credit budgets. Re-exported by
 * store/schema.ts so drizzle-kit generates their migrations. Imported by drizzle-kit (plain Node): no "server-only".
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Why a model call was made: the answer itself, or an auxiliary call beside it (a title, a summary of the context). */
export type LedgerPurpose = "answer" | "title" | "summary";

/**
 * One row per model call (a step of the model-backed agent, its title call, a summary of the context; the scripted
 * agent's answer as one call): its tokens as the model API reported them and its credits at the configured prices.
 * The chat and message ids are kept when the chat is deleted (spending stays spent); `personId` is the person the
 * answer was for (the author of the prompt it answers).
 */
export const usageLedger = pgTable(
  "usage_ledger",
  {
    id: text("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    at: ts("at").notNull(),
    personId: text("person_id").notNull(),
    chatId: text("chat_id").notNull(),
    messageId: text("message_id").notNull(),
    /** The service's model id (svc-mini, svc-pro, …). */
    model: text("model").notNull(),
    /** The model name the API was asked for (AGENT_MODELS); null for the scripted agent. */
    modelName: text("model_name"),
    auxiliary: boolean("auxiliary").notNull(),
    purpose: text("purpose").$type<LedgerPurpose>().notNull(),
    inputTokens: bigint("input_tokens", { mode: "number" }).notNull(),
    outputTokens: bigint("output_tokens", { mode: "number" }).notNull(),
    cacheReadTokens: bigint("cache_read_tokens", { mode: "number" }).notNull(),
    cacheWriteTokens: bigint("cache_write_tokens", { mode: "number" }).notNull(),
    totalTokens: bigint("total_tokens", { mode: "number" }).notNull(),
    /** Credits, rounded to micro-credits. */
    credits: doublePrecision("credits").notNull(),
  },
  (t) => [
    index("usage_ledger_at_idx").on(t.at),
    index("usage_ledger_person_at_idx").on(t.personId, t.at),
    index("usage_ledger_chat_idx").on(t.chatId, t.seq),
    index("usage_ledger_message_idx").on(t.messageId),
  ],
);

export type BudgetPeriod = "day" | "month";

/**
 * Credit budgets set by admins: for the whole team (`personId` null) or one person, per UTC day or UTC calendar
 * month. At most one per (person or team, period).
 */
export const budgets = pgTable(
  "budgets",
  {
    id: text("id").primaryKey(),
    /** Null: the whole team's budget. */
    personId: text("person_id"),
    period: text("period").$type<BudgetPeriod>().notNull(),
    credits: doublePrecision("credits").notNull(),
    updatedAt: ts("updated_at").notNull(),
    updatedBy: text("updated_by"),
  },
  (t) => [unique("budgets_scope_period_key").on(t.personId, t.period).nullsNotDistinct()],
);

export type LedgerRow = typeof usageLedger.$inferSelect;
export type BudgetRow = typeof budgets.$inferSelect;
