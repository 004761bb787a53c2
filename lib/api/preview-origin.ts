/**
 * The embedded service's preview origin as both ends know it (lib/embedded/preview/origin-serve.ts serves it, the
 * dashboard's Preview tab frames it): the token header the official client's `fetchPreview` sends, and the handoff a
 * browser opens instead (`{origin}/__atelier/handoff?token=…&path=/…`: sets the preview's cookie, goes on to the path).
 */
export const PREVIEW_TOKEN_HEADER = "x-v0-preview-token";
export const PREVIEW_HANDOFF_PATH = "/__atelier/handoff";

/**
 * Which of a preview origin pattern's origins `origin` is: the label in place of the `*` that is the first label of
 * the pattern's host (`http://*.localhost:3001` gives `pabc` for `http://pabc.localhost:3001`), "" for the pattern
 * itself when it has no `*`, null when `origin` is none of its. The one rule both ends use (the service's preview
 * listener for a request's host, the dashboard for the frame's address and its messages).
 */
export function previewOriginLabel(origin: string, pattern: string): string | null {
  const wanted = pattern.toLowerCase();
  const given = origin.toLowerCase();
  const star = /^([a-z]+:\/\/)\*(\..+)$/.exec(wanted);
  if (!star) return given === wanted ? "" : null;
  if (!given.startsWith(star[1]!) || !given.endsWith(star[2]!)) return null;
  const label = given.slice(star[1]!.length, given.length - star[2]!.length);
  return /^[a-z0-9-]{1,63}$/.test(label) ? label : null;
}

/** Whether `origin` is one of a preview origin pattern's (previewOriginLabel). */
export function isPreviewOrigin(origin: string, pattern: string): boolean {
  return previewOriginLabel(origin, pattern) !== null;
}

/** The handoff URL that opens `url` (a page of the preview origin) in a browser with `token`. */
export function previewHandoffUrl(url: URL, token: string): string {
  const query = new URLSearchParams({ token, path: `${url.pathname}${url.search}${url.hash}` });
  return `${url.origin}${PREVIEW_HANDOFF_PATH}?${query}`;
}
