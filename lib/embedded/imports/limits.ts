import "server-only";
import { acceptedFileName, MAX_FILE_BYTES, MAX_FILES_PER_CHAT } from "@/lib/api/files/limits";
import { HttpError } from "../errors";

/**
 * Files that come from a zip archive or a Git repository: the same limits and path rules as every other way files
 * enter a chat (1,000 files, 3 MB each, relative paths of plain segments), refused with 422 `import_refused` and a
 * message saying which entry and why; nothing is stored then.
 */

/** The most bytes one download (an archive, a Git pack) may have, and the most time it may take. */
export const MAX_DOWNLOAD_BYTES = 100 * 1024 * 1024;
export const DOWNLOAD_TIMEOUT_MS = 60_000;
/** The most bytes an import's files may have together once inflated (a zip bomb stops there). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

/** An imported file as the chat stores it: UTF-8 text, or base64 for anything else. */
export interface ImportedFile {
  path: string;
  content: string;
  encoding: "utf8" | "base64";
}

export const importRefused = (message: string) => new HttpError(422, message, "import_refused");

/** The entry's path as a chat file name, or 422 naming it. */
export function checkEntryPath(source: string, path: string): string {
  const name = acceptedFileName(path);
  if (name === null)
    throw importRefused(
      `${source}: the entry ${JSON.stringify(path)} is not a relative path of plain segments (no "..", no leading "/", no backslash or control character); nothing was imported`,
    );
  return name;
}

export function checkEntrySize(source: string, path: string, bytes: number): void {
  if (bytes > MAX_FILE_BYTES)
    throw importRefused(
      `${source}: ${path} is larger than the 3 MB (${MAX_FILE_BYTES} bytes) file limit; nothing was imported`,
    );
}

export function checkEntryCount(source: string, count: number): void {
  if (count > MAX_FILES_PER_CHAT)
    throw importRefused(
      `${source}: more than ${MAX_FILES_PER_CHAT} files, the most a chat holds; nothing was imported`,
    );
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Text when the bytes are UTF-8 without a NUL character (which the database cannot store), else base64. */
export function importedFile(path: string, bytes: Uint8Array): ImportedFile {
  if (!bytes.includes(0)) {
    try {
      return { path, content: utf8.decode(bytes), encoding: "utf8" };
    } catch {
      // not UTF-8: kept as base64 below
    }
  }
  return { path, content: Buffer.from(bytes).toString("base64"), encoding: "base64" };
}
