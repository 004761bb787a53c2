import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { constants } from "node:fs";
import {
  chmod,
  lchown,
  lstat,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  utimes,
  type FileHandle,
} from "node:fs/promises";
import path from "node:path";
import type { HostIds } from "../sandbox/workspace";

/**
 * The package store shared between chats (docs/app-runtime.md "The shared package store"): npm's tarballs, each kept
 * under its own sha512 (`<store>/<2 hex>/<2 hex>/<rest>`, the layout of npm's `_cacache/content-v2/sha512`). Only the
 * server writes it, and only with content whose sha512 it computed itself: after a chat's install succeeded it takes
 * the tarballs of the chat's own cache (`harvest`), before an install it copies into the chat's cache the tarballs its
 * lockfile names (`seed`), where npm finds them by digest (pacote reads a tarball by its lockfile integrity alone, no
 * index entry). Sandboxes never see the store; the chat's cache is theirs, so every path in it is checked as a
 * sandbox may have left it (links are never followed, and the caller holds no sandbox on that cache meanwhile).
 */

export interface PackageStore {
  /** Its folder (mode 0700, the server's). */
  dir: string;
  /** The whole store at most: past it the least recently used tarballs go. */
  maxBytes: number;
  /** One tarball at most (a larger one stays in its chat's cache only). */
  maxFileBytes: number;
}

/** npm's content folder in a cache (`npm_config_cache`). */
const CONTENT = ["_cacache", "content-v2", "sha512"];
const HEX = /^[0-9a-f]+$/;
const NOFOLLOW = constants.O_NOFOLLOW;

/**
 * The sha512 digests (hex) an npm lockfile names: `packages[*].integrity` (lockfile v2, v3) and the nested
 * `dependencies[*].integrity` (v1). Anything unreadable names none.
 */
export function lockfileDigests(text: string): string[] {
  const found = new Set<string>();
  const add = (integrity: unknown) => {
    if (typeof integrity !== "string") return;
    for (const entry of integrity.trim().split(/\s+/)) {
      const m = /^sha512-([A-Za-z0-9+/]{86}==)(\?.*)?$/.exec(entry);
      if (m) found.add(Buffer.from(m[1], "base64").toString("hex"));
    }
  };
  const walkV1 = (deps: unknown) => {
    if (!deps || typeof deps !== "object") return;
    for (const dep of Object.values(deps as Record<string, unknown>)) {
      if (!dep || typeof dep !== "object") continue;
      add((dep as { integrity?: unknown }).integrity);
      walkV1((dep as { dependencies?: unknown }).dependencies);
    }
  };
  try {
    const lock = JSON.parse(text) as { packages?: unknown; dependencies?: unknown };
    if (lock.packages && typeof lock.packages === "object")
      for (const entry of Object.values(lock.packages as Record<string, unknown>))
        if (entry && typeof entry === "object") add((entry as { integrity?: unknown }).integrity);
    walkV1(lock.dependencies);
  } catch {
    // not JSON: nothing to seed
  }
  return [...found];
}

const split = (digest: string) => [digest.slice(0, 2), digest.slice(2, 4), digest.slice(4)];
const tmpName = () => `.atelier-tmp-${randomBytes(8).toString("hex")}`;

/** Makes the store's folder (0700); removes the copies an earlier process left half done (older than an hour). */
async function ensureStore(store: PackageStore): Promise<void> {
  await mkdir(store.dir, { recursive: true, mode: 0o700 });
  await chmod(store.dir, 0o700);
  for (const name of await readdir(store.dir)) {
    if (!name.startsWith(".atelier-tmp-")) continue;
    const info = await lstat(path.join(store.dir, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 3_600_000) await rm(path.join(store.dir, name), { force: true });
  }
}

/**
 * Copies from the store into a chat's npm cache (`npmCache`, the host folder of its `/cache/npm`) each tarball of
 * `digests` the store holds and the cache does not. A folder on the way that is a link or not a folder (a sandbox put
 * it there) gets nothing; new folders and files are given to `owner` (the sandbox's user) so npm can add beside them.
 * Returns how many tarballs were copied.
 */
export async function seed(
  store: PackageStore,
  npmCache: string,
  digests: readonly string[],
  owner: HostIds | null,
): Promise<number> {
  let copied = 0;
  for (const digest of digests) {
    if (digest.length !== 128 || !HEX.test(digest)) continue;
    const [a, b, rest] = split(digest);
    const source = path.join(store.dir, a, b, rest);
    try {
      if (!(await lstat(source)).isFile()) continue;
    } catch {
      continue; // not in the store
    }
    const dir = await safeDirs(npmCache, [...CONTENT, a, b], owner);
    if (!dir) continue;
    const target = path.join(dir, rest);
    if (await exists(target)) continue;
    const tmp = path.join(dir, tmpName());
    let from: FileHandle | undefined;
    let to: FileHandle | undefined;
    try {
      from = await open(source, constants.O_RDONLY | NOFOLLOW);
      // O_EXCL: never through a link a sandbox left at this name.
      to = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o444);
      for await (const chunk of from.createReadStream({ autoClose: false })) await to.write(chunk as Buffer);
      if (owner) await to.chown(owner.uid, owner.gid);
      await to.close();
      to = undefined;
      await rename(tmp, target);
      const now = new Date();
      await utimes(source, now, now).catch(() => {}); // recently used: evicted last
      copied++;
    } catch {
      await rm(tmp, { force: true }).catch(() => {});
    } finally {
      await from?.close().catch(() => {});
      await to?.close().catch(() => {});
    }
  }
  return copied;
}

