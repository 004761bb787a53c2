"use client";

import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { AppDialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { isUnsupported, useRotateSecret } from "@/lib/hooks/use-webhook-debugging";
import { Control } from "./debug-control";
import { inboxIdOfUrl } from "./inbox-link";

/**
 * Rotate the signing secret: confirm, then the new secret shown once. For 24 hours deliveries carry signatures with
 * both secrets, so the receiver can switch over without losing one. A webhook delivering to this dashboard's inbox
 * gets the new secret attached to the inbox at once.
 */
export function RotateSecret({ hookId, url }: { hookId: string; url: string }) {
  const rotate = useRotateSecret(hookId);
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const inboxId = inboxIdOfUrl(url);
  const unsupported = isUnsupported(rotate.error) ? "This deployment does not offer secret rotation." : null;
  return (
    <Control title="Signing secret" unsupported={unsupported}>
      <p className="text-xs text-muted-foreground">
        A new secret; the old one keeps signing too for 24 hours, then stops.
      </p>
      <Button
        size="sm"
        data-testid="rotate-secret"
        disabled={unsupported !== null}
        onClick={() => {
          rotate.reset();
          setConfirming(true);
        }}
      >
        <KeyRound className="size-3.5" aria-hidden />
        Rotate secret
      </Button>
      <AppDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate the signing secret?"
        description="Deliveries are signed with both secrets for 24 hours; after that, receivers holding only the old one reject them."
      >
        <div className="space-y-3">
          {rotate.error && !isUnsupported(rotate.error) ? (
            <ErrorPanel error={rotate.error} title="The secret could not be rotated" />
          ) : null}
          <div className="flex justify-end gap-2">
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button
              variant="primary"
              data-testid="confirm-rotate-secret"
              disabled={rotate.isPending}
              onClick={() =>
                rotate.mutate(inboxId, {
                  onSuccess: (r) => {
                    setConfirming(false);
                    setSecret(r.secret);
                  },
                  onError: (error) => {
                    if (isUnsupported(error)) setConfirming(false);
                  },
                })
              }
            >
              {rotate.isPending ? <Spinner /> : null}
              Rotate
            </Button>
          </div>
        </div>
      </AppDialog>
      <AppDialog
        open={secret !== null}
        onOpenChange={(open) => (open ? null : setSecret(null))}
        title="The new signing secret"
        description={
          inboxId
            ? "This dashboard's inbox already verifies with it. Copy it if another receiver needs it."
            : "Give it to your receiver within 24 hours: then the old secret stops signing."
        }
        testId="rotated-secret-dialog"
        dismissible={false}
      >
        <div className="space-y-4">
          <div className="flex items-center gap-2 rounded-md border border-border bg-muted px-3 py-2">
            <code data-testid="rotated-secret" className="min-w-0 flex-1 font-mono text-xs break-all select-all">
              {secret}
            </code>
            <CopyButton value={secret ?? ""} label="Copy secret" className="size-8" />
          </div>
          <p className="text-xs text-muted-foreground">You won&apos;t see this secret again.</p>
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => setSecret(null)} autoFocus>
              I have stored the secret
            </Button>
          </div>
        </div>
      </AppDialog>
    </Control>
  );
}
