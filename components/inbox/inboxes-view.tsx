"use client";

import { ChevronRight, Inbox as InboxIcon } from "lucide-react";
import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { DeliverToDashboardButton } from "@/components/webhooks/deliver-to-dashboard-button";
import { useInboxes } from "@/lib/hooks/use-inbox";

/** The dashboard's inboxes: each one receives a webhook's deliveries and shows them live. */
export function InboxesView() {
  const list = useInboxes();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Inbox"
        description="Atelier can receive its own webhooks: each inbox is a receiver that checks every delivery's signature with the webhook's secret and shows what arrived."
        actions={<DeliverToDashboardButton />}
      />
      {list.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading inboxes">
          <Skeleton className="h-16" />
        </div>
      ) : list.error ? (
        <ErrorPanel error={list.error} title="The inboxes could not be loaded" onRetry={() => void list.refetch()} />
      ) : list.inboxes.length === 0 ? (
        <EmptyState icon={InboxIcon} title="No inbox yet">
          Choose “Deliver to this dashboard” (here or on the Webhooks page): it creates an inbox and a webhook that
          delivers to it, with the signing secret attached. Then create a chat and watch its events arrive.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Inboxes">
          {list.inboxes.map((inbox) => (
            <li key={inbox.id} data-testid="inbox-row" data-id={inbox.id} className="flex items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1 space-y-1">
                <Link href={`/inbox/${encodeURIComponent(inbox.id)}`} className="font-medium hover:underline">
                  {inbox.name}
                </Link>
                <p className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
                  <code className="truncate font-mono" title={inbox.url}>
                    {inbox.url}
                  </code>
                  <CopyButton value={inbox.url} label="Copy receiver URL" />
                </p>
                <p className="text-xs text-muted-foreground">
                  Created <RelativeTime iso={inbox.createdAt} /> ·{" "}
                  {inbox.hasSecret ? "verifying signatures" : "no secret attached yet"}
                </p>
              </div>
              <Link
                href={`/inbox/${encodeURIComponent(inbox.id)}`}
                aria-label={`Open ${inbox.name}`}
                className="rounded p-1 hover:bg-muted"
              >
                <ChevronRight className="size-4" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
