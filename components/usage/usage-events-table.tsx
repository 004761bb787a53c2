"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { formatCredits, formatNumber } from "@/components/ui/format";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import type { UsageEvent } from "@/lib/api/schemas";
import { useUsageEvents, type UsageRangeQuery } from "@/lib/hooks/use-usage";
import { DataTable, type Column } from "./data-table";

const COLUMNS: ReadonlyArray<Column<UsageEvent>> = [
  { header: "When", cell: (e) => <RelativeTime iso={e.createdAt} /> },
  {
    header: "Chat",
    cell: (e) =>
      e.chatId ? (
        <Link href={`/chats/${encodeURIComponent(e.chatId)}`} className="font-mono text-xs hover:underline">
          {e.chatId}
        </Link>
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  },
  { header: "Model", cell: (e) => <span className="font-mono text-xs">{e.model ?? "—"}</span> },
  { header: "Tokens", cell: (e) => (e.tokens ? formatNumber(e.tokens.total) : "—"), numeric: true },
  { header: "Credits", cell: (e) => formatCredits(e.creditsCost.total), numeric: true },
];

/** Every usage event of the range, newest first, a page at a time. */
export function UsageEventsTable({ range }: { range: UsageRangeQuery }) {
  const list = useUsageEvents(range);
  return (
    <section aria-labelledby="usage-events" className="space-y-2">
      <h2 id="usage-events" className="text-sm font-medium">
        Events
      </h2>
      {list.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading usage events">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : list.error && !list.data ? (
        <ErrorPanel
          error={list.error}
          title="The usage events could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-card p-2" data-testid="usage-events">
          <DataTable caption="Usage events, newest first" columns={COLUMNS} rows={list.events} rowKey={(e) => e.id} />
          {list.hasNextPage ? (
            <div className="flex justify-center p-2">
              <Button size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            </div>
          ) : null}
          {list.error ? (
            <ErrorPanel error={list.error} title="More events could not be loaded" className="mt-2" />
          ) : null}
        </div>
      )}
    </section>
  );
}
