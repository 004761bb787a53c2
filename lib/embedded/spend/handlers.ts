import "server-only";
import { LedgerGrouping, type BudgetList, type LedgerEntry, type LedgerList, type LedgerSummary } from "@/lib/api";
import { HttpError } from "../errors";
import { namesOf, personById } from "../people/store";
import type { Handler, HandlerTablePart } from "../http/context";
import { rangeView, readRange } from "../usage/query";
import { decodeQueryCursor, encodeQueryCursor } from "../http/pagination";
import { json } from "../http/respond";
import { replaceBudgets } from "./budgets-store";
import type { Caller } from "../people/types";
import { groupCalls, listCalls, type LedgerEntryRow, type LedgerFilter } from "./ledger-store";
import { ledgerCsv } from "./ledger-csv";
import { Spend } from "./spend";

/**
 * The ledger (our extension; docs/wire-decisions.md "Context, ledger and budgets"): every model call with its tokens
 * and credits; admins read everyone's (or one person's with `memberId`), others only their own. And the budgets.
 */

const CURSOR_KIND = "ledger";
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
const RANGE = { start: "from", end: "to" };

/** `memberId` as the caller may ask for it: admins anyone (or everyone), others only themselves. */
function personFilter(caller: Caller, memberId: string | null | undefined): string | undefined {
  if (caller.role === "admin") return memberId || undefined;
  if (memberId && memberId !== caller.personId)
    throw new HttpError(403, "Only admins see other people's spending; you see your own.", "forbidden");
  return caller.personId;
}

/** The filter of a ledger request (`from`, `to`: ISO 8601, default the 7 days before now). */
function readFilter(query: { get(name: string): string | null | undefined }, caller: Caller, now: Date): LedgerFilter {
  const range = readRange(query, now, RANGE);
  const personId = personFilter(caller, query.get("memberId"));
  const chatId = query.get("chatId") || undefined;
  return { from: range.start, to: range.end, ...(personId ? { personId } : {}), ...(chatId ? { chatId } : {}) };
}

const filterQuery = (f: LedgerFilter): Record<string, string> => ({
  from: f.from.toISOString(),
  to: f.to.toISOString(),
  ...(f.personId ? { memberId: f.personId } : {}),
  ...(f.chatId ? { chatId: f.chatId } : {}),
});

function toLedgerEntry(row: LedgerEntryRow): LedgerEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    memberId: row.personId,
    chatId: row.chatId,
    chatTitle: row.chatTitle,
    messageId: row.messageId,
    model: row.model,
    modelName: row.modelName,
    auxiliary: row.auxiliary,
    purpose: row.purpose,
    tokens: {
      input: row.inputTokens,
      output: row.outputTokens,
      cacheRead: row.cacheReadTokens,
      cacheWrite: row.cacheWriteTokens,
      total: row.totalTokens,
    },
    credits: row.credits,
  };
}

function readLedgerLimit(url: URL): number {
  const raw = url.searchParams.get("limit");
  if (raw === null || raw === "") return DEFAULT_LIMIT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new HttpError(422, `limit: must be an integer from 1 to ${MAX_LIMIT}`, "validation_failed");
  return limit;
}

/**
 * GET /v2/usage/ledger?from&to&memberId&chatId&limit&cursor: calls newest first, a page at a time (the cursor keeps the
 * first page's range and filters); `format=csv`: every call of the range, oldest first, as a CSV download.
 */
const ledger: Handler<"v2.usage.ledger"> = async (ctx) => {
  const { db, url, spend } = ctx;
  const caller = ctx.caller;
  const format = url.searchParams.get("format");
  if (format !== null && format !== "json" && format !== "csv")
    throw new HttpError(422, 'format: must be "json" or "csv"', "validation_failed");
  const cursor = url.searchParams.get("cursor");
  const from = cursor ? decodeQueryCursor(cursor, CURSOR_KIND) : null;
  const query = from ? new Map(Object.entries(from.query)) : url.searchParams;
  const filter = readFilter(query, caller, spend.now());
  if (format === "csv") return ledgerCsv(db, filter, caller);
  const limit = readLedgerLimit(url);
  const rows = await listCalls(db, { ...filter, beforeSeq: from?.seq, limit: limit + 1 }, caller);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const body: LedgerList = {
    object: "list",
    ...rangeOf(filter),
    entries: page.map(toLedgerEntry),
    cursor:
      rows.length > limit && last
        ? encodeQueryCursor(CURSOR_KIND, { seq: last.seq, query: filterQuery(filter) })
        : null,
  };
  return json(body);
};

const rangeOf = (f: LedgerFilter) => {
  const r = rangeView({ start: f.from, end: f.to });
  return { from: r.start, to: r.end };
};

/** GET /v2/usage/ledger/summary?by=person|chat|model|day&from&to&memberId&chatId: sums per group. */
const ledgerSummary: Handler<"v2.usage.ledger.summary"> = async (ctx) => {
  const { db, url, spend } = ctx;
  const by = LedgerGrouping.safeParse(url.searchParams.get("by") ?? "");
  if (!by.success) throw new HttpError(422, "by: must be one of person, chat, model, day", "validation_failed");
  const filter = readFilter(url.searchParams, ctx.caller, spend.now());
  const grouped = await groupCalls(db, filter, by.data, ctx.caller);
  // People by name (deleted ones too: their spending stays theirs).
  const names =
    by.data === "person"
      ? await namesOf(
          db,
          grouped.map((g) => g.key),
        )
      : null;
  const groups = names ? grouped.map((g) => ({ ...g, label: names.get(g.key) ?? null })) : grouped;
  const body: LedgerSummary = { object: "ledger_summary", ...rangeOf(filter), by: by.data, groups };
  return json(body);
};

/** The budgets the caller sees (admins: all; others: the team's and their own) and their own standing. */
async function budgetList(spend: Spend, caller: Caller): Promise<BudgetList> {
  const mine = await spend.budgetsOf(caller.personId);
  return {
    budgets: caller.role === "admin" ? await spend.allBudgets() : mine,
    caller: { memberId: caller.personId, level: Spend.levelOf(mine), budgets: mine },
  };
}

/** GET /v2/budgets: the budgets with what they used in their current period. */
const getBudgets: Handler<"v2.budgets"> = async (ctx) => json(await budgetList(ctx.spend, ctx.caller));

/** PUT /v2/budgets {budgets}: replaces every budget (admins: the route's minimum role). */
const setBudgets: Handler<"v2.budgets.set"> = async (ctx) => {
  const { db, body, spend } = ctx;
  const { caller, people } = ctx;
  const list = body.budgets.map((b) => ({ personId: b.memberId, period: b.period, credits: b.credits }));
  for (const [i, b] of list.entries()) {
    if (b.personId === null) continue;
    const person = await personById(db, b.personId);
    if (!person || person.deletedAt)
      throw new HttpError(422, `budgets.${i}.memberId: no such person (${b.personId})`, "validation_failed");
  }
  await db.transaction(async (tx) => {
    await replaceBudgets(tx, list, caller.personId, spend.now());
    await people.audit.record(
      { actor: caller.personId, action: "budgets.updated", target: null, detail: { budgets: body.budgets } },
      tx,
    );
  });
  return json(await budgetList(spend, caller));
};

export const spendHandlers = {
  "v2.usage.ledger": ledger,
  "v2.usage.ledger.summary": ledgerSummary,
  "v2.budgets": getBudgets,
  "v2.budgets.set": setBudgets,
} satisfies HandlerTablePart;
