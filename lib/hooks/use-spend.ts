"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ServiceError } from "@/lib/api/errors";
import type { LedgerQuery } from "@/lib/api/client-spend";
import type { BudgetList, LedgerGrouping, PutBudgetsBody } from "@/lib/api/schemas";
import { refetchFresh } from "./chat-cache";
import { queryKeys, spendKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

/**
 * Spending over the proxy (our extensions; docs/wire-decisions.md "Context, ledger and budgets"): the context meter,
 * "Compact now", budgets and the ledger's sums. A deployment without them answers 404 or 405: `unsupported`, and the
 * dashboard shows nothing of them.
 */

/** A deployment without the operation (404/405 not naming a resource of ours). */
export const isSpendUnsupported = (error: unknown, chatId?: string): boolean =>
  error instanceof ServiceError &&
  (error.status === 405 || (error.status === 404 && !(chatId && error.message.includes(chatId))));

const noRetryWhenUnsupported = (count: number, error: unknown) => !isSpendUnsupported(error) && count < 2;

/** How long the draft rests before the meter asks again. */
const DRAFT_REST_MS = 400;
/** The longest prompt the service takes (what the meter counts beyond it would be refused anyway). */
const MAX_PROMPT = 100_000;

/** The value once it has not changed for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A short stand-in for a draft in a query key: its length and a 32-bit hash. */
function draftKey(draft: string): string {
  let h = 0;
  for (let i = 0; i < draft.length; i++) h = (Math.imul(31, h) + draft.charCodeAt(i)) | 0;
  return `${draft.length}:${h >>> 0}`;
}

/**
 * How full the chat's next answer would be with the draft being typed (asked again once the draft rests, and after
 * each answer: the key is under the chat's, which every finished answer refreshes). Keeps the last figure meanwhile.
 */
export function useChatContext(chatId: string, draft: string) {
  const client = useServiceClient();
  const settled = useSettled(draft.slice(0, MAX_PROMPT), DRAFT_REST_MS);
  const query = useQuery({
    queryKey: spendKeys.context(chatId, draftKey(settled)),
    queryFn: () => client.chatContext(chatId, settled ? { prompt: settled } : {}),
    placeholderData: keepPreviousData,
    retry: noRetryWhenUnsupported,
    staleTime: 30_000,
  });
  return { context: query.data, error: query.error, unsupported: isSpendUnsupported(query.error, chatId) };
}

/** The budgets the person sees and their own standing (refreshed after every answer, chat-cache.ts). */
export function useBudgets() {
  const client = useServiceClient();
  const query = useQuery({
    queryKey: spendKeys.budgets(),
    queryFn: () => client.budgets(),
    retry: noRetryWhenUnsupported,
  });
  return { ...query, unsupported: isSpendUnsupported(query.error) };
}

/** The caller (their role decides what the Budgets page offers) and, for admins, the people to give budgets. */
export function useBudgetPeople() {
  const client = useServiceClient();
  const me = useQuery({ queryKey: spendKeys.me(), queryFn: () => client.me(), retry: noRetryWhenUnsupported });
  const admin = me.data?.role === "admin";
  const members = useQuery({
    queryKey: spendKeys.people(),
    queryFn: () => client.listMembers(),
    enabled: admin,
  });
  return { me: me.data, admin, members: members.data?.members, error: me.error ?? members.error };
}

/** Replaces every budget (admins); the answer becomes the cached list. */
export function useSetBudgets() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutBudgetsBody) => client.setBudgets(body),
    onSuccess: (list: BudgetList) => queryClient.setQueryData(spendKeys.budgets(), list),
  });
}

/** "Compact now": the chat's earlier messages summarised; its messages and meter refresh. */
export function useCompactChat(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.compactChat(chatId),
    onSettled: async () => {
      await Promise.all([
        refetchFresh(queryClient, queryKeys.messages(chatId)),
        refetchFresh(queryClient, queryKeys.chat(chatId)),
        refetchFresh(queryClient, spendKeys.budgets()),
      ]);
    },
  });
}

/** The ledger's sums per person, chat, model or day over a range (the Usage page's breakdown). */
export function useLedgerSummary(by: LedgerGrouping, range: { from: string; to: string }, memberId: string | null) {
  const client = useServiceClient();
  const query = useQuery({
    queryKey: spendKeys.ledgerSummary(by, range.from, range.to, memberId),
    queryFn: () => client.ledgerSummary(by, { ...range, ...(memberId ? { memberId } : {}) }),
    retry: noRetryWhenUnsupported,
  });
  return { ...query, unsupported: isSpendUnsupported(query.error) };
}

/** The CSV export of the ledger over a range: the file's blob and the name to save it under. */
export function useExportLedger() {
  const client = useServiceClient();
  return useMutation({
    mutationFn: async (q: LedgerQuery) => ({
      blob: await client.exportLedger(q),
      name: `ledger-${(q.from ?? "").slice(0, 10)}-${(q.to ?? "").slice(0, 10)}.csv`,
    }),
  });
}
