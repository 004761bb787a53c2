"use client";

import { useEffect } from "react";
import { toast } from "sonner";
import type { Webhook } from "@/lib/api/schemas";
import { useUpdateWebhook } from "@/lib/hooks/use-webhooks";
import { AppDialog } from "@/components/ui/dialog";
import { WebhookForm } from "./webhook-form";
import { formValuesOfHook } from "./webhook-form-model";

/** Edit name, URL and events (PATCH); a new URL also enables a webhook a 410 disabled. */
export function EditWebhookDialog({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  const update = useUpdateWebhook();
  const { reset } = update;
  useEffect(() => reset(), [hook?.id, reset]);
  return (
    <AppDialog
      open={hook !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={hook ? `Edit ${hook.name}` : "Edit webhook"}
      testId="edit-webhook-dialog"
      className="max-w-2xl"
    >
      {hook ? (
        <WebhookForm
          key={hook.id}
          mode="edit"
          initial={formValuesOfHook(hook)}
          submitting={update.isPending}
          error={update.error}
          onCancel={onClose}
          onSubmit={(values) =>
            update.mutate(
              { hookId: hook.id, body: { name: values.name, url: values.url, events: values.events } },
              {
                onSuccess: (saved) => {
                  onClose();
                  toast.success(`Saved ${saved.name}`, {
                    description: hook.disabled && !saved.disabled ? "The new URL enabled it again." : undefined,
                  });
                },
              },
            )
          }
        />
      ) : null}
    </AppDialog>
  );
}
