import type { WebhookEvent } from "@/lib/api/schemas";

/** The subscribed events as small monospace chips. */
export function EventBadges({ events, max }: { events: readonly WebhookEvent[]; max?: number }) {
  const shown = max !== undefined && events.length > max ? events.slice(0, max) : events;
  const rest = events.length - shown.length;
  return (
    <span className="flex flex-wrap gap-1" aria-label={`Events: ${events.join(", ")}`}>
      {shown.map((e) => (
        <span key={e} className="rounded bg-muted px-1.5 py-0.5 font-mono text-[11px] text-muted-foreground">
          {e}
        </span>
      ))}
      {rest > 0 ? <span className="px-1 text-[11px] text-muted-foreground">+{rest} more</span> : null}
    </span>
  );
}

export function DisabledBadge({ reason }: { reason?: string }) {
  return (
    <span
      className="rounded-full border border-danger-border px-2 text-xs font-medium text-danger"
      title={reason ?? "No deliveries are attempted until it is enabled again."}
      data-testid="webhook-disabled"
    >
      disabled
    </span>
  );
}
