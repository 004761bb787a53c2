"use client";

import { ShieldAlert, SquareTerminal, Timer } from "lucide-react";
import { useMemo, useState } from "react";
import type { BashPart } from "@/lib/api/schemas";
import { CopyButton } from "@/components/ui/copy-button";
import { formatDuration, formatNumber } from "@/components/ui/format";
import { AnsiText } from "./ansi-text";
import { stripAnsi } from "./ansi";
import { ACCENTS, Badge, PartCard, isRunning } from "./part-card";
import { str } from "./values";

/** Output longer than this is folded to its last lines until "show all". */
export const FOLD_LINES = 40;
/** A folded output never shows more than this many characters (one huge line stays cheap too). */
const FOLD_CHARS = 8_000;

/** The tail shown while folded, and how much is hidden above it (`hidden` false: the output is short enough). */
function foldOutput(output: string): {
  shown: string;
  hidden: boolean;
  hiddenLines: number;
  totalLines: number;
} {
  let totalLines = 1;
  for (let i = output.indexOf("\n"); i !== -1 && i < output.length - 1; i = output.indexOf("\n", i + 1)) totalLines++;
  if (totalLines <= FOLD_LINES && output.length <= FOLD_CHARS)
    return { shown: output, hidden: false, hiddenLines: 0, totalLines };
  // The start of the last FOLD_LINES lines (a trailing newline does not count as a line).
  let start = output.length - (output.endsWith("\n") ? 1 : 0);
  for (let n = 0; n < FOLD_LINES && start > 0; n++) start = output.lastIndexOf("\n", start - 1);
  let shown = output.slice(start <= 0 ? 0 : start + 1);
  if (shown.length > FOLD_CHARS) shown = shown.slice(-FOLD_CHARS);
  let shownLines = 1;
  for (let i = shown.indexOf("\n"); i !== -1 && i < shown.length - 1; i = shown.indexOf("\n", i + 1)) shownLines++;
  return { shown, hidden: true, hiddenLines: Math.max(0, totalLines - shownLines), totalLines };
}

/** A shell command in terminal style: command, output (ANSI colours rendered, long output folded), exit code, flags. */
export function BashPartView({ part, streaming }: { part: BashPart; streaming: boolean }) {
  const running = isRunning(part, streaming);
  const [expanded, setExpanded] = useState(false);
  const command = str(part.command);
  const output = str(part.output);
  const fold = useMemo(() => foldOutput(output), [output]);
  const folded = !expanded && fold.hidden;
  const copyText = useMemo(() => (output ? stripAnsi(output) : ""), [output]);
  const exitCode = typeof part.exitCode === "number" ? part.exitCode : null;
  return (
    <PartCard
      kind="bash"
      icon={SquareTerminal}
      accent={ACCENTS.bash}
      label={<span className="font-medium">{running ? "Running command" : "Ran command"}</span>}
      meta={
        <>
          {part.isDangerous === true ? (
            <Badge tone="danger" title="Flagged as dangerous: it ran only after your explicit approval">
              <ShieldAlert className="mr-1 size-3" aria-hidden />
              dangerous, needed approval
            </Badge>
          ) : null}
          {exitCode !== null ? (
            <Badge tone={exitCode === 0 ? "success" : "danger"} title="exit code">
              exit {exitCode}
            </Badge>
          ) : null}
          {typeof part.timeoutMs === "number" ? (
            <Badge title="The command is stopped after this time">
              <Timer className="mr-1 size-3" aria-hidden />
              timeout {formatDuration(part.timeoutMs)}
            </Badge>
          ) : null}
        </>
      }
      timing={part}
      running={running}
    >
      <div className="overflow-hidden rounded-md bg-terminal font-mono text-xs text-terminal-foreground">
        <div className="flex items-start gap-2 px-3 py-2">
          <pre className="min-w-0 flex-1 overflow-x-auto whitespace-pre-wrap break-all" data-testid="bash-command">
            <span className="text-emerald-400 select-none">$ </span>
            {command}
          </pre>
          <CopyButton
            value={command}
            label="Copy command"
            className="text-slate-400 hover:bg-white/10 hover:text-white"
          />
        </div>
        {output ? (
          <div className="border-t border-white/10">
            {fold.hidden ? (
              <div className="flex items-center gap-2 px-3 pt-2 text-[11px] text-slate-400">
                <span>
                  {folded
                    ? fold.hiddenLines > 0
                      ? `${formatNumber(fold.hiddenLines)} earlier ${fold.hiddenLines === 1 ? "line" : "lines"} hidden`
                      : `the start of a ${formatNumber(output.length)}-character output is hidden`
                    : `${formatNumber(fold.totalLines)} lines`}
                </span>
                <button
                  type="button"
                  onClick={() => setExpanded((v) => !v)}
                  aria-expanded={expanded}
                  className="rounded px-1.5 py-0.5 text-slate-200 underline-offset-2 hover:bg-white/10 hover:underline"
                >
                  {expanded
                    ? "Fold output"
                    : fold.totalLines > 1
                      ? `Show all ${formatNumber(fold.totalLines)} lines`
                      : "Show all"}
                </button>
              </div>
            ) : null}
            <div className="flex items-start gap-2 px-3 py-2">
              <pre
                data-testid="bash-output"
                className="max-h-[32rem] min-w-0 flex-1 overflow-auto whitespace-pre text-slate-300"
              >
                <AnsiText text={folded ? fold.shown : output} />
              </pre>
              <CopyButton
                value={copyText}
                label="Copy output"
                className="text-slate-400 hover:bg-white/10 hover:text-white"
              />
            </div>
          </div>
        ) : null}
      </div>
    </PartCard>
  );
}
