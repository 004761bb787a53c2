import "server-only";
import { allowsHttpRedirect, isLoopbackRedirectIp } from "../../loopback";

/**
 * Redirect URIs a client may register: https; http only on a loopback host (RFC 8252 7.3); a private-use scheme of
 * a native app (RFC 8252 7.1, e.g. `cursor://…`). Never with a fragment, never a scheme that runs or reads locally.
 */
export function redirectUriProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `not a URL: ${raw}`;
  }
  if (url.hash) return `must not have a fragment: ${raw}`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:")
    return allowsHttpRedirect(url.hostname) ? null : `http is allowed only on a loopback host: ${raw}`;
  if (["javascript:", "data:", "vbscript:", "file:", "blob:", "about:"].includes(url.protocol))
    return `scheme not allowed: ${raw}`;
  return null;
}

/** Exact match, except that a loopback IP redirect URI may use any port (RFC 8252 7.3). */
export function redirectUriMatches(registered: string, given: string): boolean {
  if (registered === given) return true;
  try {
    const a = new URL(registered);
    const b = new URL(given);
    if (a.protocol !== "http:" || !isLoopbackRedirectIp(a.hostname)) return false;
    a.port = "";
    b.port = "";
    return a.href === b.href;
  } catch {
    return false;
  }
}

/** The URI with these query parameters set (null and undefined left out). */
export function withParams(uri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/** What the person is shown as the redirect's destination: its host, or its scheme for a native app's URI. */
export function hostOf(uri: string): string {
  try {
    const u = new URL(uri);
    return u.host || `${u.protocol}//`;
  } catch {
    return uri;
  }
}
