"use client";

import { Inbox as InboxIcon, Radio, Trash2, Webhook } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useDeleteInbox, useInbox, useInboxDeliveries } from "@/lib/hooks/use-inbox";
import { AppDialog } from "@/components/ui/dialog";
import { BackLink, RecordState } from "@/components/ui/record-state";
import { InboxDeliveryItem } from "./inbox-delivery-item";

/** One inbox: its receiver URL and the deliveries that arrived, newest first, live (pushed by the server's event stream; polled without it). */
export function InboxView({ inboxId }: { inboxId: string }) {
  const inbox = useInbox(inboxId);
  const live = useInboxDeliveries(inboxId);
  const [type, setType] = useState<string>("");
  const types = useMemo(() => [...new Set(live.deliveries.map((d) => d.type))].sort(), [live.deliveries]);
  const shown = type ? live.deliveries.filter((d) => d.type === type) : live.deliveries;
  const fresh = useFreshSeqs(
    live.deliveries.map((d) => d.seq),
    live.isSuccess,
  );

  const back = <BackLink href="/inbox">Inboxes</BackLink>;
  if (!inbox.data) return <RecordState query={inbox} back={back} what="inbox" />;
  const data = inbox.data;
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        {back}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
              <InboxIcon className="size-5 text-muted-foreground" aria-hidden />
              {data.name}
            </h1>
            <p className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
              Receiver:{" "}
              <code className="truncate font-mono" title={data.url}>
                {data.url}
              </code>
              <CopyButton value={data.url} label="Copy receiver URL" />
            </p>
            <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
              {data.webhookId ? (
                <Link
                  href={`/webhooks/${encodeURIComponent(data.webhookId)}`}
                  className="inline-flex items-center gap-1 hover:underline"
                >
                  <Webhook className="size-3.5" aria-hidden />
                  Its webhook
                </Link>
              ) : null}
              <span data-testid="inbox-verification" data-unsigned={String(data.unsigned)}>
                {data.hasSecret
                  ? "Signing secret attached: deliveries are verified."
                  : data.unsigned
                    ? "The service revealed no signing secret: deliveries are kept but cannot be verified (marked unverified)."
                    : "No signing secret yet: deliveries are refused (503) until one is attached."}
              </span>
            </p>
          </div>
          <div className="flex items-center gap-2">
            <span
              className="inline-flex items-center gap-1.5 text-xs text-muted-foreground"
              role="status"
              aria-live="polite"
              data-testid="inbox-live"
              data-mode={live.live ? "push" : "poll"}
              title={
                live.live
                  ? "New deliveries appear as they arrive."
                  : "Connecting… checking for new deliveries every 1.5 s meanwhile."
              }
            >
              {live.error ? (
                <span className="text-danger">Not updating</span>
              ) : (
                <>
                  <Radio className="size-3.5 text-success" aria-hidden />
                  Live
                </>
              )}
            </span>
            <DeleteInbox inboxId={data.id} name={data.name} />
          </div>
        </div>
      </div>

      {live.error ? (
        <ErrorPanel
          error={live.error}
          title="New deliveries could not be fetched"
          onRetry={() => void live.refetch()}
        />
      ) : null}

      {live.isPending ? (
        <Skeleton className="h-40" />
      ) : live.deliveries.length === 0 ? (
        <EmptyState icon={InboxIcon} title="Waiting for the first delivery">
          {data.hasSecret || data.unsigned ? (
            <p>
              Its webhook is set up.{" "}
              <Link href="/chats" className="underline">
                Create a chat
              </Link>{" "}
              and the events it subscribes to show up here within seconds, newest first.
            </p>
          ) : (
            <p>
              Point a webhook at <code className="font-mono break-all">{data.url}</code> and attach its secret to this
              inbox — the Webhooks page does both with “Deliver to this dashboard”. Then{" "}
              <Link href="/chats" className="underline">
                create a chat
              </Link>{" "}
              and its events show up here within seconds.
            </p>
          )}
        </EmptyState>
      ) : (
        <section aria-labelledby="deliveries-heading" className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="deliveries-heading" className="text-sm font-medium">
              {live.deliveries.length} deliver{live.deliveries.length === 1 ? "y" : "ies"}, newest first
            </h2>
            <label className="flex items-center gap-2 text-xs text-muted-foreground">
              Event
              <select
                value={type}
                onChange={(e) => setType(e.target.value)}
                className="h-7 rounded-md border border-input bg-background px-2 text-xs text-foreground"
              >
                <option value="">all</option>
                {types.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ul
            className="divide-y divide-border rounded-lg border border-border bg-card"
            aria-label="Deliveries"
            data-testid="inbox-deliveries"
          >
            {shown.map((d) => (
              <InboxDeliveryItem key={d.seq} delivery={d} fresh={fresh.has(d.seq)} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Seqs that arrived after the first load, highlighted for a few seconds. */
function useFreshSeqs(seqs: number[], loaded: boolean): Set<number> {
  const known = useRef<Set<number> | null>(null);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const key = seqs.join(",");
  useEffect(() => {
    if (!loaded) return;
    const all = key ? key.split(",").map(Number) : [];
    if (known.current === null) {
      known.current = new Set(all);
      return;
    }
    const added = all.filter((s) => !known.current!.has(s));
    if (!added.length) return;
    for (const s of added) known.current.add(s);
    setFresh(new Set(added));
    const timer = setTimeout(() => setFresh(new Set()), 2500);
    return () => clearTimeout(timer);
  }, [key, loaded]);
  return fresh;
}

function DeleteInbox({ inboxId, name }: { inboxId: string; name: string }) {
  const router = useRouter();
  const remove = useDeleteInbox();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} aria-label={`Delete inbox ${name}`}>
        <Trash2 className="size-4" aria-hidden />
        Delete
      </Button>
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this inbox?"
        description="Its stored deliveries are deleted. A webhook still pointing here gets 404 answers: delete or edit it on the Webhooks page."
        testId="delete-inbox-dialog"
      >
        {remove.error ? <ErrorPanel error={remove.error} title="The inbox was not deleted" className="mb-4" /> : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => setOpen(false)} disabled={remove.isPending} autoFocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(inboxId, {
                onSuccess: () => {
                  toast.success(`Deleted inbox ${name}`);
                  router.push("/inbox");
                },
              })
            }
          >
            {remove.isPending ? <Spinner /> : null}
            Delete inbox
          </Button>
        </div>
      </AppDialog>
    </>
  );
}
