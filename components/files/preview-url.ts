import { isPreviewOrigin, previewHandoffUrl } from "@/lib/api/preview-origin";
import { SANDBOXED_ORIGIN } from "./preview-reports";

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
 * The iframe's sandbox for a preview of an upstream service: without `allow-same-origin` (its page runs in an opaque
 * origin; it is not needed there). Scripts, forms, popups and dialogs are the generated app's own business.
 */
export const PREVIEW_SANDBOX = "allow-scripts allow-forms allow-popups allow-modals";

/**
 * The embedded service's preview origin is never the dashboard's (lib/server/preview-origin.ts refuses that), so
 * the frame keeps its own origin (`allow-same-origin`) safely: the app cannot reach the dashboard's cookies,
 * storage or APIs from there, and keeping its origin is what makes its cookie (the handoff's) reach its own
 * requests and its root paths resolve, and lets the reporter's messages be checked by origin.
 */
const OWN_ORIGIN_SANDBOX = `${PREVIEW_SANDBOX} allow-same-origin`;

/** How the Preview tab frames a preview: the frame's address, its sandbox, and the origin its messages come from. */
interface FramedPreview {
  /** What the frame and "Open in a new tab" open. */
  src: string;
  sandbox: string;
  /** `event.origin` of the page's messages: the preview origin, or "null" for an opaque (sandboxed) one. */
  origin: string;
}

/**
 * A preview on the embedded service's preview origin opens through the handoff (the token becomes the origin's
 * cookie, which a browser carries to every request of the page); any other is framed as it comes, opaque.
 */
export function framePreview(url: URL, token: string | undefined, pattern: string | null): FramedPreview {
  if (pattern && token && isPreviewOrigin(url.origin, pattern)) {
    return { src: previewHandoffUrl(url, token), sandbox: OWN_ORIGIN_SANDBOX, origin: url.origin };
  }
  return { src: url.href, sandbox: PREVIEW_SANDBOX, origin: SANDBOXED_ORIGIN };
}
