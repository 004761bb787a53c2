import { PreviewReport } from "@/lib/api/preview-report";

/** How many reports are kept (the last ones), and how long a shown string may be. */
export const MAX_REPORTS = 500;
const MAX_SHOWN_CHARS = 1_000;

/**
 * An upstream service's preview frame's origin as the browser reports it: that frame is sandboxed without
 * `allow-same-origin` (PREVIEW_SANDBOX), so its document has an opaque origin and every message it posts says "null".
 */
export const SANDBOXED_ORIGIN = "null";

/** One kept report: a running number (React key) and the message, strings cut to MAX_SHOWN_CHARS. */
export type KeptReport = PreviewReport & { n: number };

const cut = (s: string) => (s.length > MAX_SHOWN_CHARS ? `${s.slice(0, MAX_SHOWN_CHARS)}…` : s);

/**
 * A `message` event's report, or null when it is not one we take: not from the preview frame's own window, not
 * from the preview's (sandboxed) origin, or not of the reporter's shape.
 */
export function acceptPreviewMessage(
  event: { source: unknown; origin: string; data: unknown },
  frame: { window: unknown; origin: string },
): PreviewReport | null {
  if (!frame.window || event.source !== frame.window || event.origin !== frame.origin) return null;
  const parsed = PreviewReport.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/** The list after one more report: the last MAX_REPORTS, strings cut short. */
export function keepReport(list: readonly KeptReport[], report: PreviewReport, n: number): KeptReport[] {
  const shown = Object.fromEntries(
    Object.entries(report).map(([k, v]) => [k, typeof v === "string" ? cut(v) : v]),
  ) as PreviewReport;
  const next = [...list, { ...shown, n }];
  return next.length > MAX_REPORTS ? next.slice(next.length - MAX_REPORTS) : next;
}

/** Errors, unhandled rejections and failed loads: what the Problems region lists. */
export function isProblem(r: PreviewReport): boolean {
  return r.kind === "error" || r.kind === "rejection" || r.kind === "load-failed";
}

/**
 * The chat's file an error points at (`http://{chat host}/app.js` → `app.js`), when the URL is the preview's
 * own (same path prefix as the page) and names one of the chat's files; else null.
 */
export function chatFileOf(fileUrl: string, previewUrl: string, paths: readonly string[]): string | null {
  const base = previewUrl.replace(/[^/]*$/, "");
  if (!fileUrl.startsWith(base)) return null;
  let path: string;
  try {
    path = decodeURIComponent(fileUrl.slice(base.length).split(/[?#]/)[0] ?? "");
  } catch {
    return null;
  }
  // A directory's address is its index.html, as the preview serves it (the page at the origin's root included).
  if (path === "" || path.endsWith("/")) path += "index.html";
  return paths.includes(path) ? path : null;
}

/**
 * The follow-up "Fix with agent" sends: the problems quoted (message, file:line, the first stack lines), at most
 * 10 of them, and the ask to fix them.
 */
export function fixPrompt(problems: readonly PreviewReport[], previewUrl: string, paths: readonly string[]): string {
  // The preview's own URLs in stacks become the files' paths: shorter, and the preview link's token stays out of it.
  const base = previewUrl.replace(/[^/]*$/, "");
  const quoted = problems.slice(0, 10).map((r) => {
    if (r.kind === "load-failed") return `- Failed to load ${r.tag} ${r.url}${r.status ? ` (HTTP ${r.status})` : ""}`;
    if (r.kind === "rejection") return `- Unhandled promise rejection: ${r.message}${stackLines(r.stack, base)}`;
    if (r.kind !== "error") return "";
    const where = `${chatFileOf(r.file, previewUrl, paths) ?? r.file}:${r.line}${r.column ? `:${r.column}` : ""}`;
    return `- ${r.message} at ${where}${stackLines(r.stack, base)}`;
  });
  const more = problems.length > 10 ? `\n(and ${problems.length - 10} more)` : "";
  return `Please fix these problems the preview reports:\n${quoted.join("\n")}${more}`;
}

const stackLines = (stack: string, base: string) => {
  const lines = stack
    .split("\n")
    .slice(1, 4)
    .map((l) => `    ${l.trim().split(base).join("")}`);
  return lines.length ? `\n${lines.join("\n")}` : "";
};
