"use client";

import { BookOpen, Plus, Webhook as WebhookIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import type { Webhook } from "@/lib/api/schemas";
import type { WebhookRead } from "@/lib/api/lenient";
import { UnreadableItems } from "@/components/ui/unreadable-items";
import { useDeleteWebhook, useWebhookList } from "@/lib/hooks/use-webhooks";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { DeliverToDashboardButton } from "./deliver-to-dashboard-button";
import { EditWebhookDialog } from "./edit-webhook-dialog";
import { SecretDialog } from "./secret-dialog";
import { WebhookRow } from "./webhook-row";

/** The webhooks page: list, create (secret shown once), edit, delete; one click to deliver to this dashboard. */
export function WebhooksView() {
  const list = useWebhookList();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<WebhookRead | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description="The service POSTs chat and message events to these URLs, signed (Standard Webhooks) and retried for about a day until a 2xx answer."
        actions={
          <>
            <Link
              href="/webhooks/events"
              className="inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm text-muted-foreground hover:bg-muted hover:text-foreground"
              data-testid="event-catalog-link"
            >
              <BookOpen className="size-4" aria-hidden />
              Event catalog
            </Link>
            <DeliverToDashboardButton />
            <Button variant="primary" onClick={() => setCreating(true)} data-testid="new-webhook">
              <Plus className="size-4" aria-hidden />
              New webhook
            </Button>
          </>
        }
      />

      {list.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading webhooks">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : list.error ? (
        <ErrorPanel error={list.error} title="The webhooks could not be loaded" onRetry={() => void list.refetch()} />
      ) : list.hooks.length === 0 ? (
        <EmptyState icon={WebhookIcon} title="No webhooks yet">
          Create one to send chat and message events to your own endpoint, or choose “Deliver to this dashboard” to
          watch them arrive in the Inbox.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Webhooks">
          {list.hooks.map((item) => (
            <WebhookRow
              key={item.id}
              item={item}
              onEdit={setEditing}
              onDelete={(hook) => {
                remove.reset();
                setDeleting(hook);
              }}
            />
          ))}
        </ul>
      )}
      <UnreadableItems items={list.data?.unreadable ?? []} what="webhook" />

      <CreateWebhookDialog open={creating} onOpenChange={setCreating} onCreated={setCreated} />
      <SecretDialog created={created} onDone={() => setCreated(null)} />
      <EditWebhookDialog hook={editing} onClose={() => setEditing(null)} />
      <DeleteWebhookDialog
        hook={deleting}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={(hook) =>
          remove.mutate(hook.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(`Deleted ${hook.name}`);
            },
          })
        }
      />
    </div>
  );
}
