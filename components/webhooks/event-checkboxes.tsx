"use client";

import type { WebhookEvent } from "@/lib/api/schemas";
import { WEBHOOK_EVENTS } from "@/lib/hooks/use-webhooks";

/** The seven events as labelled checkboxes, each with what causes it; "all" / "none" shortcuts. */
export function EventCheckboxes({
  value,
  onChange,
  error,
  disabled,
}: {
  value: readonly WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const chosen = new Set(value);
  const toggle = (event: WebhookEvent, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(event);
    else next.delete(event);
    // Keep the order of the list, whatever order they were clicked in.
    onChange(WEBHOOK_EVENTS.map((e) => e.event).filter((e) => next.has(e)));
  };
  return (
    <fieldset
      className="space-y-2"
      aria-describedby={error ? "webhook-events-error" : undefined}
      aria-invalid={error ? true : undefined}
    >
      <div className="flex items-center justify-between gap-2">
        <legend className="text-sm font-medium">Events</legend>
        <div className="flex gap-2 text-xs">
          <button
            type="button"
            className="text-muted-foreground underline-offset-2 hover:text-foreground hover:underline disabled:opacity-50"
            onClick={() => onChange(WEBHOOK_EVENTS.map((e) => e.event))}
            disabled={disabled}
          >
            Select all
          </button>
          <button
            type="button"
            className="text-muted-foreground underline-offset-2 hover:text-foreground hover:underline disabled:opacity-50"
            onClick={() => onChange([])}
            disabled={disabled}
          >
            Clear
          </button>
        </div>
      </div>
      <ul className="grid gap-1 rounded-md border border-border p-1 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map(({ event, description }) => {
          const id = `webhook-event-${event.replace(".", "-")}`;
          return (
            <li key={event}>
              <label htmlFor={id} className="flex cursor-pointer items-start gap-2 rounded px-2 py-1.5 hover:bg-muted">
                <input
                  id={id}
                  type="checkbox"
                  name="events"
                  value={event}
                  checked={chosen.has(event)}
                  onChange={(e) => toggle(event, e.target.checked)}
                  disabled={disabled}
                  aria-describedby={`${id}-hint`}
                  className="mt-0.5 size-4 shrink-0 rounded border-input accent-primary"
                />
                <span className="min-w-0 space-y-0.5">
                  <span className="block font-mono text-xs font-medium">{event}</span>
                  <span id={`${id}-hint`} className="block text-xs text-muted-foreground">
                    {description}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id="webhook-events-error" className="text-xs text-danger" data-testid="field-error-events">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
