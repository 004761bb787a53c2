"use client";

import { useEffect } from "react";
import { useCreateWebhook } from "@/lib/hooks/use-webhooks";
import type { WebhookRead } from "@/lib/api/lenient";
import { useDashboardDelivery } from "./use-dashboard-delivery";
import { AppDialog } from "@/components/ui/dialog";
import { WebhookForm } from "./webhook-form";
import type { WebhookFormValues } from "./webhook-form-model";

/** The "New webhook" dialog: to a URL (then the one-time secret is shown), or to this dashboard's inbox. */
export function CreateWebhookDialog({
  open,
  onOpenChange,
  onCreated,
  initial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: WebhookRead) => void;
  initial?: WebhookFormValues;
}) {
  const create = useCreateWebhook();
  const deliver = useDashboardDelivery(() => onOpenChange(false));
  const resetCreate = create.reset;
  const resetDeliver = deliver.reset;
  useEffect(() => {
    if (open) {
      resetCreate();
      resetDeliver();
    }
  }, [open, resetCreate, resetDeliver]);
  const submit = (values: WebhookFormValues) => {
    if (values.target === "dashboard") {
      deliver.start({ name: values.name, events: values.events, chatId: values.chatId });
      return;
    }
    create.mutate(
      { name: values.name, url: values.url, events: values.events, chatId: values.chatId },
      {
        onSuccess: (created) => {
          onOpenChange(false);
          onCreated(created);
        },
      },
    );
  };
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New webhook"
      testId="create-webhook-dialog"
      className="max-w-2xl"
    >
      {open ? (
        <WebhookForm
          mode="create"
          initial={initial}
          submitting={create.isPending || deliver.isPending}
          error={create.error ?? deliver.error}
          onCancel={() => onOpenChange(false)}
          onSubmit={submit}
        />
      ) : null}
    </AppDialog>
  );
}
