"use client";

import { TypedDeleteDialog } from "@/components/ui/typed-delete-dialog";

/** Confirms an irreversible delete by typing the webhook's name (docs/ui.md); its queued deliveries are dropped. */
export function DeleteWebhookDialog({
  hook,
  onOpenChange,
  onConfirm,
  pending,
  error,
}: {
  hook: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (hook: { id: string; name: string }) => void;
  pending: boolean;
  error: unknown;
}) {
  return (
    <TypedDeleteDialog
      name={hook?.name ?? null}
      title="Delete webhook?"
      testId="delete-webhook-dialog"
      description={
        <>
          <span className="font-medium text-foreground">{hook?.name}</span> stops receiving events and its queued
          deliveries are dropped. This cannot be undone.
        </>
      }
      confirmLabel="Delete webhook"
      errorTitle="The webhook was not deleted"
      onOpenChange={onOpenChange}
      onConfirm={() => hook && onConfirm(hook)}
      pending={pending}
      error={error}
    />
  );
}
