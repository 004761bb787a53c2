/** Formatting shared by the dashboard (docs/ui.md: relative times with exact UTC, durations as "1.2 s"). */

const UNITS: [Intl.RelativeTimeFormatUnit, number, string][] = [
  ["year", 365 * 24 * 3600, "y"],
  ["month", 30 * 24 * 3600, "mo"],
  ["week", 7 * 24 * 3600, "w"],
  ["day", 24 * 3600, "d"],
  ["hour", 3600, "h"],
  ["minute", 60, "min"],
];

/** "just now", "3 min ago", "2 h ago", "5 d ago", "in 4 min". */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((time - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  for (const [, size, short] of UNITS) {
    if (abs >= size || short === "min") {
      const n = Math.max(1, Math.round(abs / size));
      return seconds < 0 ? `${n} ${short} ago` : `in ${n} ${short}`;
    }
  }
  return iso;
}

/** "2025-05-01 12:03:04 UTC". */
export function formatUtc(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${new Date(time)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "")
    .replace(/Z$/, "")} UTC`;
}

/** "850 ms", "1.2 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** The duration between two optional ISO times, or null. */
export function durationBetween(startedAt?: string, finishedAt?: string): number | null {
  if (!startedAt || !finishedAt) return null;
  const ms = Date.parse(finishedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

const numberFormat = new Intl.NumberFormat("en-US");
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/** Credits with up to 4 decimals ("0.0123"). */
export function formatCredits(n: number): string {
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 }).format(n);
}
