"use client";

import { Inbox, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { MonoId } from "@/components/ui/mono-id";
import { BackLink, RecordState } from "@/components/ui/record-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { useDeleteWebhook, useWebhook } from "@/lib/hooks/use-webhooks";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { DebugSection } from "./debug-section";
import { DeliveriesSection } from "./deliveries-section";
import { DisabledNote } from "./disabled-note";
import { EditWebhookDialog } from "./edit-webhook-dialog";
import { DisabledBadge, EventBadges } from "./event-badges";
import { inboxIdOfUrl } from "./inbox-link";

/** A webhook's page: its settings (edit, delete) and, when the upstream lists them, its deliveries. */
export function WebhookDetail({ hookId }: { hookId: string }) {
  const router = useRouter();
  const query = useWebhook(hookId);
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const back = <BackLink href="/webhooks">Webhooks</BackLink>;

  if (!query.data) return <RecordState query={query} back={back} what="webhook" />;

  const hook = query.data;
  const inboxId = inboxIdOfUrl(hook.url);
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        {back}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h1 className="truncate text-xl font-semibold tracking-tight" data-testid="webhook-title">
              {hook.name}
            </h1>
            {hook.disabled ? <DisabledBadge reason={hook.disabledReason} /> : null}
          </div>
          <div className="flex gap-2">
            <Button onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden />
              Edit
            </Button>
            <Button
              onClick={() => {
                remove.reset();
                setDeleting(true);
              }}
            >
              <Trash2 className="size-4" aria-hidden />
              Delete
            </Button>
          </div>
        </div>
        {hook.disabled ? <DisabledNote hookId={hook.id} reason={hook.disabledReason} /> : null}
      </div>

      <section aria-labelledby="settings-heading" className="space-y-3">
        <h2 id="settings-heading" className="text-base font-semibold">
          Settings
        </h2>
        <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-border bg-card p-4 text-sm sm:grid-cols-[9rem_1fr]">
          <Row label="URL">
            <span className="flex min-w-0 items-center gap-1">
              <code className="truncate font-mono text-xs" title={hook.url} data-testid="webhook-url">
                {hook.url}
              </code>
              <CopyButton value={hook.url} label="Copy URL" />
            </span>
            {inboxId ? (
              <Link
                href={`/inbox/${encodeURIComponent(inboxId)}`}
                className="mt-1 inline-flex items-center gap-1 text-xs hover:underline"
              >
                <Inbox className="size-3.5" aria-hidden />
                This dashboard&apos;s inbox: see what arrived
              </Link>
            ) : null}
          </Row>
          <Row label="Events">
            <EventBadges events={hook.events} />
          </Row>
          <Row label="Scope">
            {hook.chatId ? (
              <Link className="font-mono text-xs hover:underline" href={`/chats/${encodeURIComponent(hook.chatId)}`}>
                {hook.chatId}
              </Link>
            ) : (
              "All chats"
            )}
          </Row>
          <Row label="Created">
            <RelativeTime iso={hook.createdAt} />
          </Row>
          <Row label="Id">
            <MonoId id={hook.id} label="webhook id" />
          </Row>
          <Row label="Signing secret">
            <span className="text-muted-foreground">Shown once when the webhook was created.</span>
          </Row>
        </dl>
      </section>

      <DebugSection hookId={hook.id} url={hook.url} disabled={hook.disabled === true} />

      <DeliveriesSection hookId={hook.id} disabled={hook.disabled === true} />

      <EditWebhookDialog hook={editing ? hook : null} onClose={() => setEditing(false)} />
      <DeleteWebhookDialog
        hook={deleting ? hook : null}
        onOpenChange={setDeleting}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={(h) =>
          remove.mutate(h.id, {
            onSuccess: () => {
              toast.success(`Deleted ${h.name}`);
              router.push("/webhooks");
            },
          })
        }
      />
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
