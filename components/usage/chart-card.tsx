"use client";

import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

/**
 * One chart of the Usage page with its data as a table: the table is always in the page for screen readers
 * (visually hidden; the chart itself is hidden from them) and "Show as table" shows it instead of the chart.
 */
export function ChartCard({
  title,
  description,
  chart,
  table,
  testId,
}: {
  title: string;
  description?: string;
  chart: ReactNode;
  table: ReactNode;
  testId?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-card p-4" data-testid={testId}>
      <div className="mb-3 flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-sm font-medium">
            {title}
          </h2>
          {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
        </div>
        <Button size="sm" variant="ghost" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? "Show as chart" : "Show as table"}
        </Button>
      </div>
      {asTable ? null : (
        <div className="h-56 text-muted-foreground" aria-hidden>
          {chart}
        </div>
      )}
      <div className={cn(asTable ? "max-h-72 overflow-y-auto" : "sr-only")}>{table}</div>
    </section>
  );
}
