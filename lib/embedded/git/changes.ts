import "server-only";
import type { ImportedFile } from "../imports/limits";

/** A file as the chat holds it: its content and how that is written. */
interface HeldFile {
  path: string;
  content: string;
  encoding: string;
}

/** One file that differs between the chat and a branch: the chat's side (null: added) and the branch's (null: deleted). */
export interface BranchChange {
  path: string;
  before: HeldFile | null;
  after: ImportedFile | null;
}

/**
 * What the branch's files would change in the chat's, by path: files only the branch has (added), files whose
 * content or encoding differ (modified), files only the chat has (deleted); by path. The one comparison of a pull and of its
 * preview (GET …/git/incoming), so the preview shows exactly what the pull records.
 */
export function branchChanges(current: readonly HeldFile[], incoming: readonly ImportedFile[]): BranchChange[] {
  const held = new Map(current.map((f) => [f.path, f]));
  const arriving = new Set(incoming.map((f) => f.path));
  const changes: BranchChange[] = [];
  for (const after of incoming) {
    const before = held.get(after.path) ?? null;
    if (!before || before.content !== after.content || before.encoding !== after.encoding)
      changes.push({ path: after.path, before, after });
  }
  for (const before of current)
    if (!arriving.has(before.path)) changes.push({ path: before.path, before, after: null });
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
