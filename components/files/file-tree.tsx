"use client";

import * as ContextMenu from "@radix-ui/react-context-menu";
import { useId, useState } from "react";
import { ancestorsOf, type TreeInput, type TreeRow as Row } from "@/lib/api/files";
import type { ChangeKind } from "./changed-files";
import type { TreeActions } from "./file-actions";
import { treeKeyDown } from "./tree/tree-keyboard";
import { TreeMenu } from "./tree/tree-menu";
import { TreeRow } from "./tree/tree-row";
import { TreeToolbar } from "./tree/tree-toolbar";
import { useTreeCursor } from "./tree/use-tree-cursor";
import { useTreeRows } from "./tree/use-tree-rows";

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
 * Its parts: the state in tree/use-tree-rows.ts, the focused row and scrolling in tree/use-tree-cursor.ts, the keys in
 * tree/tree-keyboard.ts, a row in tree/tree-row.tsx, the toolbar and the context menu beside them.
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
  const { query, setQuery, lockedOnly, setLockedOnly, full, filtering, rows, toggleFolder, lockStateOfRow } =
    useTreeRows(files, selected);
  const { active, setActive, scrollRef, virtualizer, move } = useTreeCursor(rows, selected);

  const activate = (row: Row) => {
    if (row.node.kind === "folder") {
      if (!filtering) toggleFolder(row.node.path);
    } else onSelect(row.node.path);
  };
  const onKeyDown = treeKeyDown({
    rows,
    active,
    move,
    filtering,
    toggleFolder,
    activate,
    actions,
    locksKnown,
    lockDisabledReason,
    lockStateOfRow,
    onToggleLock,
  });

  const activeRow = rows[active];
  // The row a context menu is about: the one right-clicked, else (the keyboard's menu key) the focused one.
  const [menuRow, setMenuRow] = useState<Row | null>(null);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <TreeToolbar
        query={query}
        onQueryChange={setQuery}
        lockedOnly={lockedOnly}
        onToggleLockedOnly={() => setLockedOnly((v) => !v)}
        lockedTotal={full.lockedCount}
        newFileFolder={selected ? (ancestorsOf(selected).at(-1) ?? "") : ""}
        actions={actions}
      />
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
                return (
                  <TreeRow
                    key={`${node.kind}:${node.path}`}
                    row={row}
                    id={`${baseId}-row-${item.index}`}
                    top={item.start}
                    selected={isFile && node.path === selected}
                    active={item.index === active}
                    unsaved={isFile && node.path === unsavedPath}
                    change={isFile ? changed.get(node.path) : undefined}
                    lockState={lockStateOfRow(row)}
                    locksKnown={locksKnown}
                    lockDisabledReason={lockDisabledReason}
                    lockBusy={pendingLocks.has(node.path)}
                    onToggleLock={onToggleLock}
                    onClick={() => {
                      setActive(item.index);
                      activate(row);
                    }}
                  />
                );
              })}
            </div>
          </div>
        </ContextMenu.Trigger>
        {actions ? <TreeMenu row={menuRow} actions={actions} /> : null}
      </ContextMenu.Root>
    </div>
  );
}
