"use client";

import * as ContextMenu from "@radix-ui/react-context-menu";
import { FilePlus, Pencil, Trash2 } from "lucide-react";
import { ancestorsOf, type TreeRow } from "@/lib/api/files";
import { cn } from "@/components/ui/cn";
import type { TreeActions } from "../file-actions";

/**
 * The tree's context menu (`file-context-menu`), about `row` (the one right-clicked, else the focused one): New file
 * (in the row's folder), Rename or move, Delete; each unavailable, with the reason, while the tree's actions are.
 */
export function TreeMenu({ row, actions }: { row: TreeRow | null; actions: TreeActions }) {
  const folder = row ? (row.node.kind === "folder" ? row.node.path : (ancestorsOf(row.node.path).at(-1) ?? "")) : "";
  return (
    <ContextMenu.Portal>
      <ContextMenu.Content
        className="z-50 min-w-44 rounded-md border border-border bg-card p-1 text-sm shadow-lg"
        data-testid="file-context-menu"
        aria-label={row ? `Actions for ${row.node.path}` : "File actions"}
      >
        {row ? (
          <ContextMenu.Label className="truncate px-2 py-1 font-mono text-[11px] text-muted-foreground">
            {row.node.path}
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
          onSelect={() => actions.onNew(folder)}
        />
        {row ? (
          <>
            <MenuItem
              icon={Pencil}
              label="Rename or move…"
              shortcut="F2"
              disabled={!!actions.disabledReason}
              onSelect={() => actions.onRename(row.node.path, row.node.kind)}
            />
            <ContextMenu.Separator className="my-1 h-px bg-border" />
            <MenuItem
              icon={Trash2}
              label="Delete…"
              shortcut="Del"
              danger
              disabled={!!actions.disabledReason}
              onSelect={() => actions.onDelete(row.node.path, row.node.kind)}
            />
          </>
        ) : null}
      </ContextMenu.Content>
    </ContextMenu.Portal>
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
