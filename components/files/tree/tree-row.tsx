"use client";

import { ChevronRight } from "lucide-react";
import type { TreeRow as Row } from "@/lib/api/files";
import { cn } from "@/components/ui/cn";
import type { ChangeKind } from "../changed-files";
import { FileIcon, FolderIcon } from "../file-icon";
import { LockToggle, type LockState } from "../lock-toggle";
import { UnsavedMarker } from "../unsaved-marker";
import { ROW_HEIGHT } from "./use-tree-cursor";

const CHANGE_MARK: Record<ChangeKind, { letter: string; label: string; className: string }> = {
  created: { letter: "A", label: "created by the latest message", className: "text-success" },
  updated: { letter: "M", label: "changed by the latest message", className: "text-amber-600 dark:text-amber-400" },
  renamed: { letter: "R", label: "renamed by the latest message", className: "text-sky-600 dark:text-sky-400" },
};

/**
 * One row of the tree (`file-row`), placed at `top` in the virtualized list: indent, chevron (folders), icon, name,
 * the unsaved-edits dot, a folder's file count, the latest message's change mark, and the lock toggle.
 */
export function TreeRow({
  row,
  id,
  top,
  selected,
  active,
  unsaved,
  change,
  lockState,
  locksKnown,
  lockDisabledReason,
  lockBusy,
  onToggleLock,
  onClick,
}: {
  row: Row;
  id: string;
  top: number;
  selected: boolean;
  /** The keyboard's row (outlined). */
  active: boolean;
  unsaved: boolean;
  change: ChangeKind | undefined;
  lockState: LockState;
  locksKnown: boolean;
  lockDisabledReason: string | null;
  lockBusy: boolean;
  onToggleLock: (target: string, locked: boolean) => void;
  onClick: () => void;
}) {
  const node = row.node;
  const isFile = node.kind === "file";
  const mark = change ? CHANGE_MARK[change] : null;
  return (
    <div
      id={id}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-expanded={isFile ? undefined : row.expanded}
      aria-selected={selected}
      data-testid="file-row"
      data-key={`${node.kind}:${node.path}`}
      data-path={node.path}
      data-unsaved={unsaved ? "true" : undefined}
      data-kind={node.kind}
      data-locked={lockState}
      data-changed={change}
      onClick={onClick}
      style={{
        position: "absolute",
        top: 0,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        transform: `translateY(${top}px)`,
      }}
      className={cn(
        "group flex cursor-pointer items-center gap-1 pr-2 text-sm select-none hover:bg-muted/70",
        selected && "bg-muted font-medium",
        active && "outline-1 -outline-offset-1 outline-ring/50",
      )}
    >
      <span style={{ width: 8 + row.depth * 14 }} className="shrink-0" aria-hidden />
      {isFile ? (
        <span className="w-3.5 shrink-0" aria-hidden />
      ) : (
        <ChevronRight
          className={cn("size-3.5 shrink-0 text-muted-foreground transition-transform", row.expanded && "rotate-90")}
          aria-hidden
        />
      )}
      {isFile ? <FileIcon path={node.path} /> : <FolderIcon open={row.expanded} />}
      <span className={cn("min-w-0 flex-1 truncate", !isFile && "text-foreground")} title={node.path}>
        {node.name}
      </span>
      {unsaved ? <UnsavedMarker className="shrink-0 text-xs leading-none" testId="tree-unsaved-marker" /> : null}
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
          state={lockState}
          label={isFile ? node.path : `folder ${node.path}`}
          onToggle={(locked) => onToggleLock(node.path, locked)}
          disabled={!!lockDisabledReason}
          disabledReason={lockDisabledReason ?? undefined}
          busy={lockBusy}
          tabIndex={-1}
          className={cn(
            lockState === "unlocked" && "opacity-0 group-hover:opacity-100 focus-visible:opacity-100",
            selected && "opacity-100",
          )}
        />
      ) : null}
    </div>
  );
}
