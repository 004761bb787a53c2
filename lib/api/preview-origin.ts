/**
 * The embedded service's preview origin as both ends know it (lib/embedded/preview/origin-serve.ts serves it, the
 * dashboard's Preview tab frames it): the token header the official client's `fetchPreview` sends, and the handoff a
 * browser opens instead (`{origin}/__atelier/handoff?token=…&path=/…`: sets the preview's cookie, goes on to the path).
 */
export const PREVIEW_TOKEN_HEADER = "x-v0-preview-token";
export const PREVIEW_HANDOFF_PATH = "/__atelier/handoff";

/**
 * Whether `origin` is one of a preview origin pattern's: the pattern itself, or with a `*` as the first label of its
 * host, that host with one label in its place (`http://*.localhost:3001` ∋ `http://pabc.localhost:3001`).
 */
export function isPreviewOrigin(origin: string, pattern: string): boolean {
  const wanted = pattern.toLowerCase();
  const given = origin.toLowerCase();
  const star = /^([a-z]+:\/\/)\*(\..+)$/.exec(wanted);
  if (!star) return given === wanted;
  return (
    given.startsWith(star[1]!) &&
    given.endsWith(star[2]!) &&
    /^[a-z0-9-]{1,63}$/.test(given.slice(star[1]!.length, given.length - star[2]!.length))
  );
}

/** The handoff URL that opens `url` (a page of the preview origin) in a browser with `token`. */
export function previewHandoffUrl(url: URL, token: string): string {
  const query = new URLSearchParams({ token, path: `${url.pathname}${url.search}${url.hash}` });
  return `${url.origin}${PREVIEW_HANDOFF_PATH}?${query}`;
}
