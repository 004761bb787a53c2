"use client";

import { AlertTriangle, Ban } from "lucide-react";
import type { BudgetState } from "@/lib/api/schemas";
import { clockText } from "@/lib/api/retry-after";
import { cn } from "@/components/ui/cn";
import { formatCredits } from "@/components/ui/format";
import { useBudgets } from "@/lib/hooks/use-spend";

/** "your daily budget" / "the team's monthly budget". */
const budgetName = (b: BudgetState) =>
  `${b.memberId === null ? "the team's" : "your"} ${b.period === "day" ? "daily" : "monthly"} budget`;

/** When a budget starts again: "00:00 UTC" (the date too when a day or more away). */
const resetText = (b: BudgetState, now: number) =>
  clockText(Math.max(0, Math.ceil((Date.parse(b.resetsAt) - now) / 1000)), now);

/**
 * Above the composer: from 80% of a budget that applies to the person, how much is used and when it starts again; at
 * 100%, that new messages are refused until then. Nothing below 80%, or when the deployment has no budgets.
 */
export function BudgetNotice() {
  // "now" is when the service answered (the reset time is told from it).
  const { data, unsupported, dataUpdatedAt: now } = useBudgets();
  if (unsupported || !data || data.caller.level === "ok") return null;
  const exceeded = data.caller.level === "exceeded";
  const worst = [...data.caller.budgets].sort((a, b) => b.percent - a.percent)[0];
  if (!worst) return null;
  const name = budgetName(worst);
  const Icon = exceeded ? Ban : AlertTriangle;
  return (
    <p
      role={exceeded ? "alert" : "status"}
      data-testid="budget-warning"
      data-level={data.caller.level}
      className={cn(
        "flex items-start gap-2 rounded-lg border px-3 py-2 text-xs",
        exceeded
          ? "border-danger-border bg-danger-muted text-danger"
          : "border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-300",
      )}
    >
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>
        {exceeded
          ? `${name[0]!.toUpperCase()}${name.slice(1)} of ${formatCredits(worst.credits)} credits is used up: new messages are refused until ${resetText(worst, now)}.`
          : `${Math.floor(worst.percent)}% of ${name} is used (${formatCredits(worst.used)} of ${formatCredits(worst.credits)} credits); it starts again at ${resetText(worst, now)}.`}
      </span>
    </p>
  );
}
