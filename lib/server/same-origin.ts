import "server-only";

/**
 * Whether a state-changing request comes from the dashboard's own pages.
 * Judged against APP_URL and the Host header (under `next start -H 127.0.0.1`, request.url says localhost).
 * Without an Origin header only `Sec-Fetch-Site: same-origin` is accepted.
 */
export function isSameOrigin(headers: Headers, appUrl: string): boolean {
  const origin = headers.get("origin");
  if (!origin) return headers.get("sec-fetch-site") === "same-origin";
  if (origin === "null") return false;
  const allowed = new Set<string>([new URL(appUrl).origin]);
  const host = headers.get("host");
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return allowed.has(origin);
}
