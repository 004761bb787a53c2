import { useCallback, useEffect, useMemo, useRef, useState } from "react";
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
import type { LockState } from "../lock-toggle";

/** Up to this many files every folder starts open; above it only the top level. */
const EXPAND_ALL_UP_TO = 300;

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

/**
 * The tree's state: the files as a tree, which folders are open (all of a small project's, new ones too, and the open
 * file's ancestors), the name and "locked only" filters, and the rows they leave, in order.
 */
export function useTreeRows(files: readonly TreeInput[], selected: string | null) {
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
  // Reveal the open file (deep links, links from file-read / file-edit parts) each time another one opens: state
  // adjusted while rendering, not in an effect.
  const [revealed, setRevealed] = useState<string | null | undefined>(undefined);
  if (selected !== revealed) {
    setRevealed(selected);
    const missing = selected ? ancestorsOf(selected).filter((p) => !expanded.has(p)) : [];
    if (missing.length) setExpanded(new Set([...expanded, ...missing]));
  }

  const filtering = query.trim() !== "" || lockedOnly;
  const shown = useMemo(() => filterTree(full, { query, lockedOnly }), [full, query, lockedOnly]);
  const rows = useMemo(() => flattenTree(shown, { expanded, expandAll: filtering }), [shown, expanded, filtering]);

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

  return { query, setQuery, lockedOnly, setLockedOnly, full, filtering, rows, toggleFolder, lockStateOfRow };
}
