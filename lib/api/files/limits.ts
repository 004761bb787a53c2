/** Limits of interface.md Part 8 on a chat's files: the embedded service enforces them (413), the dashboard checks first. */
export const MAX_FILES_PER_CHAT = 1000;
export const MAX_FILE_BYTES = 3 * 1024 * 1024;

/** The largest request body the dashboard's proxy forwards (413 above it): our wire decision, not the spec's. */
export const MAX_PROXY_BODY_BYTES = 8 * 1024 * 1024;

/**
 * A file name as the service accepts it from a client, normalized (a leading "./" removed), or null: a relative
 * path of plain segments (no leading "/", no "." or ".." segments, no backslashes or control characters), ≤ 500 chars.
 */
export function acceptedFileName(path: string): string | null {
  const name = path.replace(/^(\.\/)+/, "");
  const segments = name.split("/");
  if (name.length === 0 || name.length > 500 || /[\\\u0000-\u001f\u007f]/.test(name)) return null;
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  return name;
}
