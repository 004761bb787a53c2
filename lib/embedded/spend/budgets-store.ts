import "server-only";
import { asc, isNull, or, eq, sql } from "drizzle-orm";
import { newId } from "../ids";
import type { Db } from "../store";
import { budgets, type BudgetPeriod, type BudgetRow } from "./schema";

interface BudgetInput {
  /** Null: the whole team. */
  personId: string | null;
  period: BudgetPeriod;
  credits: number;
}

/** Every budget: the team's first, then by person; days before months. */
export function listBudgets(db: Db): Promise<BudgetRow[]> {
  return db
    .select()
    .from(budgets)
    .orderBy(sql`${budgets.personId} is not null`, asc(budgets.personId), asc(budgets.period));
}

/** The team's budgets and one person's. */
export function budgetsFor(db: Db, personId: string): Promise<BudgetRow[]> {
  return db
    .select()
    .from(budgets)
    .where(or(isNull(budgets.personId), eq(budgets.personId, personId)))
    .orderBy(sql`${budgets.personId} is not null`, asc(budgets.period));
}

/** Replaces every budget with `list` (the caller's transaction: all or nothing). */
export async function replaceBudgets(db: Db, list: readonly BudgetInput[], by: string | null, at: Date): Promise<void> {
  await db.delete(budgets);
  if (!list.length) return;
  await db.insert(budgets).values(
    list.map((b) => ({
      id: newId("budget"),
      personId: b.personId,
      period: b.period,
      credits: b.credits,
      updatedAt: at,
      updatedBy: by,
    })),
  );
}
