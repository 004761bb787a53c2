"use client";

import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { AppDialog } from "@/components/ui/dialog";

/**
 * A secret shown this once (an API key, an invitation's link): the service never returns it again. The dialog closes
 * only through its button, never by a stray click or Esc.
 */
export function OneTimeSecretDialog({
  secret,
  title,
  description,
  label,
  warning,
  testId,
  onDone,
}: {
  /** Null: closed. */
  secret: string | null;
  title: string;
  description: ReactNode;
  label: string;
  warning: ReactNode;
  /** The dialog's test id; the secret's is `<testId>-value`. */
  testId: string;
  onDone: () => void;
}) {
  return (
    <AppDialog
      open={secret !== null}
      onOpenChange={(open) => (open ? null : onDone())}
      title={title}
      description={description}
      testId={testId}
      dismissible={false}
    >
      {secret !== null ? (
        <div className="space-y-4">
          <div className="space-y-1.5">
            <p className="text-sm font-medium">{label}</p>
            <div className="flex items-center gap-2 rounded-md border border-border bg-muted px-3 py-2">
              <code data-testid={`${testId}-value`} className="min-w-0 flex-1 font-mono text-xs break-all select-all">
                {secret}
              </code>
              <CopyButton value={secret} label={`Copy ${label.toLowerCase()}`} className="size-8" />
            </div>
          </div>
          <p
            role="note"
            className="flex items-start gap-2 rounded-md border border-danger-border bg-danger-muted px-3 py-2 text-sm"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
            <span>{warning}</span>
          </p>
          <div className="flex justify-end">
            <Button variant="primary" onClick={onDone} autoFocus>
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </AppDialog>
  );
}
