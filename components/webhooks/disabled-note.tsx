"use client";

import { Power } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { useUpdateWebhook } from "@/lib/hooks/use-webhooks";

/**
 * Why the service stopped delivering (a 410 Gone, 5 days of nothing but failures, or by hand) and one click to
 * enable the webhook again (PATCH `{disabled: false}`): what waited meanwhile goes out then.
 */
export function DisabledNote({ hookId, reason }: { hookId: string; reason?: string }) {
  const update = useUpdateWebhook();
  return (
    <div
      role="note"
      data-testid="webhook-disabled-note"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-danger-border bg-danger-muted px-3 py-2 text-sm"
    >
      <p className="min-w-0">
        <strong>Disabled:</strong> the service stopped delivering.{" "}
        {reason ?? "The deployment gave no reason; changing the URL may enable it again."}
      </p>
      <Button
        size="sm"
        data-testid="enable-webhook"
        disabled={update.isPending}
        onClick={() =>
          update.mutate(
            { hookId, body: { disabled: false } },
            {
              onSuccess: (hook) =>
                hook.disabled
                  ? toast.error("The deployment kept the webhook disabled", {
                      description: "It may not support enabling by hand: change the URL instead.",
                    })
                  : toast.success("Webhook enabled"),
              onError: (error) => toast.error("Could not enable", { description: describeError(error).message }),
            },
          )
        }
      >
        {update.isPending ? <Spinner /> : <Power className="size-3.5" aria-hidden />}
        Enable
      </Button>
    </div>
  );
}
