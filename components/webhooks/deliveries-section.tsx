"use client";

import { RotateCw, Send } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel, describeError } from "@/components/ui/error-panel";
import { MonoId } from "@/components/ui/mono-id";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import type { WebhookDelivery, WebhookDeliveryFilter } from "@/lib/api/schemas";
import { useHookDeliveries, useResendDelivery } from "@/lib/hooks/use-webhooks";
import { AttemptsTable } from "./attempts-table";
import { DeliveryFilters } from "./delivery-filters";
import { DeliveryStatus } from "./delivery-status";

/**
 * The webhook's deliveries with every attempt and a "Resend" action — when the upstream offers the listing
 * (the embedded service does; a real deployment answering 404 hides the section).
 */
export function DeliveriesSection({
  hookId,
  disabled,
  pageSize,
}: {
  hookId: string;
  disabled: boolean;
  pageSize?: number;
}) {
  const [filter, setFilter] = useState<WebhookDeliveryFilter>({});
  const query = useHookDeliveries(hookId, { pageSize, filter });
  const resend = useResendDelivery(hookId);
  if (query.unsupported) return null;
  const filtered = filter.status !== undefined || filter.type !== undefined;
  return (
    <section aria-labelledby="deliveries-heading" className="space-y-3" data-testid="deliveries-section">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="deliveries-heading" className="text-base font-semibold">
          Deliveries
        </h2>
        <DeliveryFilters filter={filter} onChange={setFilter} />
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          aria-label="Refresh deliveries"
        >
          {query.isFetching ? <Spinner /> : <RotateCw className="size-4" aria-hidden />}
          Refresh
        </Button>
      </div>
      {query.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading deliveries">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : query.error ? (
        <ErrorPanel
          error={query.error}
          title="The deliveries could not be loaded"
          onRetry={() => void query.refetch()}
        />
      ) : query.deliveries.length === 0 && filtered ? (
        <EmptyState icon={Send} title="No deliveries match">
          Nothing with this status and event; clear the filters to see every delivery.
        </EmptyState>
      ) : query.deliveries.length === 0 ? (
        <EmptyState icon={Send} title="No deliveries yet">
          Deliveries appear here when a subscribed event happens — create a chat to trigger one.
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Deliveries">
            {query.deliveries.map((d) => (
              <DeliveryCard
                key={d.id}
                delivery={d}
                disabled={disabled}
                resending={resend.isPending && resend.variables === d.id}
                onResend={() =>
                  resend.mutate(d.id, {
                    onSuccess: (done) => {
                      const last = done.attempts.at(-1);
                      if (last?.ok)
                        toast.success("Resent", { description: `The receiver answered ${last.statusCode}.` });
                      else
                        toast.error("Resent, but it failed", {
                          description: last?.error ?? `HTTP ${last?.statusCode ?? "no answer"}`,
                        });
                    },
                    onError: (error) => toast.error("Could not resend", { description: describeError(error).message }),
                  })
                }
              />
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? <Spinner /> : null}
                Show older deliveries
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function DeliveryCard({
  delivery,
  disabled,
  resending,
  onResend,
}: {
  delivery: WebhookDelivery;
  disabled: boolean;
  resending: boolean;
  onResend: () => void;
}) {
  return (
    <li
      data-testid="webhook-delivery"
      data-id={delivery.id}
      data-status={delivery.status}
      className="space-y-3 rounded-lg border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-medium">{delivery.type}</span>
            <DeliveryStatus status={delivery.status} />
            {delivery.trigger === "test" ? (
              <span
                className="rounded border border-border px-1.5 text-xs text-muted-foreground"
                data-testid="test-badge"
              >
                test
              </span>
            ) : null}
            <span className="text-xs text-muted-foreground">
              {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? "" : "s"}
            </span>
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span>
              Queued <RelativeTime iso={delivery.createdAt} />
            </span>
            {delivery.trigger === "test" ? (
              // A test event's example chat does not exist: nothing to link to.
              <span className="font-mono">{delivery.chatId}</span>
            ) : (
              <Link className="font-mono hover:underline" href={`/chats/${encodeURIComponent(delivery.chatId)}`}>
                {delivery.chatId}
              </Link>
            )}
            {delivery.nextAttemptAt ? (
              <span>
                Next attempt <RelativeTime iso={delivery.nextAttemptAt} />
              </span>
            ) : null}
            <MonoId id={delivery.id} label="webhook-id" className="max-w-48" />
          </p>
        </div>
        <Button
          size="sm"
          onClick={onResend}
          disabled={disabled || resending}
          title={disabled ? "The webhook is disabled: change its URL first" : "Make one more attempt now"}
        >
          {resending ? <Spinner /> : <Send className="size-3.5" aria-hidden />}
          Resend
        </Button>
      </div>
      <AttemptsTable attempts={delivery.attempts} />
    </li>
  );
}
