"use client";

import { ChevronLeft, ChevronRight, Download, ScrollText, X } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { saveBlob } from "@/components/files/download";
import { SettingsSection } from "@/components/settings/settings-section";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { AUDIT_ACTIONS, type AuditEntry, type AuditLogFilter } from "@/lib/api/schemas/team";
import { useAuditLogPage, useExportAuditLog, useMembers } from "@/lib/hooks/use-team";

const PAGE_SIZE = 50;

/** An entry's detail on one line (never a secret: the service keeps none in it). */
function detailText(detail: AuditEntry["detail"]): string {
  const entries = Object.entries(detail);
  if (!entries.length) return "";
  return entries.map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`).join(" · ");
}

const SELECT_CLASS = "h-8 max-w-56 rounded-md border border-input bg-background px-2 text-sm";

/** The two filters: one action, one person (each "any" when empty). */
function AuditFilters({ filter, onChange }: { filter: AuditLogFilter; onChange: (next: AuditLogFilter) => void }) {
  const members = useMembers();
  const people = members.data?.members ?? [];
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filter the audit log">
      <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
        Action
        <select
          className={SELECT_CLASS}
          value={filter.action ?? ""}
          onChange={(e) => onChange({ ...filter, action: e.target.value || undefined })}
          data-testid="audit-filter-action"
        >
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
        Person
        <select
          className={SELECT_CLASS}
          value={filter.actor ?? ""}
          onChange={(e) => onChange({ ...filter, actor: e.target.value || undefined })}
          data-testid="audit-filter-actor"
        >
          <option value="">Anyone</option>
          {/* A filter from a link may name someone no longer listed: kept as an option so the select says it. */}
          {filter.actor && !people.some((p) => p.id === filter.actor) ? (
            <option value={filter.actor}>{filter.actor}</option>
          ) : null}
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name || person.email}
            </option>
          ))}
        </select>
      </label>
      {filter.action || filter.actor ? (
        <Button size="sm" variant="ghost" onClick={() => onChange({})} data-testid="audit-filter-clear">
          <X className="size-3.5" aria-hidden />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Settings → Audit log (admins): who did what to what, newest first, a page at a time (time relative, the exact UTC
 * time in its tooltip), filtered by action and by person; "Export" downloads every entry kept (those the filters
 * let through) as JSON lines.
 */
export function AuditLogView() {
  const [filter, setFilter] = useState<AuditLogFilter>({});
  // The cursors of the pages seen so far: [null (the newest), next, …]; the last one is shown.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const page = useAuditLogPage(filter, cursor, PAGE_SIZE);
  const exporter = useExportAuditLog();
  const entries = page.data?.entries ?? [];
  const next = page.data?.cursor ?? null;
  const filtered = !!(filter.action || filter.actor);

  const changeFilter = (nextFilter: AuditLogFilter) => {
    setFilter(nextFilter);
    setCursors([null]);
  };

  const exportAll = () =>
    exporter.mutate(filter, {
      onSuccess: (blob) => {
        saveBlob(blob, `atelier-audit-log-${new Date().toISOString().slice(0, 10)}.jsonl`);
        toast.success("The audit log was exported");
      },
    });

  return (
    <SettingsSection
      id="audit-log"
      title="Audit log"
      description="Sign-ins, people, invitations, API keys, webhooks and settings: who did what, newest first. Entries are kept 90 days unless configured otherwise."
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={exportAll} disabled={exporter.isPending} data-testid="audit-export">
          {exporter.isPending ? <Spinner /> : <Download className="size-4" aria-hidden />}
          {filtered ? "Export these (JSON lines)" : "Export (JSON lines)"}
        </Button>
        <AuditFilters filter={filter} onChange={changeFilter} />
        <div className="ml-auto flex items-center gap-1">
          <span className="mr-2 text-xs text-muted-foreground" aria-live="polite">
            Page {cursors.length}
            {page.isFetching && !page.isPending ? " · loading…" : ""}
          </span>
          <Button
            size="sm"
            variant="ghost"
            disabled={cursors.length === 1}
            onClick={() => setCursors((all) => all.slice(0, -1))}
          >
            <ChevronLeft className="size-4" aria-hidden />
            Newer
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={!next || page.isPlaceholderData}
            onClick={() => next && setCursors((all) => [...all, next])}
          >
            Older
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      {exporter.error ? <ErrorPanel error={exporter.error} title="The export failed" /> : null}
      {page.isPending ? (
        <div className="space-y-2" aria-busy>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : page.error ? (
        <ErrorPanel error={page.error} title="The audit log could not be read" onRetry={() => page.refetch()} />
      ) : entries.length === 0 ? (
        filtered ? (
          <EmptyState icon={ScrollText} title="No entries match these filters">
            Nothing kept was done by this person or with this action.{" "}
            <button type="button" className="underline underline-offset-2" onClick={() => changeFilter({})}>
              Clear filters
            </button>
          </EmptyState>
        ) : (
          <EmptyState icon={ScrollText} title="Nothing recorded yet">
            Sign-ins, invitations and changes to people, keys and settings appear here.
          </EmptyState>
        )
      ) : (
        <div className="overflow-x-auto rounded-md border border-border">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="audit-log">
            <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Time
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Actor
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Action
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Target
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Detail
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {entries.map((entry) => {
                const detail = detailText(entry.detail);
                return (
                  <tr key={entry.id} data-testid="audit-entry" data-action={entry.action}>
                    <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                      <RelativeTime iso={entry.at} />
                    </td>
                    <td className="max-w-40 truncate px-3 py-2" title={entry.actor ?? undefined}>
                      {entry.actorName ?? entry.actor ?? <span className="text-muted-foreground">—</span>}
                    </td>
                    <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{entry.action}</td>
                    <td className="max-w-32 truncate px-3 py-2 font-mono text-xs" title={entry.target ?? undefined}>
                      {entry.target ?? <span className="text-muted-foreground">—</span>}
                    </td>
                    <td className="min-w-48 px-3 py-2 text-xs break-words text-muted-foreground">{detail || "—"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </SettingsSection>
  );
}
