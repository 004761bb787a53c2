"use client";

import { WebhookDeliveryStatus, WebhookEvent, type WebhookDeliveryFilter } from "@/lib/api/schemas";

const SELECT = "h-8 rounded-md border border-input bg-background px-2 text-sm";

/** The deliveries listing's filters: status and event (`?status=&type=`); "any" leaves one out. */
export function DeliveryFilters({
  filter,
  onChange,
}: {
  filter: WebhookDeliveryFilter;
  onChange: (filter: WebhookDeliveryFilter) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="flex items-center gap-1 text-xs text-muted-foreground">
        Status
        <select
          data-testid="deliveries-status-filter"
          className={SELECT}
          value={filter.status ?? ""}
          onChange={(e) =>
            onChange({ ...filter, status: WebhookDeliveryStatus.optional().parse(e.target.value || undefined) })
          }
        >
          <option value="">any</option>
          {WebhookDeliveryStatus.options.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1 text-xs text-muted-foreground">
        Event
        <select
          data-testid="deliveries-event-filter"
          className={SELECT}
          value={filter.type ?? ""}
          onChange={(e) => onChange({ ...filter, type: WebhookEvent.optional().parse(e.target.value || undefined) })}
        >
          <option value="">any</option>
          {WebhookEvent.options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
