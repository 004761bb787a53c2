import "server-only";
import { BUDGET_WARN_PERCENT, type BudgetLevel, type BudgetState, type TokenCounts } from "@/lib/api";
import { HttpError } from "../errors";
import type { Db } from "../store";
import { budgetsFor, listBudgets } from "./budgets-store";
import { creditsSpent, recordCall } from "./ledger-store";
import { periodOf, secondsUntil } from "./periods";
import type { BudgetRow, LedgerPurpose } from "./schema";

/** One model call to record: the answer's chat and message and the person it was for are the AnswerSpend's. */
export interface ModelCall {
  purpose: LedgerPurpose;
  model: string;
  modelName: string | null;
  tokens: TokenCounts;
  credits: number;
}

/** Why an answer stops before its next model call, in a sentence for the person. */
interface SpendStop {
  code: "budget_exceeded" | "answer_cap";
  message: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const credits = (n: number) => `${n.toLocaleString("en-US", { maximumFractionDigits: 6 })} credit${n === 1 ? "" : "s"}`;

/**
 * Spending: the ledger of model calls (every call's tokens and credits, with its chat, message, person and model) and
 * the credit budgets checked against it, on one clock (`now`, injected by tests to cross a period's end). Budgets
 * are per person or for the whole team, per UTC day or UTC month; one at or past its credits refuses new messages
 * (`admit`: 429 budget_exceeded until the period's end) and stops answers under way at their next model call.
 */
export class Spend {
  readonly now: () => Date;

  constructor(
    private readonly db: Db,
    now?: () => Date,
  ) {
    this.now = now ?? (() => new Date());
  }

  /** A ledger for one answer (its calls' credits add up, for the per-answer cap). */
  answer(input: { personId: string; chatId: string; messageId: string }): AnswerSpend {
    return new AnswerSpend(this, this.db, input);
  }

  /** Every budget with what it has used in its current period. */
  async allBudgets(): Promise<BudgetState[]> {
    return this.states(await listBudgets(this.db));
  }

  /** The budgets that apply to a person (the team's and their own) with their use. */
  async budgetsOf(personId: string): Promise<BudgetState[]> {
    return this.states(await budgetsFor(this.db, personId));
  }

  /** The worst level among a person's budgets. */
  static levelOf(states: readonly BudgetState[]): BudgetLevel {
    if (states.some((b) => b.used >= b.credits)) return "exceeded";
    if (states.some((b) => b.percent >= BUDGET_WARN_PERCENT)) return "warning";
    return "ok";
  }

  /** Refuses a new message for a person past a budget: 429 budget_exceeded, `Retry-After` at the period's end. */
  async admit(personId: string): Promise<void> {
    const reached = (await this.budgetsOf(personId)).filter((b) => b.used >= b.credits);
    if (!reached.length) return;
    const at = this.now();
    const until = new Date(Math.max(...reached.map((b) => Date.parse(b.resetsAt))));
    throw new HttpError(
      429,
      `${reached.map((b) => reachedSentence(b, personId)).join(" ")} New messages are refused until ${until.toISOString()}.`,
      "budget_exceeded",
      { "retry-after": String(secondsUntil(until, at)) },
    );
  }

  /** Why a person's answer must stop now (a budget reached), or null. */
  async budgetStop(personId: string): Promise<SpendStop | null> {
    const reached = (await this.budgetsOf(personId)).filter((b) => b.used >= b.credits);
    if (!reached.length) return null;
    return {
      code: "budget_exceeded",
      message: `I stopped here: ${reached.map((b) => reachedSentence(b, personId)).join(" ")} What I wrote so far is kept; send a message once the budget allows it.`,
    };
  }

  private async states(rows: readonly BudgetRow[]): Promise<BudgetState[]> {
    const at = this.now();
    const out: BudgetState[] = [];
    for (const row of rows) {
      const { start, end } = periodOf(row.period, at);
      const used = await creditsSpent(this.db, {
        from: start,
        to: end,
        ...(row.personId ? { personId: row.personId } : {}),
      });
      out.push({
        memberId: row.personId,
        period: row.period,
        credits: row.credits,
        used,
        percent: row.credits > 0 ? round1((used / row.credits) * 100) : used > 0 ? 100 : 0,
        periodStart: start.toISOString(),
        resetsAt: end.toISOString(),
      });
    }
    return out;
  }
}

/** "Your daily budget of 5 credits is used up (5.2 spent; it resets at …)." */
function reachedSentence(b: BudgetState, personId: string): string {
  const whose = b.memberId === null ? "The team's" : b.memberId === personId ? "Your" : `${b.memberId}'s`;
  const period = b.period === "day" ? "daily" : "monthly";
  return `${whose} ${period} budget of ${credits(b.credits)} is used up (${credits(b.used)} spent; it resets at ${b.resetsAt}).`;
}

/** The spending of one answer: records its model calls and tells when it must stop. */
export class AnswerSpend {
  /** Credits of this answer's calls so far. */
  credits = 0;
  readonly personId: string;

  constructor(
    private readonly spend: Spend,
    private readonly db: Db,
    private readonly answer: { personId: string; chatId: string; messageId: string },
  ) {
    this.personId = answer.personId;
  }

  async record(call: ModelCall): Promise<void> {
    this.credits += call.credits;
    await recordCall(this.db, { ...call, ...this.answer, at: this.spend.now() });
  }

  /**
   * Whether the answer must stop before its next model call: past the per-answer cap (`capCredits`, null: none), or
   * a budget of the person's reached.
   */
  async stop(capCredits: number | null): Promise<SpendStop | null> {
    if (capCredits !== null && this.credits >= capCredits)
      return {
        code: "answer_cap",
        message: `I stopped here: this answer has used ${credits(Math.round(this.credits * 1e6) / 1e6)}, the most one answer may use (${credits(capCredits)}). What I wrote so far is kept; send a message to let me continue.`,
      };
    return this.spend.budgetStop(this.personId);
  }
}
