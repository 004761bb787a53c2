import type { PatchVersionBodyV1, VersionFileV1 } from "../schemas/v1";
import { normalizePath } from "./tree";

/**
 * Lock toggles (wire-decisions.md 6): a lock is changed with `PATCH /v1/chats/{chatId}/versions/{versionId}` on the chat's
 * latest version, listing each file with its content unchanged. Pure helpers for the UI: which files a toggle
 * covers, the PATCH body, and the optimistic state. They work on v1 version files (`name`, `content`, `locked`).
 */

export type LockableFile = Pick<VersionFileV1, "name" | "content" | "locked">;

/** Whether `path` is `folder` itself or lies under it ("src" covers "src/a.ts", not "srcx/a.ts"); "" covers all. */
function isUnder(path: string, folder: string): boolean {
  const f = normalizePath(folder);
  if (f === "") return true;
  const p = normalizePath(path);
  return p === f || p.startsWith(`${f}/`);
}

/** The files under a folder (every file for ""), in their given order. */
export function filesUnderFolder<T extends { name: string }>(files: readonly T[], folder: string): T[] {
  return files.filter((file) => isUnder(file.name, folder));
}

/**
 * The files a toggle on `target` covers: the file named `target` if there is one, else every file under the
 * folder `target` ("" = the whole project).
 */
export function filesCoveredBy<T extends { name: string }>(files: readonly T[], target: string): T[] {
  const path = normalizePath(target);
  const file = files.find((f) => normalizePath(f.name) === path);
  return file ? [file] : filesUnderFolder(files, path);
}

/** "locked" when every covered file is locked, "unlocked" when none is, "mixed" otherwise ("unlocked" if none). */
export function lockStateOf(files: readonly LockableFile[], target: string): "locked" | "unlocked" | "mixed" {
  const covered = filesCoveredBy(files, target);
  const locked = covered.filter((f) => f.locked).length;
  if (locked === 0) return "unlocked";
  return locked === covered.length ? "locked" : "mixed";
}

/**
 * The PATCH body that sets the lock of every file `target` covers to `locked`, with each file's content
 * unchanged; only files whose lock changes are listed. Null when nothing would change (nothing to send).
 */
export function applyLockToggle(
  files: readonly LockableFile[],
  target: string,
  locked: boolean,
): PatchVersionBodyV1 | null {
  const changed = filesCoveredBy(files, target).filter((f) => f.locked !== locked);
  if (changed.length === 0) return null;
  return { files: changed.map((f) => ({ name: f.name, content: f.content, locked })) };
}

/** The files with a PATCH body applied (the optimistic state): contents and locks of the listed files replaced. */
export function applyPatchLocally<T extends LockableFile>(files: readonly T[], body: PatchVersionBodyV1): T[] {
  const byName = new Map(body.files.map((f) => [normalizePath(f.name), f]));
  return files.map((file) => {
    const patch = byName.get(normalizePath(file.name));
    return patch ? { ...file, content: patch.content, locked: patch.locked } : file;
  });
}
