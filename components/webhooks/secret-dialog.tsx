"use client";

import { KeyRound, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { WebhookRead } from "@/lib/api/lenient";
import { AppDialog } from "@/components/ui/dialog";

/**
 * The signing secret of a new webhook, shown this once (the service never returns it again). The dialog
 * only closes through its button, so it is not dismissed by a stray click or Esc. A service that reveals no secret
 * (the real service's document answers a creation without one) gets a dialog that says so.
 */
export function SecretDialog({ created, onDone }: { created: WebhookRead | null; onDone: () => void }) {
  if (created && !created.secret) return <NoSecretDialog created={created} onDone={onDone} />;
  return (
    <AppDialog
      open={created !== null}
      onOpenChange={(open) => (open ? null : onDone())}
      title={created ? `${created.name} is ready` : "Webhook created"}
      description="Copy the signing secret and keep it with your receiver: it verifies that deliveries come from the service."
      testId="webhook-secret-dialog"
      dismissible={false}
    >
      {created ? (
        <div className="space-y-4">
          <div className="space-y-1.5">
            <p className="flex items-center gap-1.5 text-sm font-medium">
              <KeyRound className="size-4 text-muted-foreground" aria-hidden />
              Signing secret
            </p>
            <div className="flex items-center gap-2 rounded-md border border-border bg-muted px-3 py-2">
              <code
                data-testid="webhook-secret"
                data-id={created.id}
                className="min-w-0 flex-1 font-mono text-xs break-all select-all"
              >
                {created.secret}
              </code>
              <CopyButton value={created.secret ?? ""} label="Copy secret" className="size-8" />
            </div>
          </div>
          <p
            role="note"
            className="flex items-start gap-2 rounded-md border border-danger-border bg-danger-muted px-3 py-2 text-sm"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
            <span>
              <strong>You won&apos;t see this secret again.</strong> Store it now; if it is lost, delete the webhook and
              create a new one.
            </span>
          </p>
          <p className="text-xs text-muted-foreground">
            Deliveries follow Standard Webhooks: verify <code className="font-mono">webhook-signature</code>{" "}
            (HMAC-SHA256 over <code className="font-mono">id.timestamp.body</code>) and de-duplicate by{" "}
            <code className="font-mono">webhook-id</code>.
          </p>
          <div className="flex justify-end">
            <Button variant="primary" onClick={onDone} autoFocus>
              I have stored the secret
            </Button>
          </div>
        </div>
      ) : null}
    </AppDialog>
  );
}

function NoSecretDialog({ created, onDone }: { created: WebhookRead; onDone: () => void }) {
  return (
    <AppDialog
      open
      onOpenChange={(open) => (open ? null : onDone())}
      title={`${created.name} is ready`}
      description="The service did not reveal a signing secret for this webhook."
      testId="webhook-secret-dialog"
    >
      <div className="space-y-4">
        <p
          role="note"
          data-testid="webhook-no-secret"
          data-id={created.id}
          className="flex items-start gap-2 rounded-md border border-border bg-muted px-3 py-2 text-sm"
        >
          <KeyRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            Deliveries will arrive, but this dashboard cannot give you a secret to verify their signatures. Find the
            signing secret in the service&apos;s own settings if it has one, and verify{" "}
            <code className="font-mono">webhook-signature</code> in your receiver with it.
          </span>
        </p>
        <div className="flex justify-end">
          <Button variant="primary" onClick={onDone} autoFocus>
            Done
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
