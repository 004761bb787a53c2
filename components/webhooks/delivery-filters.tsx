"use client";

import type { z } from "zod";
import { WebhookDeliveryStatus, WebhookEvent, type WebhookDeliveryFilter } from "@/lib/api/schemas";

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
      <FilterSelect
        label="Status"
        testId="deliveries-status-filter"
        values={WebhookDeliveryStatus}
        value={filter.status}
        onChange={(status) => onChange({ ...filter, status })}
      />
      <FilterSelect
        label="Event"
        testId="deliveries-event-filter"
        values={WebhookEvent}
        value={filter.type}
        onChange={(type) => onChange({ ...filter, type })}
      />
    </div>
  );
}

function FilterSelect<const T extends string>({
  label,
  testId,
  values,
  value,
  onChange,
}: {
  label: string;
  testId: string;
  values: z.ZodEnum<{ [K in T]: K }>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <label className="flex items-center gap-1 text-xs text-muted-foreground">
      {label}
      <select
        data-testid={testId}
        className="h-8 rounded-md border border-input bg-background px-2 text-sm"
        value={value ?? ""}
        onChange={(e) => onChange(values.optional().parse(e.target.value || undefined))}
      >
        <option value="">any</option>
        {values.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
