/**
 * The page path and query of the current request, set by the root proxy.ts (layouts cannot see the URL), so
 * that the dashboard layout's sign-in redirect keeps the whole URL — e.g. the MCP OAuth landing page opened cold
 * in a new tab comes back with its `oauth_success` / `error` query after signing in.
 * No "server-only" marker: proxy.ts imports it too.
 */
export const REQUEST_PATH_HEADER = "x-atelier-request-path";

/** `/sign-in`, with `callbackUrl` when the requested page is a same-site path worth returning to. */
export function signInPathFor(requestPath: string | null, isSafe: (path: string) => boolean): string {
  if (!requestPath || !isSafe(requestPath) || requestPath === "/") return "/sign-in";
  return `/sign-in?callbackUrl=${encodeURIComponent(requestPath)}`;
}
