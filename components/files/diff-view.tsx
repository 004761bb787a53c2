"use client";

import { useMemo } from "react";
import { cn } from "@/components/ui/cn";
import { splitLines } from "./highlight/tokenize";
import { diffLines, toHunks, type DiffLine } from "./line-diff";

/** Beyond these the diff is not computed in the page (it would hold the main thread). */
const MAX_DIFF_LINES = 20_000;
const MAX_EDITS = 1_500;
const MAX_SHOWN = 3_000;

function Row({ line }: { line: DiffLine }) {
  const sign = line.kind === "add" ? "+" : line.kind === "del" ? "-" : " ";
  return (
    <div
      data-kind={line.kind}
      className={cn(
        "flex min-w-max",
        line.kind === "add" && "bg-success/10",
        line.kind === "del" && "bg-danger-muted text-danger",
      )}
    >
      <span className="w-12 shrink-0 pr-2 text-right text-muted-foreground/70 tabular-nums select-none">
        {line.oldNo ?? ""}
      </span>
      <span className="w-12 shrink-0 pr-2 text-right text-muted-foreground/70 tabular-nums select-none">
        {line.newNo ?? ""}
      </span>
      <span className="w-4 shrink-0 select-none" aria-hidden>
        {sign}
      </span>
      <span className="sr-only">{line.kind === "add" ? "added: " : line.kind === "del" ? "removed: " : ""}</span>
      <span className="pr-4 whitespace-pre">
        {line.text.length > 2_000 ? `${line.text.slice(0, 2_000)} …` : line.text}
      </span>
    </div>
  );
}

/**
 * What the latest message changed in a file: a unified line diff against the previous version (three lines of
 * context around each change). `previous` null = the file is new.
 */
export function DiffView({
  path,
  previous,
  current,
  against = "Against the previous version",
}: {
  path: string;
  previous: string | null;
  current: string;
  /** What `previous` is, in the header. */
  against?: string;
}) {
  const result = useMemo(() => {
    const oldLines = previous === null ? [] : splitLines(previous);
    const newLines = splitLines(current);
    if (oldLines.length + newLines.length > MAX_DIFF_LINES) return { kind: "too-large" as const };
    const diff = diffLines(oldLines, newLines, MAX_EDITS);
    if (!diff) return { kind: "too-large" as const };
    return { kind: "ok" as const, diff, hunks: toHunks(diff.lines) };
  }, [previous, current]);

  if (result.kind === "too-large") {
    return (
      <p className="p-4 text-sm text-muted-foreground" data-testid="diff-view" data-state="too-large">
        The changes to {path} are too large to show as a diff here. Download the file to compare it.
      </p>
    );
  }
  const { diff, hunks } = result;
  // The hunks' lines up to MAX_SHOWN in all.
  const visible: { start: string; lines: (typeof hunks)[number]["lines"] }[] = [];
  let shown = 0;
  for (const hunk of hunks) {
    if (shown >= MAX_SHOWN) break;
    const lines = hunk.lines.slice(0, MAX_SHOWN - shown);
    shown += lines.length;
    visible.push({ start: `@@ −${hunk.oldStart} +${hunk.newStart} @@`, lines });
  }
  return (
    <div
      className="min-h-0 flex-1 overflow-auto bg-card font-mono text-xs leading-5"
      data-testid="diff-view"
      data-state="ok"
      tabIndex={0}
      aria-label={`Changes to ${path}`}
      role="region"
    >
      <p className="sticky top-0 left-0 z-10 border-b border-border bg-card px-3 py-1.5 font-sans text-xs text-muted-foreground">
        {previous === null ? "New file" : against} · <span className="text-success">+{diff.added}</span>{" "}
        <span className="text-danger">−{diff.removed}</span>
      </p>
      {hunks.length === 0 ? (
        <p className="p-4 font-sans text-sm text-muted-foreground">No changes to the content.</p>
      ) : null}
      {visible.map(({ start, lines }, i) => (
        <div key={i} className="border-b border-border/60">
          <div className="bg-muted/60 px-3 text-muted-foreground select-none">{start}</div>
          {lines.map((line, j) => (
            <Row key={j} line={line} />
          ))}
        </div>
      ))}
      {shown >= MAX_SHOWN ? (
        <p className="p-3 font-sans text-xs text-muted-foreground">The rest of the diff is not shown.</p>
      ) : null}
    </div>
  );
}
