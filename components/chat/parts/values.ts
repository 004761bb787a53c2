/**
 * Defensive reads of part fields. Parts grow through stream deltas that are only checked for a string `type`,
 * so a component may see a field that is missing or of another type mid-stream: read it through these.
 */

export const str = (v: unknown): string => (typeof v === "string" ? v : "");

export const strArray = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** "get_or_request_integration" → "Get or request integration". */
export function humanize(name: string): string {
  const words = name
    .replace(/[_-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "";
}
