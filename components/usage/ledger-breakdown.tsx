"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { Download } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import { toast } from "sonner";
import type { LedgerGroup, LedgerGrouping } from "@/lib/api/schemas";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { formatCredits, formatNumber } from "@/components/ui/format";
import { Skeleton } from "@/components/ui/skeleton";
import { tabTriggerClass } from "@/components/ui/tab-trigger";
import { saveBlob } from "@/components/files/download";
import { useExportLedger, useLedgerSummary } from "@/lib/hooks/use-spend";
import { shortDay } from "./usage-data";

const GROUPINGS: ReadonlyArray<{ by: LedgerGrouping; label: string; column: string }> = [
  { by: "person", label: "By person", column: "Person" },
  { by: "chat", label: "By chat", column: "Chat" },
  { by: "model", label: "By model", column: "Model" },
  { by: "day", label: "By day", column: "Day (UTC)" },
];

/** What a group is called: the person's name, the chat's title (a link), the model id, the day. */
function GroupName({ by, group }: { by: LedgerGrouping; group: LedgerGroup }) {
  if (by === "chat")
    return (
      <Link href={`/chats/${encodeURIComponent(group.key)}`} className="underline-offset-2 hover:underline">
        {group.label ?? <span className="font-mono text-xs">{group.key}</span>}
      </Link>
    );
  if (by === "person")
    return (
      <span>
        {group.label ?? "Unknown person"} <span className="font-mono text-xs text-muted-foreground">{group.key}</span>
      </span>
    );
  if (by === "day") return <span title={group.key}>{shortDay(group.key)}</span>;
  return <span className="font-mono text-xs">{group.key}</span>;
}

/** One grouping's table: its groups with calls (auxiliary ones), tokens, credits and their share of the credits. */
function GroupTable({ by, range }: { by: LedgerGrouping; range: { from: string; to: string } }) {
  const { data, error, isPending, refetch } = useLedgerSummary(by, range, null);
  const column = GROUPINGS.find((g) => g.by === by)!.column;
  if (error)
    return <ErrorPanel error={error} title="The breakdown could not be loaded" onRetry={() => void refetch()} />;
  if (isPending || !data) return <Skeleton className="h-32" />;
  if (!data.groups.length) return <p className="py-4 text-sm text-muted-foreground">No model calls in this range.</p>;
  const total = data.groups.reduce((n, g) => n + g.credits, 0);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="ledger-table" data-by={by}>
        <caption className="sr-only">
          Credits and tokens {GROUPINGS.find((g) => g.by === by)!.label.toLowerCase()}
        </caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted-foreground">
            <th scope="col" className="px-2 py-1.5 font-medium">
              {column}
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Calls
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Tokens
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Credits
            </th>
            <th scope="col" className="w-28 px-2 py-1.5 font-medium">
              <span className="sr-only">Share of the credits</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.groups.map((g) => {
            const share = total > 0 ? g.credits / total : 0;
            return (
              <tr
                key={g.key}
                data-testid="ledger-row"
                data-key={g.key}
                className="border-b border-border last:border-0"
              >
                <th scope="row" className="px-2 py-1.5 text-left font-normal">
                  <GroupName by={by} group={g} />
                </th>
                <td className="px-2 py-1.5 text-right tabular-nums">
                  {formatNumber(g.calls)}
                  {g.auxiliaryCalls ? (
                    <span
                      className="text-xs text-muted-foreground"
                      title="Auxiliary calls: titles and summaries of earlier messages"
                    >
                      {" "}
                      ({formatNumber(g.auxiliaryCalls)} aux.)
                    </span>
                  ) : null}
                </td>
                <td className="px-2 py-1.5 text-right tabular-nums">{formatNumber(g.tokens.total)}</td>
                <td className="px-2 py-1.5 text-right font-medium tabular-nums">{formatCredits(g.credits)}</td>
                <td className="px-2 py-1.5">
                  <div className="h-1.5 rounded-full bg-muted" aria-hidden>
                    <div
                      className="h-1.5 rounded-full"
                      style={{ width: `${Math.round(share * 100)}%`, background: "var(--chart-1)" }}
                    />
                  </div>
                  <span className="sr-only">{Math.round(share * 100)}% of the credits</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Usage page's spending from the ledger (our extension): every model call's credits and tokens summed by person,
 * chat, model or UTC day over the page's range (admins see everyone's, others their own), and the range's calls as
 * a CSV download. Nothing when the deployment keeps no ledger.
 */
export function LedgerBreakdown({ range }: { range: { start: string; end: string } }) {
  const [by, setBy] = useState<LedgerGrouping>("person");
  const span = { from: range.start, to: range.end };
  const probe = useLedgerSummary("person", span, null);
  const exporting = useExportLedger();
  const headingId = useId();
  if (probe.unsupported) return null;
  const onExport = () =>
    exporting.mutate(span, {
      onSuccess: ({ blob, name }) => saveBlob(blob, name),
      onError: (error) =>
        toast.error("The export failed", { description: error instanceof Error ? error.message : String(error) }),
    });
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-border bg-card p-4"
      data-testid="ledger-breakdown"
    >
      <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-sm font-medium">
            Spending
          </h2>
          <p className="text-xs text-muted-foreground">
            Every model call of the range, auxiliary ones (titles, summaries) included.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={onExport}
          disabled={exporting.isPending}
          data-testid="ledger-export"
        >
          <Download className="size-3.5" aria-hidden />
          {exporting.isPending ? "Exporting…" : "Export CSV"}
        </Button>
      </div>
      <Tabs.Root value={by} onValueChange={(v) => setBy(v as LedgerGrouping)}>
        <Tabs.List aria-label="Group the spending" className="mb-2 flex border-b border-border">
          {GROUPINGS.map((g) => (
            <Tabs.Trigger key={g.by} value={g.by} className={tabTriggerClass} data-testid={`ledger-by-${g.by}`}>
              {g.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {GROUPINGS.map((g) => (
          <Tabs.Content key={g.by} value={g.by}>
            {by === g.by ? <GroupTable by={g.by} range={span} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
