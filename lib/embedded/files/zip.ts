import "server-only";
import { Zip, ZipDeflate } from "fflate";
import type { ChatFileRow } from "../store";

/** The bytes of a stored file: UTF-8 text, or its base64 content decoded. */
function bytesOf(file: Pick<ChatFileRow, "content" | "encoding">): Uint8Array {
  return file.encoding === "base64" ? Buffer.from(file.content, "base64") : Buffer.from(file.content, "utf8");
}

/**
 * A .zip of the chat's files as a stream (fflate's streaming Zip; deflated, each file with its modification time):
 * the archive is written entry by entry as the response is read, never held whole.
 */
export function zipStream(
  files: readonly Pick<ChatFileRow, "path" | "content" | "encoding" | "updatedAt">[],
): ReadableStream<Uint8Array> {
  let zip: Zip;
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    // One file per pull: a slow reader holds the writer back.
    pull() {
      const file = files[next++];
      if (!file) return zip.end();
      const entry = new ZipDeflate(file.path.replace(/^\/+/, ""), { level: 6 });
      entry.mtime = file.updatedAt;
      zip.add(entry);
      entry.push(bytesOf(file), true);
    },
  });
}
