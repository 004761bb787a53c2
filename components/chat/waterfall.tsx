import type { Part } from "@/lib/api/schemas";
import { cn } from "@/components/ui/cn";
import { formatDuration } from "@/components/ui/format";
import { str, strArray } from "./parts/values";

/** Bar colours per kind, the muted accents of docs/ui.md (every bar also has its kind as text). */
const BAR: Record<string, string> = {
  thinking: "bg-violet-500/70",
  search: "bg-sky-500/70",
  "file-read": "bg-amber-500/70",
  "file-edit": "bg-amber-600/70",
  bash: "bg-slate-500/80",
  "tool-call": "bg-teal-500/70",
  "agent-action": "bg-indigo-500/70",
  text: "bg-zinc-400/80",
};

interface WaterfallRow {
  index: number;
  kind: string;
  detail: string;
  /** ms from the first part's start; null when the part has no timing. */
  offset: number | null;
  duration: number | null;
  /** Started, not finished yet. */
  open: boolean;
}

const time = (iso: unknown): number | null => {
  if (typeof iso !== "string") return null;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : null;
};

/** A short description of a part for its row. */
function detailOf(part: Part): string {
  const p = part as Record<string, unknown>;
  switch (part.type) {
    case "search":
      return `${str(p.scope)}: ${str(p.query)}`;
    case "file-read":
      return strArray(p.paths).join(", ");
    case "file-edit":
      return `${str(p.operation)} ${str(p.path)}${str(p.toPath) ? ` → ${str(p.toPath)}` : ""}`;
    case "bash":
      return str(p.command);
    case "tool-call":
      return str(p.toolDisplayName) || str(p.name);
    case "agent-action":
      return str(p.name);
    case "text":
    case "thinking":
      return str(p.text).replace(/\s+/g, " ").slice(0, 80);
    default:
      return "";
  }
}

/** The parts as rows on one time axis (ms from the first start); an unfinished part runs to the latest known time. */
export function waterfallRows(parts: readonly Part[]): { rows: WaterfallRow[]; total: number } {
  const spans = parts.map((part) => ({ start: time(part?.startedAt), end: time(part?.finishedAt) }));
  const starts = spans.map((s) => s.start).filter((t): t is number => t !== null);
  if (!starts.length)
    return {
      rows: parts.map((part, index) => ({
        index,
        kind: kindOf(part),
        detail: detailOf(part),
        offset: null,
        duration: null,
        open: false,
      })),
      total: 0,
    };
  const t0 = Math.min(...starts);
  const latest = Math.max(...spans.flatMap((s) => [s.start, s.end]).filter((t): t is number => t !== null));
  const rows = parts.map((part, index): WaterfallRow => {
    const { start, end } = spans[index]!;
    const base = { index, kind: kindOf(part), detail: detailOf(part) };
    if (start === null) return { ...base, offset: null, duration: null, open: false };
    const stop = end !== null && end >= start ? end : latest;
    return { ...base, offset: start - t0, duration: stop - start, open: end === null };
  });
  return { rows, total: Math.max(latest - t0, 0) };
}

function kindOf(part: Part): string {
  return typeof part?.type === "string" && part.type ? part.type : "unknown";
}

/** A small bar chart of a message's parts over time: where the agent spent it. */
export function Waterfall({ parts }: { parts: readonly Part[] }) {
  const { rows, total } = waterfallRows(parts);
  const pct = (ms: number) => (total > 0 ? (ms / total) * 100 : 0);
  return (
    <figure data-testid="waterfall" className="rounded-lg border border-border bg-card p-3 text-xs">
      <figcaption className="mb-2 flex items-baseline justify-between text-muted-foreground">
        <span>Where the time went</span>
        <span className="tabular-nums">total {formatDuration(total)}</span>
      </figcaption>
      <ol className="space-y-1" aria-label="Parts over time">
        {rows.map((row) => {
          const label = `${row.kind}${row.detail ? ` (${row.detail})` : ""}: ${
            row.duration === null ? "no timing" : `${formatDuration(row.duration)}${row.open ? ", still running" : ""}`
          }`;
          return (
            <li
              key={row.index}
              data-testid="waterfall-row"
              data-kind={row.kind}
              className="grid grid-cols-[7.5rem_1fr_4rem] items-center gap-2"
            >
              <span className="truncate font-mono text-muted-foreground" title={row.detail || row.kind}>
                {row.kind}
              </span>
              <div className="relative h-3 rounded-sm bg-muted">
                {row.offset !== null && row.duration !== null ? (
                  <div
                    role="img"
                    aria-label={label}
                    title={label}
                    className={cn(
                      "absolute inset-y-0 min-w-[3px] rounded-sm",
                      BAR[row.kind] ?? "bg-zinc-500/70",
                      row.open && "animate-pulse",
                    )}
                    style={{ left: `${pct(row.offset)}%`, width: `${pct(row.duration)}%` }}
                  />
                ) : (
                  <span role="img" aria-label={label} title={label} className="absolute inset-0" />
                )}
              </div>
              <span className="text-right text-muted-foreground tabular-nums">
                {row.duration === null ? "—" : formatDuration(row.duration)}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
