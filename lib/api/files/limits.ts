/** Limits of interface.md Part 8 on a chat's files: the embedded service enforces them (413), the dashboard checks first. */
export const MAX_FILES_PER_CHAT = 1000;
export const MAX_FILE_BYTES = 3 * 1024 * 1024;

/** The UTF-8 size of a text in bytes, without encoding it (a 3 MB file is checked as it is typed). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

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
