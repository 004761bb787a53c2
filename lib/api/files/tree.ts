/**
 * The file tree of a chat, built from flat paths ("src/app/page.tsx"): folders before files, each level sorted
 * by name (case-insensitive, numbers in numeric order), every folder with the count of files under it and how
 * many of them are locked. Pure and isomorphic; linear-logarithmic in the number of files (1,000 is nothing).
 */

export interface TreeFile {
  kind: "file";
  /** The last segment ("page.tsx"). */
  name: string;
  /** The full path as given, without a leading "./" or "/" ("src/app/page.tsx"). */
  path: string;
  locked: boolean;
}

export interface TreeFolder {
  kind: "folder";
  /** The last segment ("app"); "" for the root. */
  name: string;
  /** "src/app" (no trailing slash); "" for the root. */
  path: string;
  children: TreeNode[];
  /** Files anywhere under this folder. */
  fileCount: number;
  /** Locked files anywhere under this folder. */
  lockedCount: number;
}

export type TreeNode = TreeFile | TreeFolder;

/** A path, or a file with a path and its lock (v2 files have no lock; v1 version files do). */
export type TreeInput = string | { path: string; locked?: boolean };

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

function compareNodes(a: TreeNode, b: TreeNode): number {
  if (a.kind !== b.kind) return a.kind === "folder" ? -1 : 1;
  return collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** "./src//app/x.ts" → "src/app/x.ts". */
export function normalizePath(path: string): string {
  return path
    .split("/")
    .filter((s) => s !== "" && s !== ".")
    .join("/");
}

/** The folders that contain a path, outermost first: "src/app/page.tsx" → ["src", "src/app"]. */
export function ancestorsOf(path: string): string[] {
  const segments = normalizePath(path).split("/");
  return segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join("/"));
}

interface Draft {
  folder: TreeFolder;
  folders: Map<string, Draft>;
}

function newDraft(name: string, path: string): Draft {
  return { folder: { kind: "folder", name, path, children: [], fileCount: 0, lockedCount: 0 }, folders: new Map() };
}

/** Builds the tree; the root is a folder with `path: ""`. A path listed twice appears once (the last wins). */
export function buildTree(files: readonly TreeInput[]): TreeFolder {
  const root = newDraft("", "");
  const seen = new Map<string, TreeFile>();
  for (const input of files) {
    const path = normalizePath(typeof input === "string" ? input : input.path);
    if (path === "") continue;
    const locked = typeof input === "string" ? false : input.locked === true;
    const existing = seen.get(path);
    if (existing) {
      existing.locked = locked;
      continue;
    }
    const segments = path.split("/");
    let draft = root;
    for (let i = 0; i < segments.length - 1; i++) {
      const name = segments[i]!;
      let next = draft.folders.get(name);
      if (!next) {
        next = newDraft(name, segments.slice(0, i + 1).join("/"));
        draft.folders.set(name, next);
        draft.folder.children.push(next.folder);
      }
      draft = next;
    }
    const file: TreeFile = { kind: "file", name: segments[segments.length - 1]!, path, locked };
    seen.set(path, file);
    draft.folder.children.push(file);
  }
  finish(root.folder);
  return root.folder;
}

/** Sorts every level and computes the counts (post-order). */
function finish(folder: TreeFolder): void {
  let files = 0;
  let locked = 0;
  for (const child of folder.children) {
    if (child.kind === "folder") {
      finish(child);
      files += child.fileCount;
      locked += child.lockedCount;
    } else {
      files += 1;
      if (child.locked) locked += 1;
    }
  }
  folder.fileCount = files;
  folder.lockedCount = locked;
  folder.children.sort(compareNodes);
}

interface TreeFilter {
  /** Case-insensitive substring of the file's path (its name or a folder on the way). */
  query?: string;
  /** Only locked files. */
  lockedOnly?: boolean;
}

/**
 * The tree with only the files that pass the filter and the folders that still hold some (counts recomputed).
 * Returns the same tree when there is nothing to filter by.
 */
export function filterTree(root: TreeFolder, filter: TreeFilter): TreeFolder {
  const query = filter.query?.trim().toLowerCase() ?? "";
  if (!query && !filter.lockedOnly) return root;
  const keep = (file: TreeFile) =>
    (!filter.lockedOnly || file.locked) && (!query || file.path.toLowerCase().includes(query));
  const walk = (folder: TreeFolder): TreeFolder | null => {
    const children: TreeNode[] = [];
    let fileCount = 0;
    let lockedCount = 0;
    for (const child of folder.children) {
      if (child.kind === "folder") {
        const kept = walk(child);
        if (kept) {
          children.push(kept);
          fileCount += kept.fileCount;
          lockedCount += kept.lockedCount;
        }
      } else if (keep(child)) {
        children.push(child);
        fileCount += 1;
        if (child.locked) lockedCount += 1;
      }
    }
    if (children.length === 0 && folder.path !== "") return null;
    return { ...folder, children, fileCount, lockedCount };
  };
  return walk(root)!;
}

export interface TreeRow {
  node: TreeNode;
  /** 0 for the root's children. */
  depth: number;
  /** For folders: whether its children follow. */
  expanded: boolean;
}

/**
 * The rows a (virtualized) list shows, in order: the root's children, and the children of every expanded folder.
 * `expandAll` opens every folder (use it while a filter is active).
 */
export function flattenTree(
  root: TreeFolder,
  opts: { expanded?: ReadonlySet<string>; expandAll?: boolean } = {},
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (folder: TreeFolder, depth: number) => {
    for (const node of folder.children) {
      const expanded = node.kind === "folder" && (opts.expandAll === true || opts.expanded?.has(node.path) === true);
      rows.push({ node, depth, expanded });
      if (node.kind === "folder" && expanded) walk(node, depth + 1);
    }
  };
  walk(root, 0);
  return rows;
}

/** Every folder path of the tree (to expand all), outermost first. */
export function folderPaths(root: TreeFolder): string[] {
  const out: string[] = [];
  const walk = (folder: TreeFolder) => {
    for (const node of folder.children) {
      if (node.kind === "folder") {
        out.push(node.path);
        walk(node);
      }
    }
  };
  walk(root);
  return out;
}
