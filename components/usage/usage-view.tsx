"use client";

import { BarChart3, MessageSquarePlus } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/components/ui/format";
import { lastDays, useUsageReport } from "@/lib/hooks/use-usage";
import { CreditsPerDayChart, ModelsChart, TokensPerDayChart, TopChatsChart } from "./usage-charts";
import { byModel, creditsPerDay, daysOf, isEmptyReport, tokensPerDay, topChats, totalsOf } from "./usage-data";
import { LedgerBreakdown } from "./ledger-breakdown";
import { UsageEventsTable } from "./usage-events-table";
import { UsageSummaryCards } from "./usage-summary-cards";

const RANGES = [7, 30, 90] as const;
type RangeDays = (typeof RANGES)[number];

/** The Usage page: a range, its totals, charts (each also a table) and the events, newest first. */
export function UsageView({ now }: { now?: number } = {}) {
  const [days, setDays] = useState<RangeDays>(30);
  const range = useMemo(() => lastDays(days, now), [days, now]);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Usage"
        description="Credits and tokens of the service's answers, per UTC day, model and chat."
        actions={
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">Range</span>
            <select
              data-testid="usage-range"
              value={days}
              onChange={(e) => setDays(Number(e.target.value) as RangeDays)}
              className="h-8 rounded-md border border-input bg-background px-2 text-sm"
            >
              {RANGES.map((d) => (
                <option key={d} value={d}>
                  Last {d} days
                </option>
              ))}
            </select>
          </label>
        }
      />
      <UsageReport range={range} />
    </div>
  );
}

function UsageReport({ range }: { range: { start: string; end: string } }) {
  const report = useUsageReport(range);
  const events = useMemo(() => report.events?.events ?? [], [report.events]);
  const shaped = useMemo(() => {
    const days = daysOf(range.start, range.end);
    return {
      credits: creditsPerDay(report.summary?.daily ?? [], days),
      tokens: tokensPerDay(events, days),
      models: byModel(events),
      chats: topChats(events, report.activity?.chats),
      totals: totalsOf(events),
    };
  }, [range, report.summary, report.activity, events]);

  if (report.unsupported) {
    return (
      <EmptyState icon={BarChart3} title="This deployment does not report usage">
        The service has no usage endpoints (it answered 404 or 405 to GET /v2/usage/summary). Each chat still shows the
        usage of its answers.
      </EmptyState>
    );
  }
  if (report.error) {
    return <ErrorPanel error={report.error} title="Usage could not be loaded" onRetry={() => void report.refetch()} />;
  }
  if (report.isPending) return <UsageSkeleton />;
  if (isEmptyReport(report.summary, report.activity, events)) {
    return (
      <EmptyState icon={MessageSquarePlus} title="No usage in this range — start a chat">
        Every answer of the service uses credits and tokens; they show here by day, model and chat.{" "}
        <Link href="/chats" className="font-medium text-foreground underline">
          Start a chat
        </Link>
      </EmptyState>
    );
  }

  const truncated = report.events?.truncated ?? false;
  const unreadable = report.events?.unreadable ?? 0;
  return (
    <div className="space-y-6">
      <UsageSummaryCards
        figures={{
          credits: report.summary?.credits.total ?? 0,
          tokens: shaped.totals.tokens,
          tokensPartial: truncated,
          messages: report.activity?.summary.messageCount ?? shaped.totals.events,
          chats: report.activity?.summary.chatCount ?? shaped.chats.length,
        }}
      />
      {truncated || unreadable ? (
        <p className="text-xs text-muted-foreground" role="note">
          {truncated ? `Tokens, models and chats count the ${formatNumber(events.length)} most recent events. ` : ""}
          {unreadable ? `${formatNumber(unreadable)} events could not be read and are left out.` : ""}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <CreditsPerDayChart data={shaped.credits} />
        <TokensPerDayChart data={shaped.tokens} />
        <ModelsChart data={shaped.models} />
        <TopChatsChart data={shaped.chats} />
      </div>
      <LedgerBreakdown range={range} />
      <UsageEventsTable range={range} />
    </div>
  );
}

function UsageSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading usage">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-72" />
        ))}
      </div>
    </div>
  );
}
