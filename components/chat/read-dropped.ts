"use client";

import type { PickedFile } from "@/lib/api/files";

/** Above this many entries a dropped folder stops being read (the import allows 1,000 files; skipped ones count too). */
const MAX_ENTRIES = 5_000;

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Every entry of a directory (readEntries answers in batches until an empty one). */
async function entriesOf(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0 || all.length >= MAX_ENTRIES) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, out: { path: string; file: File }[]): Promise<void> {
  if (out.length >= MAX_ENTRIES) return;
  if (entry.isFile) {
    out.push({ path: entry.fullPath.replace(/^\/+/, ""), file: await fileOf(entry as FileSystemFileEntry) });
  } else if (entry.isDirectory) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walk(child, out);
  }
}

/**
 * The files of a drop, with their paths: dropped folders are walked (paths start with the folder's name, which
 * `planImport` drops when everything came from one folder); without entry support, the flat list of files.
 */
export async function readDropped(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items ?? [])
    .filter((item) => item.kind === "file")
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  const found: { path: string; file: File }[] = [];
  if (entries.length && entries.every((e) => e !== null)) {
    for (const entry of entries) await walk(entry!, found);
  } else {
    for (const file of Array.from(data.files)) found.push({ path: file.name, file });
  }
  return Promise.all(found.map(async ({ path, file }) => ({ path, bytes: new Uint8Array(await file.arrayBuffer()) })));
}
