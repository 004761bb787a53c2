import "server-only";
import { acceptedFileName, MAX_FILE_BYTES, MAX_FILES_PER_CHAT } from "@/lib/api/files/limits";
import { HttpError } from "../errors";

/** Limits of interface.md Part 8 on a chat's files (defined with the contract in lib/api). */
export { MAX_FILE_BYTES, MAX_FILES_PER_CHAT };

/**
 * Checks file names and sizes sent by a client (v1 initialization and version PATCH): a name is a relative
 * path of plain segments (no leading "/", no "." or ".." segments, no backslashes or control characters),
 * unique in the request → else 422 naming the field; a content over 3 MB → 413. Returns the names normalized
 * (a leading "./" removed).
 */
export function checkFileInputs(
  files: { name: string; content: string }[],
  field = "files",
  /** How a name's content is stored (a base64 file counts its decoded bytes); default utf8. */
  encodingOf: (name: string) => "utf8" | "base64" = () => "utf8",
): string[] {
  const seen = new Set<string>();
  return files.map((file, i) => {
    const name = acceptedFileName(file.name);
    if (name === null) {
      throw new HttpError(
        422,
        `${field}.${i}.name: must be a relative path like "src/app.ts" (got ${JSON.stringify(file.name)})`,
        "validation_failed",
      );
    }
    if (seen.has(name)) throw new HttpError(422, `${field}.${i}.name: ${name} is listed twice`, "validation_failed");
    seen.add(name);
    const bytes =
      encodingOf(name) === "base64" ? Buffer.from(file.content, "base64").length : Buffer.byteLength(file.content);
    if (bytes > MAX_FILE_BYTES) {
      throw new HttpError(
        413,
        `${field}.${i}.content: ${name} is ${bytes} bytes, larger than the 3 MB (${MAX_FILE_BYTES} bytes) file limit; nothing was changed`,
        "file_too_large",
      );
    }
    return name;
  });
}

/** 413 when a chat would hold more than 1,000 files. */
export function checkFileCount(count: number): void {
  if (count > MAX_FILES_PER_CHAT) {
    throw new HttpError(
      413,
      `A chat holds at most ${MAX_FILES_PER_CHAT} files (this would make ${count}); nothing was changed.`,
      "too_many_files",
    );
  }
}
