import "server-only";
import { Unzip, UnzipInflate } from "fflate";
import type { BodyIssue } from "@/lib/api";
import { acceptedFileName, MAX_FILE_BYTES, MAX_FILES_PER_CHAT } from "@/lib/api/files/limits";
import { HttpError, invalidFields } from "../errors";

/** At most this many bytes inflated from one zip attachment (a zip bomb is refused when it gets there). */
const MAX_ZIP_INFLATED_BYTES = 20 * 1024 * 1024;
/** Compressed bytes fed to the inflater at a time: deflate expands at most ~1032×, so one step holds ≤ ~4 MB. */
const FEED_BYTES = 4 * 1024;

/** A file of a zip attachment as the chat stores it: UTF-8 text, or base64 for anything else. */
export interface ZipFile {
  path: string;
  content: string;
  encoding: "utf8" | "base64";
}

const tooLarge = () =>
  new HttpError(
    413,
    `A zip attachment expands to more than ${MAX_ZIP_INFLATED_BYTES / (1024 * 1024)} MB; refused.`,
    "file_too_large",
  );

/**
 * The files of a zip attachment (fflate's streaming Unzip, fed a few KB at a time so the inflated bytes are counted
 * as they come): folders are skipped; each path must be one a hand edit accepts (no `..`, no leading `/`: 422 naming
 * the entry), each file at most 3 MB (422), at most 1,000 files; past MAX_ZIP_INFLATED_BYTES in all it stops
 * inflating at once (413). An archive fflate cannot read is 422.
 */
export function unzipAttachment(bytes: Uint8Array, field: string): ZipFile[] {
  const files: ZipFile[] = [];
  const issues: BodyIssue[] = [];
  let inflated = 0;
  // fflate hands an error thrown in a callback back to the entry's handler: the refusal is kept here.
  let refusal: HttpError | null = null;
  const refuse = (error: HttpError): never => {
    refusal ??= error;
    throw refusal;
  };
  const unzip = new Unzip((entry) => {
    if (entry.name.endsWith("/")) return;
    const path = acceptedFileName(entry.name);
    if (path === null) {
      issues.push({ path: field, error: `${JSON.stringify(entry.name)} is not a path a project may hold` });
      return;
    }
    if (files.length + issues.length >= MAX_FILES_PER_CHAT) {
      issues.push({ path: field, error: `a chat holds at most ${MAX_FILES_PER_CHAT} files` });
      refuse(invalidFields("Invalid zip attachment", issues));
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    entry.ondata = (error, chunk, final) => {
      if (error) refuse(invalidFields("Invalid zip attachment", [{ path: field, error: error.message }]));
      size += chunk.length;
      inflated += chunk.length;
      if (inflated > MAX_ZIP_INFLATED_BYTES) refuse(tooLarge());
      if (size > MAX_FILE_BYTES) {
        entry.terminate();
        issues.push({ path: field, error: `${path} is larger than 3 MB (${MAX_FILE_BYTES} bytes)` });
        return;
      }
      chunks.push(chunk);
      if (final) files.push(fileOf(path, Buffer.concat(chunks)));
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += FEED_BYTES)
      unzip.push(bytes.subarray(at, at + FEED_BYTES), at + FEED_BYTES >= bytes.length);
    if (!bytes.length) unzip.push(bytes, true);
  } catch (error) {
    if (refusal) throw refusal;
    const reason = error instanceof Error ? error.message : String(error);
    throw invalidFields("Invalid zip attachment", [{ path: field, error: `not a readable zip archive (${reason})` }]);
  }
  if (issues.length) throw invalidFields("Invalid zip attachment", issues);
  if (!files.length)
    throw invalidFields("Invalid zip attachment", [{ path: field, error: "the zip archive holds no files" }]);
  return files;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function fileOf(path: string, bytes: Buffer): ZipFile {
  if (!bytes.includes(0)) {
    try {
      return { path, content: utf8.decode(bytes), encoding: "utf8" };
    } catch {
      // not UTF-8: kept as base64
    }
  }
  return { path, content: bytes.toString("base64"), encoding: "base64" };
}
