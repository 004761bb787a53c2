"use client";

import { FilePlus, Lock, Search, X } from "lucide-react";
import type { TreeActions } from "../file-actions";

/**
 * Above the tree: the name filter (Esc clears it), the "locked only" filter with the count of locked files, and New
 * file (in the open file's folder) when the tree has actions.
 */
export function TreeToolbar({
  query,
  onQueryChange,
  lockedOnly,
  onToggleLockedOnly,
  lockedTotal,
  newFileFolder,
  actions,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  lockedOnly: boolean;
  onToggleLockedOnly: () => void;
  lockedTotal: number;
  /** Where New file puts the file ("" for the top). */
  newFileFolder: string;
  actions: TreeActions | null;
}) {
  return (
    <div className="flex items-center gap-1.5 border-b border-border p-2">
      <label className="relative min-w-0 flex-1">
        <span className="sr-only">Filter files by name</span>
        <Search
          className="pointer-events-none absolute top-1/2 left-2 size-3.5 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <input
          type="search"
          data-testid="file-filter"
          data-page-search
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape" && query) {
              e.preventDefault();
              e.stopPropagation();
              onQueryChange("");
            }
          }}
          placeholder="Filter files…"
          className="h-8 w-full rounded-md border border-border bg-background pr-7 pl-7 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        {query ? (
          <button
            type="button"
            onClick={() => onQueryChange("")}
            aria-label="Clear the filter"
            className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-0.5 text-muted-foreground hover:text-foreground"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        ) : null}
      </label>
      <button
        type="button"
        data-testid="locked-filter"
        aria-pressed={lockedOnly}
        onClick={onToggleLockedOnly}
        title="Show only locked files"
        className="inline-flex h-8 shrink-0 items-center gap-1 rounded-md border border-border px-2 text-xs text-muted-foreground hover:bg-muted aria-pressed:border-amber-500/60 aria-pressed:bg-amber-500/10 aria-pressed:text-foreground"
      >
        <Lock className="size-3.5" aria-hidden />
        Locked
        <span className="tabular-nums">{lockedTotal}</span>
      </button>
      {actions ? (
        <button
          type="button"
          data-testid="new-file"
          onClick={() => actions.onNew(newFileFolder)}
          disabled={!!actions.disabledReason}
          aria-label="New file"
          title={actions.disabledReason ? `New file: ${actions.disabledReason}` : "New file"}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md border border-border text-muted-foreground hover:bg-muted hover:text-foreground disabled:cursor-not-allowed disabled:opacity-50"
        >
          <FilePlus className="size-3.5" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
