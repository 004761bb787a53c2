/** Shared pieces of the benchmarks: module shape, timing, medians, table printing. */

export interface BenchRow {
  /** What was measured. */
  label: string;
  /** Median wall time of one run, in milliseconds (or in the result's `unit`). */
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
  /** Optional extra column, e.g. "1.4 µs/delta". */
  note?: string;
}

export interface BenchRatio {
  label: string;
  value: number;
  /** The ratio must stay at or below this. */
  max?: number;
}

export interface BenchResult {
  rows: BenchRow[];
  ratios: BenchRatio[];
  /** Facts about the workload (sizes, counts), printed above the table. */
  facts?: Record<string, string | number>;
  /** What the rows' median/min/max are in (default "ms": wall time; e.g. "MB" for memory). */
  unit?: string;
}

export interface BenchOptions {
  /** Fewer repetitions, for a smoke run. */
  quick: boolean;
}

export interface BenchModule {
  name: string;
  description: string;
  run(opts: BenchOptions): Promise<BenchResult> | BenchResult;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A contender: `prepare` runs outside the timed region and its result is handed to `run`. */
interface Contender<P> {
  label: string;
  prepare: () => P;
  run: (input: P) => unknown;
  note?: (medianMs: number) => string;
}

/** Erases a contender's input type so contenders of different inputs can share one list. */
export function contender<P>(c: Contender<P>): Contender<unknown> {
  return c as unknown as Contender<unknown>;
}

/**
 * Times contenders side by side: `warmup` untimed rounds, then `repeats` rounds in which every contender
 * runs once, in rotating order (so drift and GC pressure spread evenly). Returns one row per contender.
 */
export function compare(
  contenders: readonly Contender<unknown>[],
  opts: { warmup: number; repeats: number },
): BenchRow[] {
  const samples = contenders.map(() => [] as number[]);
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let round = 0; round < opts.warmup + opts.repeats; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const i = (round + k) % contenders.length;
      const c = contenders[i]!;
      const input = c.prepare();
      gc?.();
      const start = performance.now();
      c.run(input);
      const ms = performance.now() - start;
      if (round >= opts.warmup) samples[i]!.push(ms);
    }
  }
  return contenders.map((c, i) => {
    const s = samples[i]!;
    const med = median(s);
    return {
      label: c.label,
      medianMs: med,
      minMs: Math.min(...s),
      maxMs: Math.max(...s),
      runs: s.length,
      note: c.note?.(med),
    };
  });
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

export function formatTable(rows: readonly BenchRow[], unit = "ms"): string {
  const header = ["contender", `median ${unit}`, `min ${unit}`, `max ${unit}`, "runs", ""];
  const body = rows.map((r) => [r.label, fmt(r.medianMs), fmt(r.minMs), fmt(r.maxMs), String(r.runs), r.note ?? ""]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}
