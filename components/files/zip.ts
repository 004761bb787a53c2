import { zipSync, type Zippable } from "fflate";

/** One file of a .zip: its path inside the archive and its bytes. */
interface ZipEntry {
  name: string;
  data: Uint8Array;
  /** Modification time (defaults to now). */
  date?: Date;
}

/**
 * The bytes of a .zip holding `entries` stored as they are (fflate; no compression: the download is made in the
 * browser at once, and source files are small). Paths with `/` become folders inside the archive.
 */
export function createZip(entries: readonly ZipEntry[]): Uint8Array<ArrayBuffer> {
  const files: Zippable = {};
  for (const e of entries) files[e.name.replace(/^\/+/, "")] = [e.data, { level: 0, mtime: e.date ?? new Date() }];
  const bytes = zipSync(files, { level: 0 });
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}
