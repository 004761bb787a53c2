"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { inputClass } from "@/components/ui/text-field";
import { AppDialog } from "@/components/ui/dialog";

/** Confirms an irreversible delete by typing the webhook's name (UI.md); its queued deliveries are dropped. */
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
  const [typed, setTyped] = useState("");
  useEffect(() => setTyped(""), [hook?.id]);
  const matches = hook !== null && typed.trim() === hook.name.trim();
  return (
    <AppDialog
      open={hook !== null}
      onOpenChange={onOpenChange}
      title="Delete webhook?"
      testId="delete-webhook-dialog"
      description={
        <>
          <span className="font-medium text-foreground">{hook?.name}</span> stops receiving events and its queued deliveries are
          dropped. This cannot be undone.
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (matches && hook) onConfirm(hook);
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor="delete-webhook-confirm" className="text-sm">
            Type <strong className="font-mono">{hook?.name}</strong> to confirm
          </label>
          <input
            id="delete-webhook-confirm"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className={inputClass}
            autoComplete="off"
            autoFocus
            disabled={pending}
          />
        </div>
        {error ? <ErrorPanel error={error} title="The webhook was not deleted" /> : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={pending || !matches}>
            {pending ? <Spinner /> : null}
            Delete webhook
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
