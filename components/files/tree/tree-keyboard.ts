import type { KeyboardEvent } from "react";
import { ancestorsOf, type TreeRow } from "@/lib/api/files";
import type { TreeActions } from "../file-actions";
import type { LockState } from "../lock-toggle";

interface TreeKeys {
  rows: readonly TreeRow[];
  active: number;
  move: (index: number) => void;
  filtering: boolean;
  toggleFolder: (path: string, open?: boolean) => void;
  /** Enter and Space: opens a file, or opens and closes a folder. */
  activate: (row: TreeRow) => void;
  actions: TreeActions | null;
  locksKnown: boolean;
  lockDisabledReason: string | null;
  lockStateOfRow: (row: TreeRow) => LockState;
  onToggleLock: (target: string, locked: boolean) => void;
}

/**
 * The tree's keys on its focused row: arrows move, → / ← open and close folders (← on a file or closed folder goes to
 * its folder), Home / End / PageUp / PageDown, Enter and Space open, F2 renames, Delete deletes (after asking), L
 * toggles the lock. A key it handles does nothing else.
 */
export function treeKeyDown(keys: TreeKeys) {
  const { rows, active, move, filtering, toggleFolder, activate, actions } = keys;
  return (event: KeyboardEvent<HTMLDivElement>) => {
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
        if (row && keys.locksKnown && !keys.lockDisabledReason) {
          const state = keys.lockStateOfRow(row);
          keys.onToggleLock(row.node.path, state !== "locked");
        }
        break;
      default:
        return;
    }
    event.preventDefault();
  };
}
