import "server-only";
import { contentTypeOfPath, withUtf8Charset } from "@/lib/api/files";
import { withReporter } from "./reporter";

/** The content type a served file is sent with: by its extension (lib/api's one table), text as UTF-8. */
export function contentTypeOf(path: string): string {
  return withUtf8Charset(contentTypeOfPath(path) ?? "application/octet-stream");
}

/**
 * Published sites and stored attachments are served from the dashboard's origin (under `/svc`), so they run
 * sandboxed: an opaque origin that cannot read the dashboard's cookies or storage nor call its APIs with the session.
 * (The chats' previews have an origin of their own: origin-serve.ts.)
 */
export const PREVIEW_HEADERS = {
  // Framed by the dashboard only (same origin): nothing else may embed a generated app under our origin.
  "content-security-policy": "sandbox allow-scripts allow-forms allow-modals allow-popups; frame-ancestors 'self'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-cache",
  // These pages are sandboxed (an opaque origin, "null"): their scripts load in CORS mode (reporter.ts), and
  // the reporter reads the status of a failed load with a HEAD request, so errors (404 …) may be read too.
  "access-control-allow-origin": "null",
};

export function plainText(status: number, body: string): Response {
  return new Response(body, { status, headers: { ...PREVIEW_HEADERS, "content-type": "text/plain; charset=utf-8" } });
}

/**
 * Decodes the raw (percent-encoded) segments of a served path, or null for traversal: `..`, `.`, encoded slashes or
 * backslashes, double encoding (a "%" left after decoding), control characters.
 */
export function decodeSegments(segments: readonly string[]): string[] | null {
  const decoded: string[] = [];
  for (const raw of segments) {
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (value === "." || value === ".." || /[\/\\%\u0000-\u001f\u007f]/.test(value)) return null;
    decoded.push(value);
  }
  return decoded;
}

/**
 * A stored file as served by the preview and the hosting; an HTML page gets the reporter (`reporter.ts`) and the
 * `script-src` carrying its nonce. `headers`: the sandboxing headers of where it is served.
 */
export function fileResponse(
  method: string,
  path: string,
  file: { content: string; encoding: string | null | undefined },
  headers: Record<string, string> = PREVIEW_HEADERS,
): Response {
  const type = contentTypeOf(path);
  let text: string | null = null;
  let csp = headers["content-security-policy"] ?? PREVIEW_HEADERS["content-security-policy"];
  if (type.startsWith("text/html") && file.encoding !== "base64") {
    const page = withReporter(file.content);
    text = page.html;
    csp = `${csp}; ${page.scriptSrc}`;
  }
  const body = new Uint8Array(
    text !== null
      ? Buffer.from(text, "utf8")
      : Buffer.from(file.content, file.encoding === "base64" ? "base64" : "utf8"),
  );
  return new Response(method === "HEAD" ? null : body, {
    status: 200,
    headers: {
      ...headers,
      "content-security-policy": csp,
      "content-type": type,
      "content-length": String(body.length),
    },
  });
}
