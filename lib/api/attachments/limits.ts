/**
 * Attachments of a prompt (interface.md 2.7 `attachments`): the limits the embedded service enforces and the
 * dashboard's composer explains before sending, and the small readings both ends share.
 */

/** At most this many attachments per message (more: 422, nothing stored). */
export const MAX_ATTACHMENTS = 10;
/** At most this many bytes per attachment, decoded (more: 413, nothing stored); the spec's file limit. */
export const MAX_ATTACHMENT_BYTES = 3 * 1024 * 1024;
/**
 * The largest create or send body (the embedded service and the dashboard's proxy): ten attachments of 3 MB as
 * base64 (4 MB each) plus room for the prompt and the JSON around them. Other bodies keep the smaller limit.
 */
export const MAX_ATTACHMENTS_BODY_BYTES = MAX_ATTACHMENTS * 4 * 1024 * 1024 + 2 * 1024 * 1024;

/** Image types shown inline (a thumbnail in the dashboard, `Content-Disposition: inline` from the service). */
const INLINE_IMAGES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp"]);

export function isInlineImage(contentType: string | undefined): boolean {
  return !!contentType && INLINE_IMAGES.has(contentType.split(";")[0]!.trim().toLowerCase());
}

/** A `data:` URL's media type and base64 payload (a non-base64 payload is percent-decoded and re-encoded), or null. */
export function parseDataUrl(url: string): { contentType: string; base64: string } | null {
  const match = /^data:([^,]*),(.*)$/s.exec(url);
  if (!match) return null;
  const meta = match[1]!.split(";").map((s) => s.trim());
  const isBase64 = meta.at(-1)?.toLowerCase() === "base64";
  const contentType = (meta[0] || "text/plain").toLowerCase();
  if (isBase64) return { contentType, base64: match[2]!.replace(/\s+/g, "") };
  try {
    const text = decodeURIComponent(match[2]!);
    return { contentType, base64: bytesToBase64(new TextEncoder().encode(text)) };
  } catch {
    return null;
  }
}

/** Whether a string is standard base64 (padding optional). */
export function isBase64(text: string): boolean {
  return /^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.length % 4 !== 1;
}

/** The decoded size of base64 text, without decoding it. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
