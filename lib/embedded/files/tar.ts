import "server-only";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { pack } from "tar-stream";
import type { ChatFileRow } from "../store";

/**
 * A .tar.gz of files as a stream (tar-stream's ustar writer through Node's gzip): one entry per file, written as the
 * response is read. The archive format the v1 document's version download offers besides zip (`format=tarball`).
 */
export function tarballStream(files: readonly Pick<ChatFileRow, "path" | "content" | "encoding" | "updatedAt">[]) {
  const tar = pack();
  void (async () => {
    for (const file of files) {
      const bytes =
        file.encoding === "base64" ? Buffer.from(file.content, "base64") : Buffer.from(file.content, "utf8");
      await new Promise<void>((resolve, reject) =>
        tar.entry({ name: file.path.replace(/^\/+/, ""), mtime: file.updatedAt, size: bytes.length }, bytes, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    }
    tar.finalize();
  })().catch((error: unknown) => tar.destroy(error as Error));
  return Readable.toWeb(tar.pipe(createGzip())) as ReadableStream<Uint8Array>;
}
