import "server-only";
import { Unzip, UnzipInflate } from "fflate";
import { outboundRequest, OutboundError } from "../outbound/request";
import {
  checkEntryCount,
  checkEntryPath,
  checkEntrySize,
  DOWNLOAD_TIMEOUT_MS,
  importedFile,
  importRefused,
  MAX_DOWNLOAD_BYTES,
  MAX_IMPORT_BYTES,
  type ImportedFile,
} from "./limits";

/** The archive fed to the inflater this many bytes at a time: one step never inflates far past a cap. */
const STEP = 16 * 1024;

/** GET of a zip archive through the private-address rule, capped in size and time; 422 when it cannot be had. */
export async function downloadZip(url: string): Promise<Uint8Array> {
  try {
    const res = await outboundRequest(url, {
      protocols: ["http:", "https:"],
      maxBytes: MAX_DOWNLOAD_BYTES,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
    });
    if (res.status !== 200)
      throw importRefused(`${url} answered ${res.status} ${res.statusText}`.trim() + "; nothing was imported");
    return res.body;
  } catch (error) {
    if (error instanceof OutboundError) throw importRefused(`The zip could not be downloaded: ${error.message}`);
    throw error;
  }
}

/**
 * The files of a zip archive (folders skipped). Each entry is checked as it comes (name, count) and inflated under
 * the caps: past 3 MB for one file or the import's total, inflation stops and the archive is refused, whatever sizes
 * its directory claims. When every file sits in one top folder (a repository's archive), that folder is dropped.
 */
export function unzipFiles(archive: Uint8Array, source = "The zip"): ImportedFile[] {
  const files: ImportedFile[] = [];
  let refusal: unknown = null;
  let total = 0;
  let count = 0;
  const unzip = new Unzip((entry) => {
    if (refusal || entry.name.endsWith("/")) return;
    try {
      checkEntryCount(source, ++count);
      const path = checkEntryPath(source, entry.name);
      if (entry.originalSize !== undefined) checkEntrySize(source, path, entry.originalSize);
      const chunks: Uint8Array[] = [];
      let size = 0;
      entry.ondata = (error, chunk, final) => {
        if (refusal) return;
        try {
          if (error) throw importRefused(`${source}: ${path} cannot be inflated (${error.message})`);
          size += chunk.length;
          total += chunk.length;
          checkEntrySize(source, path, size);
          if (total > MAX_IMPORT_BYTES)
            throw importRefused(`${source} inflates past ${MAX_IMPORT_BYTES} bytes; nothing was imported`);
          chunks.push(chunk);
          if (final) files.push(importedFile(path, Buffer.concat(chunks)));
        } catch (refused) {
          refusal = refused;
          entry.terminate();
        }
      };
      entry.start();
    } catch (refused) {
      refusal = refused;
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < archive.length && !refusal; at += STEP)
      unzip.push(archive.subarray(at, at + STEP), at + STEP >= archive.length);
  } catch (error) {
    if (!refusal) refusal = importRefused(`${source} is not a readable zip archive (${(error as Error).message})`);
  }
  if (refusal) throw refusal;
  if (!files.length) throw importRefused(`${source} holds no files; nothing was imported`);
  return withoutTopFolder(files);
}

function withoutTopFolder(files: ImportedFile[]): ImportedFile[] {
  const top = files[0]!.path.split("/")[0]!;
  if (!files.every((f) => f.path.startsWith(`${top}/`))) return files;
  return files.map((f) => ({ ...f, path: f.path.slice(top.length + 1) }));
}
