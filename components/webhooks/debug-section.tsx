"use client";

import { History, Send } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { WebhookEvent } from "@/lib/api/schemas";
import { isUnsupported, useReplayDeliveries, useSendTestEvent } from "@/lib/hooks/use-webhook-debugging";
import { Control } from "./debug-control";
import { RotateSecret } from "./rotate-secret";

/**
 * Debugging the webhook in place: send a signed example of any event now, replay what failed since a time, rotate
 * the signing secret. Each control steps aside with a note when the deployment answers its endpoint with a 404.
 */
export function DebugSection({ hookId, url, disabled }: { hookId: string; url: string; disabled: boolean }) {
  return (
    <section aria-labelledby="debug-heading" className="space-y-3" data-testid="debug-section">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="debug-heading" className="text-base font-semibold">
          Test and replay
        </h2>
        <Link href="/webhooks/events" className="text-xs text-muted-foreground hover:text-foreground hover:underline">
          Event catalog
        </Link>
      </div>
      <div className="grid gap-3 rounded-lg border border-border bg-card p-4 text-sm md:grid-cols-3">
        <TestEvent hookId={hookId} />
        <Replay hookId={hookId} disabled={disabled} />
        <RotateSecret hookId={hookId} url={url} />
      </div>
    </section>
  );
}

/** A toast for a failure, except a 404 of the deployment lacking the endpoint (the control's note says that). */
const reportError = (title: string) => (error: unknown) => {
  if (!isUnsupported(error)) toast.error(title, { description: describeError(error).message });
};

const FIELD = "h-8 w-full rounded-md border border-input bg-background px-2 text-sm disabled:opacity-50";

function TestEvent({ hookId }: { hookId: string }) {
  const send = useSendTestEvent(hookId);
  const [event, setEvent] = useState<WebhookEvent>("chat.created");
  const unsupported = isUnsupported(send.error) ? "This deployment does not offer test events." : null;
  return (
    <Control title="Send test event" unsupported={unsupported}>
      <p className="text-xs text-muted-foreground">The event&apos;s example, signed and delivered now.</p>
      <label className="sr-only" htmlFor="test-event-type">
        Event
      </label>
      <select
        id="test-event-type"
        data-testid="test-event-type"
        value={event}
        onChange={(e) => setEvent(e.target.value as WebhookEvent)}
        className={FIELD}
        disabled={unsupported !== null}
      >
        {WebhookEvent.options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        data-testid="send-test-event"
        disabled={send.isPending || unsupported !== null}
        onClick={() =>
          send.mutate(event, {
            onSuccess: (delivery) => {
              const last = delivery.attempts.at(-1);
              if (last?.ok) toast.success(`Test ${event} delivered`, { description: `HTTP ${last.statusCode}` });
              else
                toast.error(`Test ${event} failed`, {
                  description: last?.error ?? `HTTP ${last?.statusCode ?? "no answer"}; it will be retried.`,
                });
            },
            onError: reportError("Could not send the test event"),
          })
        }
      >
        {send.isPending ? <Spinner /> : <Send className="size-3.5" aria-hidden />}
        Send test event
      </Button>
    </Control>
  );
}

/** `datetime-local` value (local time, minutes) of a date. */
function localInput(d: Date): string {
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function Replay({ hookId, disabled }: { hookId: string; disabled: boolean }) {
  const replay = useReplayDeliveries(hookId);
  const [since, setSince] = useState(() => localInput(new Date(Date.now() - 24 * 60 * 60 * 1000)));
  const [all, setAll] = useState(false);
  const unsupported = isUnsupported(replay.error) ? "This deployment does not offer replay." : null;
  const sinceDate = new Date(since);
  const valid = since !== "" && !Number.isNaN(sinceDate.getTime());
  return (
    <Control title={all ? "Replay all" : "Replay failed"} unsupported={unsupported}>
      <p className="text-xs text-muted-foreground">
        Send again every delivery since this time {all ? "" : "whose last attempt failed"}.
      </p>
      <label className="sr-only" htmlFor="replay-since">
        Since
      </label>
      <input
        id="replay-since"
        data-testid="replay-since"
        type="datetime-local"
        value={since}
        onChange={(e) => setSince(e.target.value)}
        className={FIELD}
        disabled={unsupported !== null}
      />
      <label className="flex items-center gap-2 text-xs">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} data-testid="replay-all" />
        Succeeded ones too
      </label>
      <Button
        size="sm"
        data-testid="replay-deliveries"
        disabled={replay.isPending || !valid || disabled || unsupported !== null}
        title={disabled ? "The webhook is disabled: enable it first" : undefined}
        onClick={() =>
          replay.mutate(
            { since: sinceDate.toISOString(), ...(all ? { status: "all" as const } : {}) },
            {
              onSuccess: ({ replayed }) =>
                toast.success(
                  replayed ? `Replaying ${replayed} deliver${replayed === 1 ? "y" : "ies"}` : "Nothing to replay",
                ),
              onError: reportError("Could not replay"),
            },
          )
        }
      >
        {replay.isPending ? <Spinner /> : <History className="size-3.5" aria-hidden />}
        {all ? "Replay all" : "Replay failed"}
      </Button>
    </Control>
  );
}
