"use client";

import { KeyRound, TriangleAlert } from "lucide-react";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";

/** What the page knows of the person's stored key: its last characters and when it was saved (never the key). */
export interface UpstreamKeyInfo {
  hint: string;
  updatedAt: string;
}

export interface UpstreamKeyState {
  error: string | null;
  info: UpstreamKeyInfo | null;
}

/**
 * "Your API key for <host>" (a remote deployment only): the person's own key, used for their requests instead of the
 * server-held one. Checked with the deployment before it is saved, sealed at rest, never sent back to the browser.
 */
export function UpstreamKeySettings({
  host,
  initial,
  action,
}: {
  host: string;
  initial: UpstreamKeyInfo | null;
  /** Saves (`intent` save, `key`) or forgets (`intent` remove) the key. */
  action: (state: UpstreamKeyState, formData: FormData) => Promise<UpstreamKeyState>;
}) {
  const [state, formAction, pending] = useActionState(action, { error: null, info: initial });
  return (
    <div className="space-y-3 border-t border-border pt-3" data-testid="upstream-key">
      <div className="space-y-1">
        <h3 className="flex items-center gap-1.5 text-sm font-medium">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden />
          Your API key for {host}
        </h3>
        <p className="text-sm text-muted-foreground">
          With a key of your own, your requests reach {host} as you; without one they use the server&apos;s key. It is
          kept encrypted on the server and never shown again.
        </p>
      </div>
      {state.info ? (
        <form
          action={formAction}
          className="flex flex-wrap items-center gap-3 text-sm"
          data-testid="upstream-key-saved"
        >
          <input type="hidden" name="intent" value="remove" />
          <span>
            Saved: a key ending in <code className="font-mono">…{state.info.hint}</code>,{" "}
            <RelativeTime iso={state.info.updatedAt} />
          </span>
          <Button type="submit" size="sm" variant="ghost" disabled={pending} className="ml-auto">
            Remove
          </Button>
        </form>
      ) : null}
      <form action={formAction} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="save" />
        <TextField
          id="upstream-key-input"
          name="key"
          label={state.info ? "Replace it" : "API key"}
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          className="min-w-64 flex-1"
        />
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? <Spinner /> : null}
          Save key
        </Button>
      </form>
      {state.error ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-danger" data-testid="upstream-key-error">
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
