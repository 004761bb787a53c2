"use client";

import { useMemo, useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { Budget, BudgetPeriod, BudgetState, Member } from "@/lib/api/schemas";
import { isServiceError } from "@/lib/api/errors";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { formatCredits } from "@/components/ui/format";
import { Skeleton } from "@/components/ui/skeleton";
import { inputClass } from "@/components/ui/text-field";
import { useBudgetPeople, useBudgets, useSetBudgets } from "@/lib/hooks/use-spend";
import { SettingsSection } from "./settings-section";

const PERIODS: ReadonlyArray<{ period: BudgetPeriod; label: string; used: string }> = [
  { period: "day", label: "Per day", used: "today" },
  { period: "month", label: "Per month", used: "this month" },
];

/** The form's values: credits as typed, by "<memberId or team>/<period>"; empty: no budget. */
type Draft = Record<string, string>;
const TEAM = "team";
const keyOf = (memberId: string | null, period: BudgetPeriod) => `${memberId ?? TEAM}/${period}`;

function draftOf(budgets: readonly BudgetState[]): Draft {
  return Object.fromEntries(budgets.map((b) => [keyOf(b.memberId, b.period), String(b.credits)]));
}

/** The form's budgets, or the first field that is not a number of credits ≥ 0. */
function budgetsOf(draft: Draft): { budgets: Budget[] } | { invalid: string } {
  const budgets: Budget[] = [];
  for (const [key, raw] of Object.entries(draft)) {
    if (raw.trim() === "") continue;
    const credits = Number(raw);
    if (!Number.isFinite(credits) || credits < 0) return { invalid: key };
    const [who, period] = key.split("/") as [string, BudgetPeriod];
    budgets.push({ memberId: who === TEAM ? null : who, period, credits });
  }
  return { budgets };
}

/** One budget's field with what its current period has used. */
function BudgetField({
  id,
  label,
  value,
  onChange,
  state,
  usedWord,
  invalid,
  memberId,
  period,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  state: BudgetState | undefined;
  usedWord: string;
  invalid: boolean;
  memberId: string;
  period: BudgetPeriod;
}) {
  const level = state ? (state.used >= state.credits ? "exceeded" : state.percent >= 80 ? "warning" : "ok") : null;
  return (
    <div className="min-w-36 space-y-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        placeholder="No limit"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        data-testid="budget-input"
        data-member={memberId}
        data-period={period}
        className={cn(inputClass, "h-8 w-32 text-right tabular-nums")}
      />
      <p
        className={cn(
          "text-xs tabular-nums",
          level === "exceeded"
            ? "font-medium text-danger"
            : level === "warning"
              ? "text-amber-700 dark:text-amber-400"
              : "text-muted-foreground",
        )}
        data-testid="budget-used"
        data-member={memberId}
        data-period={period}
      >
        {state
          ? `${formatCredits(state.used)} used ${usedWord} (${Math.floor(state.percent)}%)`
          : `credits ${usedWord === "today" ? "a day" : "a month"}`}
      </p>
    </div>
  );
}

/** The admin's form: the team's budgets and each person's, per day and per month. */
function BudgetsForm({ budgets, members }: { budgets: readonly BudgetState[]; members: readonly Member[] }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(budgets));
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSetBudgets();
  const states = useMemo(() => new Map(budgets.map((b) => [keyOf(b.memberId, b.period), b])), [budgets]);
  const rows: ReadonlyArray<{ id: string | null; name: string; detail: string }> = [
    { id: null, name: "The whole team", detail: "everyone's answers together" },
    ...members.map((m) => ({
      id: m.id,
      name: m.name,
      detail: `${m.email} · ${m.role}${m.disabled ? " · disabled" : ""}`,
    })),
  ];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = budgetsOf(draft);
    if ("invalid" in parsed) {
      setInvalid(parsed.invalid);
      toast.error("A budget is a number of credits, 0 or more", { description: "Leave a field empty for no limit." });
      return;
    }
    setInvalid(null);
    save.mutate(parsed, {
      onSuccess: (list) => {
        setDraft(draftOf(list.budgets));
        toast.success("Budgets saved");
      },
      onError: (error) =>
        toast.error("The budgets could not be saved", {
          description: isServiceError(error) ? error.message : String(error),
        }),
    });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4" data-testid="budgets-form">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Budgets in credits, per day and per month</caption>
          <thead>
            <tr className="border-b border-border text-left text-xs text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Who
              </th>
              {PERIODS.map((p) => (
                <th key={p.period} scope="col" className="py-2 pr-3 font-medium">
                  {p.label} (UTC)
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id ?? TEAM}
                className="border-b border-border align-top last:border-0"
                data-testid="budget-row"
              >
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <div className="font-medium">{row.name}</div>
                  <div className="text-xs text-muted-foreground">{row.detail}</div>
                </th>
                {PERIODS.map((p) => {
                  const key = keyOf(row.id, p.period);
                  return (
                    <td key={p.period} className="py-2 pr-3">
                      <BudgetField
                        id={`budget-${key.replace("/", "-")}`}
                        label={`${row.name}: credits ${p.label.toLowerCase()}`}
                        value={draft[key] ?? ""}
                        onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
                        state={states.get(key)}
                        usedWord={p.used}
                        invalid={invalid === key}
                        memberId={row.id ?? TEAM}
                        period={p.period}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" disabled={save.isPending} data-testid="budgets-save">
          {save.isPending ? "Saving…" : "Save budgets"}
        </Button>
        <p className="text-xs text-muted-foreground">
          At 80% a person sees a warning in the composer; at 100% their new messages are refused until the period ends,
          and an answer under way stops before its next model call.
        </p>
      </div>
    </form>
  );
}

/** What applies to someone who is not an admin: their own and the team's budgets, read-only. */
function OwnBudgets({ budgets }: { budgets: readonly BudgetState[] }) {
  if (!budgets.length) return <p className="text-sm text-muted-foreground">No budget limits your spending.</p>;
  return (
    <ul className="space-y-1 text-sm" data-testid="own-budgets">
      {budgets.map((b) => (
        <li key={keyOf(b.memberId, b.period)}>
          {b.memberId === null ? "The team's" : "Your"} {b.period === "day" ? "daily" : "monthly"} budget:{" "}
          {formatCredits(b.used)} of {formatCredits(b.credits)} credits used ({Math.floor(b.percent)}%)
        </li>
      ))}
    </ul>
  );
}

/**
 * Settings → Budgets: credits per person and for the whole team, per UTC day or month (admins set them; others see
 * those that apply to them). A deployment without budgets says so.
 */
export function BudgetsSettings() {
  const budgets = useBudgets();
  const people = useBudgetPeople();
  return (
    <SettingsSection
      id="budgets"
      title="Budgets"
      description="Limits on the credits the agent's answers spend, per person and for the whole team, per day or per month (UTC). Empty: no limit."
    >
      {budgets.unsupported ? (
        <p className="text-sm text-muted-foreground">
          This service has no budgets (it answered 404 to GET /v2/budgets).
        </p>
      ) : budgets.error ? (
        <ErrorPanel error={budgets.error} title="Budgets could not be loaded" onRetry={() => void budgets.refetch()} />
      ) : !budgets.data || !(people.me || people.error) || (people.admin && !people.members) ? (
        <Skeleton className="h-40" />
      ) : people.admin ? (
        <BudgetsForm budgets={budgets.data.budgets} members={people.members ?? []} />
      ) : (
        <OwnBudgets budgets={budgets.data.caller.budgets} />
      )}
    </SettingsSection>
  );
}
