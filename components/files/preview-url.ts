/**
 * The service returns the preview URL: it is never trusted blindly. Only absolute http(s) URLs (or paths
 * resolved against the dashboard's origin) are shown; anything else (javascript:, data:, …) is refused.
 */
export function safePreviewUrl(url: string, base: string): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (parsed.username || parsed.password) return null;
  return parsed;
}

/**
 * The iframe's sandbox. Never `allow-same-origin`: for a foreign origin it is not needed, and the embedded
 * service serves previews from the dashboard's own origin (`/svc/…`), where it would let the generated app
 * read the dashboard's cookies-bearing origin and escape the sandbox. Scripts, forms, popups and dialogs are
 * the generated app's own business.
 */
export const PREVIEW_SANDBOX = "allow-scripts allow-forms allow-popups allow-modals";
