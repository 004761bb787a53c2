import { diffArrays } from "diff";

/**
 * A line diff and unified-diff hunks with context, for "what did the latest message change in this file". Gives up
 * (null) beyond `maxEdits` inserted + deleted lines, so a rewrite of a huge file never stalls the page.
 */

export interface DiffLine {
  kind: "same" | "add" | "del";
  text: string;
  /** 1-based line number in the old file (same, del). */
  oldNo?: number;
  /** 1-based line number in the new file (same, add). */
  newNo?: number;
}

interface DiffHunk {
  oldStart: number;
  newStart: number;
  lines: DiffLine[];
}

interface LineDiff {
  lines: DiffLine[];
  added: number;
  removed: number;
}

/** The diff of two texts split in lines (the `diff` package); null when it has more than `maxEdits` changed lines. */
export function diffLines(oldLines: readonly string[], newLines: readonly string[], maxEdits = 4_000): LineDiff | null {
  const changes = diffArrays(oldLines as string[], newLines as string[], { maxEditLength: maxEdits });
  if (!changes) return null;
  const lines: DiffLine[] = [];
  let oi = 0;
  let ni = 0;
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    for (const text of change.value) {
      if (change.added) {
        lines.push({ kind: "add", text, newNo: ++ni });
        added++;
      } else if (change.removed) {
        lines.push({ kind: "del", text, oldNo: ++oi });
        removed++;
      } else lines.push({ kind: "same", text, oldNo: ++oi, newNo: ++ni });
    }
  }
  return { lines, added, removed };
}

/** Groups a diff into hunks: the changed lines with `context` unchanged lines around them. */
export function toHunks(lines: readonly DiffLine[], context = 3): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  const changed = lines.map((l) => l.kind !== "same");
  let i = 0;
  while (i < lines.length) {
    if (!changed[i]) {
      i++;
      continue;
    }
    const start = Math.max(0, i - context);
    let end = i;
    // Extend while the next change is within 2 × context unchanged lines.
    for (let j = i; j < lines.length; j++) {
      if (changed[j]) end = j;
      else if (j - end > 2 * context) break;
    }
    const stop = Math.min(lines.length, end + context + 1);
    const slice = lines.slice(start, stop);
    const first = slice[0]!;
    hunks.push({
      oldStart: first.oldNo ?? slice.find((l) => l.oldNo)?.oldNo ?? 0,
      newStart: first.newNo ?? slice.find((l) => l.newNo)?.newNo ?? 0,
      lines: slice,
    });
    i = stop;
  }
  return hunks;
}
