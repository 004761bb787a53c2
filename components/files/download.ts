import type { ChatFile } from "@/lib/api/schemas";
import { baseName, mimeTypeOf } from "@/lib/api/files";
export { zipName } from "@/lib/api/files";
import { createZip } from "./zip";

/** A file's bytes: UTF-8 text, or the decoded base64 content of a binary file. */
export function fileBytes(file: Pick<ChatFile, "content" | "encoding">): Uint8Array<ArrayBuffer> {
  if (file.encoding === "utf8") return new TextEncoder().encode(file.content) as Uint8Array<ArrayBuffer>;
  const binary = atob(file.content.replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The size of a file's content in bytes (approximate for base64 without decoding). */
export function fileSize(file: Pick<ChatFile, "content" | "encoding">): number {
  if (file.encoding === "base64") {
    const clean = file.content.replace(/\s+/g, "");
    return Math.floor((clean.length * 3) / 4) - (clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0);
  }
  return new Blob([file.content]).size;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** Saves a blob under `name` through a temporary object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadFile(file: ChatFile): void {
  saveBlob(new Blob([fileBytes(file)], { type: mimeTypeOf(file.path, file.encoding) }), baseName(file.path) || "file");
}

export function downloadAllAsZip(files: readonly ChatFile[], name: string): void {
  const zip = createZip(files.map((f) => ({ name: f.path, data: fileBytes(f) })));
  saveBlob(new Blob([zip], { type: "application/zip" }), name);
}