/** `root/parts…` made as real folders (none a link), the new ones given to `owner`; null when one is not a folder. */
async function safeDirs(root: string, parts: readonly string[], owner: HostIds | null): Promise<string | null> {
  let at = root;
  const rootStat = await lstat(root).catch(() => null);
  if (!rootStat?.isDirectory()) return null;
  for (const part of parts) {
    at = path.join(at, part);
    const found = await lstat(at).catch(() => null);
    if (found) {
      if (!found.isDirectory()) return null;
      continue;
    }
    try {
      await mkdir(at, { mode: 0o755 });
      if (owner) await lchown(at, owner.uid, owner.gid);
    } catch {
      return null;
    }
  }
  return at;
}

const exists = (file: string) =>
  lstat(file).then(
    () => true,
    () => false,
  );

/**
 * Takes into the store the tarballs of a chat's npm cache (after its install succeeded) that it does not hold yet:
 * each regular file of `_cacache/content-v2/sha512/<2>/<2>/<rest>` is read once (never through a link), hashed as it
 * is copied, and kept only when its sha512 is its name. Index entries and everything else of the cache stay out.
 * Then evicts the least recently used tarballs past the store's size. Returns how many were added.
 */
export async function harvest(store: PackageStore, npmCache: string): Promise<number> {
  const content = path.join(npmCache, ...CONTENT);
  if (!(await realDir(npmCache, CONTENT))) return 0;
  await ensureStore(store);
  let added = 0;
  for (const a of await dirs(content, 2))
    for (const b of await dirs(path.join(content, a), 2)) {
      const bucket = path.join(content, a, b);
      for (const entry of await readdir(bucket, { withFileTypes: true }).catch(() => [])) {
        const rest = entry.name;
        if (!entry.isFile() || rest.length !== 124 || !HEX.test(rest)) continue;
        const digest = a + b + rest;
        const target = path.join(store.dir, a, b, rest);
        if (await exists(target)) continue;
        if (await take(store, path.join(bucket, rest), digest, target)) added++;
      }
    }
  if (added) await evict(store);
  return added;
}

/** Whether `root/parts…` are real folders, none of them a link. */
async function realDir(root: string, parts: readonly string[]): Promise<boolean> {
  let at = root;
  for (const part of ["", ...parts]) {
    at = part ? path.join(at, part) : at;
    if (!(await lstat(at).catch(() => null))?.isDirectory()) return false;
  }
  return true;
}

/** The sub-folders (not links) of `dir` named by `length` hex characters. */
async function dirs(dir: string, length: number): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory() && e.name.length === length && HEX.test(e.name)).map((e) => e.name);
}

/** Copies one file into the store when its content's sha512 is `digest` (hashed as copied, from one open file). */
async function take(store: PackageStore, file: string, digest: string, target: string): Promise<boolean> {
  let from: FileHandle | undefined;
  let to: FileHandle | undefined;
  const dir = path.dirname(target);
  const tmp = path.join(store.dir, tmpName());
  try {
    from = await open(file, constants.O_RDONLY | NOFOLLOW | constants.O_NONBLOCK);
    const info = await from.stat();
    if (!info.isFile() || info.size > store.maxFileBytes || info.size > store.maxBytes) return false;
    to = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o400);
    const hash = createHash("sha512");
    let size = 0;
    for await (const chunk of from.createReadStream({ autoClose: false })) {
      size += (chunk as Buffer).length;
      if (size > store.maxFileBytes) throw new Error("grew past the file cap");
      hash.update(chunk as Buffer);
      await to.write(chunk as Buffer);
    }
    await to.close();
    to = undefined;
    if (hash.digest("hex") !== digest) {
      await rm(tmp, { force: true });
      return false;
    }
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await rename(tmp, target);
    return true;
  } catch {
    await rm(tmp, { force: true }).catch(() => {});
    return false;
  } finally {
    await from?.close().catch(() => {});
    await to?.close().catch(() => {});
  }
}

/** Past `maxBytes`, removes the least recently used tarballs (by modification time, which `seed` renews) to 80 %. */
async function evict(store: PackageStore): Promise<void> {
  const files: { file: string; size: number; at: number }[] = [];
  for (const a of await dirs(store.dir, 2))
    for (const b of await dirs(path.join(store.dir, a), 2))
      for (const name of await readdir(path.join(store.dir, a, b)).catch(() => [])) {
        const file = path.join(store.dir, a, b, name);
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) files.push({ file, size: info.size, at: info.mtimeMs });
      }
  let total = files.reduce((sum, f) => sum + f.size, 0);
  if (total <= store.maxBytes) return;
  files.sort((x, y) => x.at - y.at);
  for (const f of files) {
    if (total <= store.maxBytes * 0.8) break;
    await rm(f.file, { force: true });
    total -= f.size;
  }
}
