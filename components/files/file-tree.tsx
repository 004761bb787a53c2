"use client";

import * as ContextMenu from "@radix-ui/react-context-menu";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ChevronRight, FilePlus, Lock, Pencil, Search, Trash2, X } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import {
  ancestorsOf,
  buildTree,
  filterTree,
  flattenTree,
  folderPaths,
  type TreeFolder,
  type TreeInput,
  type TreeRow,
} from "@/lib/api/files";
import { cn } from "@/components/ui/cn";
import type { ChangeKind } from "./changed-files";
import type { TreeActions } from "./file-actions";
import { FileIcon, FolderIcon } from "./file-icon";
import { UnsavedMarker } from "./unsaved-marker";
import { LockToggle, type LockState } from "./lock-toggle";

const ROW_HEIGHT = 28;
/** Up to this many files every folder starts open; above it only the top level. */
const EXPAND_ALL_UP_TO = 300;

const CHANGE_MARK: Record<ChangeKind, { letter: string; label: string; className: string }> = {
  created: { letter: "A", label: "created by the latest message", className: "text-success" },
  updated: { letter: "M", label: "changed by the latest message", className: "text-amber-600 dark:text-amber-400" },
  renamed: { letter: "R", label: "renamed by the latest message", className: "text-sky-600 dark:text-sky-400" },
};

function folderState(folder: TreeFolder): LockState {
  if (folder.lockedCount === 0) return "unlocked";
  return folder.lockedCount === folder.fileCount ? "locked" : "mixed";
}

function indexFolders(root: TreeFolder): Map<string, TreeFolder> {
  const out = new Map<string, TreeFolder>();
  const walk = (f: TreeFolder) => {
    out.set(f.path, f);
    for (const c of f.children) if (c.kind === "folder") walk(c);
  };
  walk(root);
  return out;
}

interface FileTreeProps {
  files: readonly TreeInput[];
  selected: string | null;
  onSelect: (path: string) => void;
  changed: ReadonlyMap<string, ChangeKind>;
  /** Null when locks can be changed; else why not (shown as the toggles' title, toggles disabled). */
  lockDisabledReason: string | null;
  /** False when the lock state is unknown (no version): no toggles are shown. */
  locksKnown: boolean;
  pendingLocks: ReadonlySet<string>;
  onToggleLock: (target: string, locked: boolean) => void;
  /** The file with unsaved edits (marked on its row); null when none. */
  unsavedPath?: string | null;
  /** New file, rename/move and delete (toolbar, context menu, F2 and Delete); null: the tree is read-only. */
  actions?: TreeActions | null;
}

/**
 * The files of a chat as a tree: folders collapsible, icons by type, a name filter and a "locked only" filter,
 * lock toggles on files and folders, the files the latest message changed marked. Virtualized (only the
 * visible rows are in the DOM), so 1,000 files scroll like 10. Keyboard: arrows move, → / ← open and close
 * folders, Enter opens, L toggles the lock of the focused row, F2 renames it and Delete deletes it (after asking).
 * Each row has a context menu (right click, or the context-menu key / Shift+F10 on the focused row) with New file,
 * Rename and Delete; a New file button sits by the filter. The file with unsaved edits is marked with a dot.
 */
