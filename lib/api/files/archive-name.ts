/** A safe archive name from the chat's title (or its id): letters, digits, `._-`, spaces as dashes, ≤ 60 chars. */
export function zipName(title: string | null | undefined, chatId: string): string {
  const base = (title || chatId)
    .replace(/[^\p{L}\p{N}._ -]+/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 60);
  return `${base || "files"}.zip`;
}

/** A Content-Disposition for `name`: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
