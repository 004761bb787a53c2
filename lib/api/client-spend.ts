import type { createHttp } from "./http-client";
import { routeCall as call } from "./http-client";
import { readMessage } from "./lenient";
import type { Message } from "./schemas";
import {
  BudgetList,
  ChatContext,
  LedgerList,
  LedgerSummary,
  type ContextBody,
  type LedgerGrouping,
  type PutBudgetsBody,
} from "./schemas/spend";

/** The range and filters of the ledger (ISO 8601 `from` inclusive, `to` exclusive; default the last 7 days). */
export interface LedgerQuery {
  from?: string;
  to?: string;
  memberId?: string;
  chatId?: string;
}

/**
 * Spending in the v2 client (our extensions, issue 42; docs/wire-decisions.md "Context, ledger and budgets"): a chat's
 * context meter and "Compact now", the ledger of model calls and the budgets. Part of `ServiceClient`; a deployment
 * without them answers 404.
 */
export interface SpendClient {
  /** POST /v2/chats/{chatId}/context: how full the next answer's context would be with the draft `prompt`. */
  chatContext(chatId: string, body: ContextBody): Promise<ChatContext>;
  /** POST /v2/chats/{chatId}/compact: the finished message that summarises the earlier ones. */
  compactChat(chatId: string): Promise<Message>;
  /** GET /v2/usage/ledger: model calls, newest first, a page at a time. */
  ledger(q?: LedgerQuery & { limit?: number; cursor?: string }): Promise<LedgerList>;
  /** GET /v2/usage/ledger/summary?by=: the sums per person, chat, model or UTC day. */
  ledgerSummary(by: LedgerGrouping, q?: LedgerQuery): Promise<LedgerSummary>;
  /** GET /v2/usage/ledger?format=csv: every call of the range as CSV. */
  exportLedger(q?: LedgerQuery): Promise<Blob>;
  /** GET /v2/budgets: the budgets the caller sees and their own standing. */
  budgets(): Promise<BudgetList>;
  /** PUT /v2/budgets (admin): every budget at once. */
  setBudgets(body: PutBudgetsBody): Promise<BudgetList>;
}

export function spendClient({ json, read, send }: ReturnType<typeof createHttp>): SpendClient {
  return {
    chatContext: (chatId, body) => json(ChatContext, call("v2.chats.context", { chatId }, { body })),
    compactChat: (chatId) => read((d) => readMessage(d, chatId), call("v2.chats.compact", { chatId })),
    ledger: (q) => json(LedgerList, call("v2.usage.ledger", {}, { query: { ...q } })),
    ledgerSummary: (by, q) => json(LedgerSummary, call("v2.usage.ledger.summary", {}, { query: { ...q, by } })),
    exportLedger: async (q) => {
      const res = await send({
        ...call("v2.usage.ledger", {}, { query: { ...q, format: "csv" } }),
        accept: "text/csv",
      });
      return res.blob();
    },
    budgets: () => json(BudgetList, call("v2.budgets", {})),
    setBudgets: (body) => json(BudgetList, call("v2.budgets.set", {}, { body })),
  };
}
