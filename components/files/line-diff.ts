/**
 * A line diff (Myers' O(ND) algorithm, after trimming the common head and tail) and unified-diff hunks with
 * context, for "what did the latest message change in this file". Gives up (null) beyond `maxEdits`
 * inserted + deleted lines, so a rewrite of a huge file never stalls the page.
 */

export interface DiffLine {
  kind: "same" | "add" | "del";
  text: string;
  /** 1-based line number in the old file (same, del). */
  oldNo?: number;
  /** 1-based line number in the new file (same, add). */
  newNo?: number;
}

export interface DiffHunk {
  oldStart: number;
  newStart: number;
  lines: DiffLine[];
}

export interface LineDiff {
  lines: DiffLine[];
  added: number;
  removed: number;
}

/** Edit script of the middle parts: indices into `a` and `b`. */
function myers(a: readonly string[], b: readonly string[], maxD: number): Array<["=" | "-" | "+", number]> | null {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(maxD, n + m);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
    if (found >= 0) break;
  }
  if (found < 0) return null;
  const script: Array<["=" | "-" | "+", number]> = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const prev = trace[d - 1]!;
    const at = (k: number) => prev[k + (d - 1)]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      script.push(["=", --x]);
      y--;
    }
    if (x === prevX) script.push(["+", --y]);
    else script.push(["-", --x]);
  }
  while (x > 0 && y > 0) {
    script.push(["=", --x]);
    y--;
  }
  return script.reverse();
}

/** The diff of two texts split in lines; null when it has more than `maxEdits` changed lines. */
export function diffLines(oldLines: readonly string[], newLines: readonly string[], maxEdits = 4_000): LineDiff | null {
  let head = 0;
  while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head]) head++;
  let tail = 0;
  while (
    tail < oldLines.length - head &&
    tail < newLines.length - head &&
    oldLines[oldLines.length - 1 - tail] === newLines[newLines.length - 1 - tail]
  ) {
    tail++;
  }
  const a = oldLines.slice(head, oldLines.length - tail);
  const b = newLines.slice(head, newLines.length - tail);
  const script = myers(a, b, maxEdits);
  if (!script) return null;
  const lines: DiffLine[] = [];
  for (let i = 0; i < head; i++) lines.push({ kind: "same", text: oldLines[i]!, oldNo: i + 1, newNo: i + 1 });
  let oi = head;
  let ni = head;
  let added = 0;
  let removed = 0;
  for (const [op] of script) {
    if (op === "=") lines.push({ kind: "same", text: oldLines[oi]!, oldNo: ++oi, newNo: ++ni });
    else if (op === "-") {
      lines.push({ kind: "del", text: oldLines[oi]!, oldNo: ++oi });
      removed++;
    } else {
      lines.push({ kind: "add", text: newLines[ni]!, newNo: ++ni });
      added++;
    }
  }
  for (let i = 0; i < tail; i++) lines.push({ kind: "same", text: newLines[ni]!, oldNo: ++oi, newNo: ++ni });
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