export function FileTree({
  files,
  selected,
  onSelect,
  changed,
  lockDisabledReason,
  locksKnown,
  pendingLocks,
  onToggleLock,
  unsavedPath = null,
  actions = null,
}: FileTreeProps) {
  const baseId = useId();
  const [query, setQuery] = useState("");
  const [lockedOnly, setLockedOnly] = useState(false);
  const full = useMemo(() => buildTree(files), [files]);
  const folders = useMemo(() => indexFolders(full), [full]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        full.fileCount <= EXPAND_ALL_UP_TO
          ? folderPaths(full)
          : full.children.filter((c) => c.kind === "folder").map((c) => c.path),
      ),
  );
  // Folders that appear later (a generation added files) start open too while the project is small.
  const knownFolders = useRef<ReadonlySet<string>>(new Set(folderPaths(full)));
  useEffect(() => {
    const all = folderPaths(full);
    const fresh = all.filter((p) => !knownFolders.current.has(p));
    knownFolders.current = new Set(all);
    if (fresh.length && full.fileCount <= EXPAND_ALL_UP_TO) setExpanded((prev) => new Set([...prev, ...fresh]));
  }, [full]);
  const filtering = query.trim() !== "" || lockedOnly;
  const shown = useMemo(() => filterTree(full, { query, lockedOnly }), [full, query, lockedOnly]);
  const rows = useMemo(() => flattenTree(shown, { expanded, expandAll: filtering }), [shown, expanded, filtering]);
  const [active, setActive] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);

  // Reveal the open file (deep links, links from file-read / file-edit parts).
  useEffect(() => {
    if (!selected) return;
    setExpanded((prev) => {
      const missing = ancestorsOf(selected).filter((p) => !prev.has(p));
      return missing.length ? new Set([...prev, ...missing]) : prev;
    });
  }, [selected]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  useEffect(() => {
    if (!selected) return;
    const index = rows.findIndex((r) => r.node.path === selected && r.node.kind === "file");
    if (index >= 0) {
      setActive(index);
      virtualizer.scrollToIndex(index, { align: "auto" });
    }
  }, [selected, rows, virtualizer]);

  const toggleFolder = useCallback((path: string, open?: boolean) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      const willOpen = open ?? !next.has(path);
      if (willOpen) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);

  const lockStateOfRow = (row: TreeRow): LockState => {
    if (row.node.kind === "file") return row.node.locked ? "locked" : "unlocked";
    return folderState(folders.get(row.node.path) ?? row.node);
  };

  const activate = (row: TreeRow) => {
    if (row.node.kind === "folder") {
      if (!filtering) toggleFolder(row.node.path);
    } else onSelect(row.node.path);
  };

  const move = (index: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, index));
    setActive(clamped);
    virtualizer.scrollToIndex(clamped, { align: "auto" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[active];
    switch (event.key) {
      case "ArrowDown":
        move(active + 1);
        break;
      case "ArrowUp":
        move(active - 1);
        break;
      case "Home":
        move(0);
        break;
      case "End":
        move(rows.length - 1);
        break;
      case "PageDown":
        move(active + 10);
        break;
      case "PageUp":
        move(active - 10);
        break;
      case "ArrowRight":
        if (row?.node.kind === "folder") {
          if (!row.expanded && !filtering) toggleFolder(row.node.path, true);
          else move(active + 1);
        } else return;
        break;
      case "ArrowLeft": {
        if (!row) return;
        if (row.node.kind === "folder" && row.expanded && !filtering) toggleFolder(row.node.path, false);
        else {
          const parent = ancestorsOf(row.node.path).at(-1);
          const index =
            parent === undefined ? -1 : rows.findIndex((r) => r.node.kind === "folder" && r.node.path === parent);
          if (index >= 0) move(index);
        }
        break;
      }
      case "Enter":
      case " ":
        if (row) activate(row);
        break;
      case "F2":
        if (row && actions && !actions.disabledReason) actions.onRename(row.node.path, row.node.kind);
        break;
      case "Delete":
        if (row && actions && !actions.disabledReason) actions.onDelete(row.node.path, row.node.kind);
        break;
      case "l":
      case "L":
        if (row && locksKnown && !lockDisabledReason) {
          const state = lockStateOfRow(row);
          onToggleLock(row.node.path, state !== "locked");
        }
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const lockedTotal = full.lockedCount;
  const activeRow = rows[active];
  // The row a context menu is about: the one right-clicked, else (the keyboard's menu key) the focused one.
  const [menuRow, setMenuRow] = useState<TreeRow | null>(null);
  const menuFolder = menuRow
    ? menuRow.node.kind === "folder"
      ? menuRow.node.path
      : (ancestorsOf(menuRow.node.path).at(-1) ?? "")
    : "";

  return (
    <div className="flex min-h-0 flex-1 flex-col">
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
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape" && query) {
                e.preventDefault();
                e.stopPropagation();
                setQuery("");
              }
            }}
            placeholder="Filter files…"
            className="h-8 w-full rounded-md border border-border bg-background pr-7 pl-7 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          {query ? (
            <button
              type="button"
              onClick={() => setQuery("")}
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
          onClick={() => setLockedOnly((v) => !v)}
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
            onClick={() => actions.onNew(selected ? (ancestorsOf(selected).at(-1) ?? "") : "")}
            disabled={!!actions.disabledReason}
            aria-label="New file"
            title={actions.disabledReason ? `New file: ${actions.disabledReason}` : "New file"}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md border border-border text-muted-foreground hover:bg-muted hover:text-foreground disabled:cursor-not-allowed disabled:opacity-50"
          >
            <FilePlus className="size-3.5" aria-hidden />
          </button>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="p-4 text-sm text-muted-foreground" role="status">
          {lockedOnly && !query
            ? "No locked files. Lock a file to keep the agent from changing it."
            : `No files match “${query}”.`}
        </p>
      ) : null}
      <ContextMenu.Root
        modal={false}
        onOpenChange={(open) => {
          if (!open) setMenuRow(null);
        }}
      >
        <ContextMenu.Trigger
          asChild
          disabled={!actions}
          onContextMenu={(event) => {
            const path = (event.target as HTMLElement).closest<HTMLElement>('[data-testid="file-row"]');
            const index = path ? rows.findIndex((r) => `${r.node.kind}:${r.node.path}` === path.dataset.key) : active;
            if (index >= 0 && path) setActive(index);
            setMenuRow(rows[index] ?? null);
          }}
        >
          <div
            ref={scrollRef}
            role="tree"
            aria-label="Files"
            tabIndex={rows.length ? 0 : -1}
            aria-activedescendant={activeRow ? `${baseId}-row-${active}` : undefined}
            onKeyDown={onKeyDown}
            data-testid="file-tree"
            data-ready="true"
            data-count={full.fileCount}
            className="min-h-0 flex-1 overflow-auto py-1 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          >
            <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index]!;
                const node = row.node;
                const isFile = node.kind === "file";
                const isSelected = isFile && node.path === selected;
                const change = isFile ? changed.get(node.path) : undefined;
                const mark = change ? CHANGE_MARK[change] : null;
                const state = lockStateOfRow(row);
                return (
                  <div
                    key={`${node.kind}:${node.path}`}
                    id={`${baseId}-row-${item.index}`}
                    role="treeitem"
                    aria-level={row.depth + 1}
                    aria-expanded={isFile ? undefined : row.expanded}
                    aria-selected={isSelected}
                    data-testid="file-row"
                    data-key={`${node.kind}:${node.path}`}
                    data-path={node.path}
                    data-unsaved={isFile && node.path === unsavedPath ? "true" : undefined}
                    data-kind={node.kind}
                    data-locked={state}
                    data-changed={change}
                    onClick={() => {
                      setActive(item.index);
                      activate(row);
                    }}
                    style={{
                      position: "absolute",
                      top: 0,
                      left: 0,
                      right: 0,
                      height: ROW_HEIGHT,
                      transform: `translateY(${item.start}px)`,
                    }}
                    className={cn(
                      "group flex cursor-pointer items-center gap-1 pr-2 text-sm select-none hover:bg-muted/70",
                      isSelected && "bg-muted font-medium",
                      item.index === active && "outline-1 -outline-offset-1 outline-ring/50",
                    )}
                  >
                    <span style={{ width: 8 + row.depth * 14 }} className="shrink-0" aria-hidden />
                    {isFile ? (
                      <span className="w-3.5 shrink-0" aria-hidden />
                    ) : (
                      <ChevronRight
                        className={cn(
                          "size-3.5 shrink-0 text-muted-foreground transition-transform",
                          row.expanded && "rotate-90",
                        )}
                        aria-hidden
                      />
                    )}
                    {isFile ? <FileIcon path={node.path} /> : <FolderIcon open={row.expanded} />}
                    <span className={cn("min-w-0 flex-1 truncate", !isFile && "text-foreground")} title={node.path}>
                      {node.name}
                    </span>
                    {isFile && node.path === unsavedPath ? (
                      <UnsavedMarker className="shrink-0 text-xs leading-none" testId="tree-unsaved-marker" />
                    ) : null}
                    {!isFile ? (
                      <span className="shrink-0 text-[10px] text-muted-foreground tabular-nums">{node.fileCount}</span>
                    ) : null}
                    {mark ? (
                      <span
                        className={cn("shrink-0 font-mono text-[10px] font-semibold", mark.className)}
                        title={mark.label}
                        aria-label={mark.label}
                      >
                        {mark.letter}
                      </span>
                    ) : null}
                    {locksKnown ? (
                      <LockToggle
                        state={state}
                        label={isFile ? node.path : `folder ${node.path}`}
                        onToggle={(locked) => onToggleLock(node.path, locked)}
                        disabled={!!lockDisabledReason}
                        disabledReason={lockDisabledReason ?? undefined}
                        busy={pendingLocks.has(node.path)}
                        tabIndex={-1}
                        className={cn(
                          state === "unlocked" && "opacity-0 group-hover:opacity-100 focus-visible:opacity-100",
                          isSelected && "opacity-100",
                        )}
                      />
                    ) : null}
                  </div>
                );
              })}
            </div>
          </div>
        </ContextMenu.Trigger>
        {actions ? (
          <ContextMenu.Portal>
            <ContextMenu.Content
              className="z-50 min-w-44 rounded-md border border-border bg-card p-1 text-sm shadow-lg"
              data-testid="file-context-menu"
              aria-label={menuRow ? `Actions for ${menuRow.node.path}` : "File actions"}
            >
              {menuRow ? (
                <ContextMenu.Label className="truncate px-2 py-1 font-mono text-[11px] text-muted-foreground">
                  {menuRow.node.path}
                </ContextMenu.Label>
              ) : null}
              {actions.disabledReason ? (
                <ContextMenu.Label className="max-w-64 px-2 py-1 text-xs text-muted-foreground">
                  {`Unavailable: ${actions.disabledReason}`}
                </ContextMenu.Label>
              ) : null}
              <MenuItem
                icon={FilePlus}
                label="New file…"
                disabled={!!actions.disabledReason}
                onSelect={() => actions.onNew(menuFolder)}
              />
              {menuRow ? (
                <>
                  <MenuItem
                    icon={Pencil}
                    label="Rename or move…"
                    shortcut="F2"
                    disabled={!!actions.disabledReason}
                    onSelect={() => actions.onRename(menuRow.node.path, menuRow.node.kind)}
                  />
                  <ContextMenu.Separator className="my-1 h-px bg-border" />
                  <MenuItem
                    icon={Trash2}
                    label="Delete…"
                    shortcut="Del"
                    danger
                    disabled={!!actions.disabledReason}
                    onSelect={() => actions.onDelete(menuRow.node.path, menuRow.node.kind)}
                  />
                </>
              ) : null}
            </ContextMenu.Content>
          </ContextMenu.Portal>
        ) : null}
      </ContextMenu.Root>
    </div>
  );
}

function MenuItem({
  icon: Icon,
  label,
  shortcut,
  danger,
  disabled,
  onSelect,
}: {
  icon: typeof Pencil;
  label: string;
  shortcut?: string;
  danger?: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  return (
    <ContextMenu.Item
      disabled={disabled}
      onSelect={onSelect}
      className={cn(
        "flex cursor-default items-center gap-2 rounded px-2 py-1.5 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted",
        danger && "text-danger",
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      <span className="flex-1">{label}</span>
      {shortcut ? <span className="text-[10px] text-muted-foreground">{shortcut}</span> : null}
    </ContextMenu.Item>
  );
}
