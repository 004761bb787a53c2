/** An http(s) URL, else null: URLs from the service are never trusted as anything else (no `javascript:`, `data:`). */
export function httpUrlOrNull(url: string): string | null {
  try {
    return ["http:", "https:"].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}
