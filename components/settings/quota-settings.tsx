"use client";

import { formatBytes } from "@/components/files/download";
import { ErrorPanel } from "@/components/ui/error-panel";
import { formatNumber } from "@/components/ui/format";
import { clockText, waitText } from "@/lib/api/retry-after";
import type { Quota, QuotaName } from "@/lib/api/schemas";
import { isQuotasUnsupported, useQuotas } from "@/lib/hooks/use-quotas";
import { SettingsSection } from "./settings-section";

const LABELS: Record<QuotaName, string> = {
  api_requests: "API requests",
  chat_messages: "Chat messages",
  file_uploads_bytes: "File uploads",
  deployments: "Deployments",
};

const amount = (quota: Quota, n: number) => (quota.name === "file_uploads_bytes" ? formatBytes(n) : formatNumber(n));

/**
 * When the day's counts start again: "00:00 UTC, in 3 h 5 min". Whole seconds rounded up: rounded down, a `now` in the
 * second half of its second would show the reset at 23:59.
 */
function resetText(resetsAt: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(resetsAt) - now) / 1000));
  return `${clockText(seconds, now)}, in ${waitText(seconds)}`;
}

/** The daily quotas and what was used today: quota, used, limit, left; `now` is when they were read. */
export function QuotasTable({ quotas, now }: { quotas: readonly Quota[]; now: number }) {
  if (quotas.every((q) => q.limit === null)) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="quotas-off">
        Quotas are off: the service refuses nothing for daily use. Set EMBEDDED_QUOTAS=spec (or one
        EMBEDDED_QUOTA_&lt;NAME&gt;) on the server to turn them on.
      </p>
    );
  }
  const resetsAt = quotas[0]?.resetsAt;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="quotas-table">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Quota
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Used today
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Daily limit
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Left
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {quotas.map((q) => {
              const exhausted = q.limit !== null && q.used >= q.limit;
              return (
                <tr key={q.name} data-testid="quota" data-name={q.name} data-exhausted={exhausted || undefined}>
                  <th scope="row" className="py-1.5 pr-3 font-normal">
                    {LABELS[q.name]}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{amount(q, q.used)}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">
                    {q.limit === null ? <span className="text-muted-foreground">off</span> : amount(q, q.limit)}
                  </td>
                  <td
                    className={
                      exhausted ? "py-1.5 text-right font-medium text-danger" : "py-1.5 text-right tabular-nums"
                    }
                  >
                    {q.limit === null ? "—" : exhausted ? "none" : amount(q, q.limit - q.used)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {resetsAt ? (
        <p className="text-xs text-muted-foreground" data-testid="quotas-reset">
          Counts start again at {resetText(resetsAt, now)}.
        </p>
      ) : null}
    </div>
  );
}

/** The service's daily quotas (interface.md Part 8) and today's use, from GET /v2/quotas. */
export function QuotaSettings() {
  const quotas = useQuotas();
  return (
    <SettingsSection
      id="quotas"
      title="Quotas"
      description="Daily limits of the service (API requests, chat messages, file uploads, deployments), counted per UTC day."
    >
      {quotas.data ? (
        <QuotasTable quotas={quotas.data.quotas} now={quotas.dataUpdatedAt} />
      ) : quotas.error && isQuotasUnsupported(quotas.error) ? (
        <p className="text-sm text-muted-foreground" data-testid="quotas-unsupported">
          This service does not report its quotas (GET /v2/quotas is the embedded service&apos;s extension).
        </p>
      ) : quotas.error ? (
        <ErrorPanel error={quotas.error} title="The quotas could not be loaded" onRetry={() => void quotas.refetch()} />
      ) : (
        <p className="text-sm text-muted-foreground">Loading…</p>
      )}
    </SettingsSection>
  );
}
