import "server-only";
import { isInlineImage } from "@/lib/api/attachments/limits";
import { attachmentDisposition } from "@/lib/api/files";
import { type Db } from "../store";
import * as attachmentsStore from "./store";
import { plainText, PREVIEW_HEADERS } from "../preview/serve";

/**
 * `GET {base_url}/attachments/{id}`: a stored attachment, no key needed (the unguessable id is the capability, as a
 * preview's token is), so an `<img>` or a link in the dashboard loads it directly. Images of the common raster types
 * are shown inline; everything else (SVG, HTML, text, archives) is a download (`Content-Disposition: attachment`).
 * Always `nosniff` and the preview's sandboxing CSP: even opened on its own, a file runs nothing with our origin.
 */
export async function serveAttachment(db: Db, method: string, segments: readonly string[]): Promise<Response> {
  if (method !== "GET" && method !== "HEAD") {
    return new Response(null, { status: 405, headers: { ...PREVIEW_HEADERS, allow: "GET, HEAD" } });
  }
  const [id, ...rest] = segments;
  const row =
    id && !rest.length && /^att_[A-Za-z0-9]{32}$/.test(id) ? await attachmentsStore.findAttachment(db, id) : null;
  if (!row) return plainText(404, "No such attachment.");
  const body = new Uint8Array(Buffer.from(row.content, "base64"));
  const disposition = attachmentDisposition(row.name);
  return new Response(method === "HEAD" ? null : body, {
    status: 200,
    headers: {
      ...PREVIEW_HEADERS,
      "content-type": row.contentType,
      "content-length": String(body.length),
      "content-disposition": isInlineImage(row.contentType)
        ? disposition.replace(/^attachment/, "inline")
        : disposition,
      // The bytes behind an id never change.
      "cache-control": "private, max-age=31536000, immutable",
    },
  });
}
