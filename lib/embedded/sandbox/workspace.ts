import "server-only";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
  type Dirent,
} from "node:fs";
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SandboxFile, SandboxVolume } from "./types";

/** A host uid and gid, for the files a sandbox's user must own. */
export interface HostIds {
  uid: number;
  gid: number;
}

/**
 * The host folders of one sandbox, under a fresh temporary folder: `app` (the copy of the files, the sandbox's
 * `/app`) and `home` (its HOME); the backend adds the sockets' folders (`out`, `host`) when it needs them. Owned by the
 * sandbox's user when the server runs as root; removed by `remove`. `etc` is the folder of the few files of `/etc`
 * written for sandboxes (the same for every one: made once, the server's own, bound read-only).
 */
export interface Workspace {
  root: string;
  app: string;
  home: string;
  etc: string;
  remove(): Promise<void>;
}

/** The sandbox's own user, inside: its passwd and group entries. */
export const SANDBOX_USER = { name: "user", uid: 1000, gid: 1000, home: "/home/user" } as const;

/** The generated files of the sandbox's `/etc`, the same for every sandbox. */
const ETC_FILES: Readonly<Record<string, string>> = {
  passwd: `root:x:0:0:root:/root:/usr/sbin/nologin\n${SANDBOX_USER.name}:x:${SANDBOX_USER.uid}:${SANDBOX_USER.gid}::${SANDBOX_USER.home}:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
  group: `root:x:0:\n${SANDBOX_USER.name}:x:${SANDBOX_USER.gid}:\nnogroup:x:65534:\n`,
  hosts: "127.0.0.1 localhost sandbox\n::1 localhost ip6-localhost\n",
};

let sharedEtc: Promise<string> | null = null;

/**
 * The folder of the generated `/etc` files: made once by this process (0755, its files 0644, the server's own, so
 * readable by a sandbox's user, bound read-only), made again if something removed it (a cleaner of /tmp), removed
 * when the process exits.
 */
function etcFolder(): Promise<string> {
  const made = sharedEtc;
  if (made)
    return made.then((dir) =>
      Object.keys(ETC_FILES).every((name) => existsSync(path.join(dir, name)))
        ? dir
        : ((sharedEtc = null), etcFolder()),
    );
  const making = (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "atelier-sandbox-etc-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    await chmod(dir, 0o755);
    await Promise.all(
      Object.entries(ETC_FILES).map(async ([name, text]) => {
        await writeFile(path.join(dir, name), text);
        await chmod(path.join(dir, name), 0o644); // whatever the umask: the sandbox's user reads them
      }),
    );
    return dir;
  })();
  sharedEtc = making;
  making.catch(() => (sharedEtc = null));
  return making;
}

/** A copy this small (files, bytes) is written synchronously: a few system calls, no thread-pool round trips. */
const SMALL_COPY = { files: 32, bytes: 256 * 1024 };

const isSmall = (files: readonly SandboxFile[]) =>
  files.length <= SMALL_COPY.files &&
  files.reduce((sum, f) => sum + (typeof f.content === "string" ? f.content.length * 3 : f.content.byteLength), 0) <=
    SMALL_COPY.bytes;

export async function prepareWorkspace(files: readonly SandboxFile[], owner: HostIds | null): Promise<Workspace> {
  const etc = await etcFolder();
  if (isSmall(files)) return prepareWorkspaceSync(files, owner, etc);
  const root = await mkdtemp(path.join(tmpdir(), "atelier-sandbox-"));
  const dirs = { app: path.join(root, "app"), home: path.join(root, "home") };
  const workspace: Workspace = { root, ...dirs, etc, remove: () => removeTree(root) };
  try {
    await Promise.all([mkdir(dirs.app), mkdir(dirs.home)]);
    const written = writeCopy(dirs.app, files, owner);
    if (owner) await Promise.all([dirs.app, dirs.home, root].map((dir) => chown(dir, owner.uid, owner.gid)));
    await written;
    return workspace;
  } catch (error) {
    await workspace.remove();
    throw error;
  }
}

/** prepareWorkspace for a small copy, in one go. */
async function prepareWorkspaceSync(
  files: readonly SandboxFile[],
  owner: HostIds | null,
  etc: string,
): Promise<Workspace> {
  const root = mkdtempSync(path.join(tmpdir(), "atelier-sandbox-"));
  const dirs = { app: path.join(root, "app"), home: path.join(root, "home") };
  const workspace: Workspace = { root, ...dirs, etc, remove: () => removeTree(root) };
  try {
    for (const dir of [dirs.app, dirs.home]) mkdirSync(dir);
    for (const { target, content } of copyTargets(dirs.app, files)) {
      const made = mkdirSync(path.dirname(target), { recursive: true });
      if (owner && made) chownTreeSync(made, owner);
      writeFileSync(target, content);
      if (owner) chownSync(target, owner.uid, owner.gid);
    }
    if (owner) for (const dir of [dirs.app, dirs.home, root]) chownSync(dir, owner.uid, owner.gid);
    return workspace;
  } catch (error) {
    await workspace.remove();
    throw error;
  }
}

/** Each folder from `top` down (just made: only folders), owned by `owner`. */
function chownTreeSync(top: string, owner: HostIds): void {
  chownSync(top, owner.uid, owner.gid);
  for (const entry of readdirSync(top, { withFileTypes: true }))
    if (entry.isDirectory()) chownTreeSync(path.join(top, entry.name), owner);
}

/** Where each file of a copy goes; names that would leave the copy are skipped (they are checked on the way in). */
const copyTargets = (app: string, files: readonly SandboxFile[]) =>
  files
    .map((f) => ({ target: path.join(app, f.path), content: f.content }))
    .filter(({ target }) => target.startsWith(app + path.sep));

/** How many files of a copy are written at once. */
const WRITES_AT_ONCE = 16;

/**
 * Writes the files of a fresh copy (nothing has run in it yet, so its paths are the server's own): its folders
 * first, then the files, several at once; each owned by `owner` when given.
 */
async function writeCopy(app: string, files: readonly SandboxFile[], owner: HostIds | null): Promise<void> {
  const targets = copyTargets(app, files);
  const folders = [...new Set(targets.map(({ target }) => path.dirname(target)).filter((dir) => dir !== app))].sort();
  for (const dir of folders) {
    // Each folder made, and owned, once: its parents come earlier in the sorted list.
    const made = await mkdir(dir, { recursive: true });
    if (owner && made) await chownTree(made, owner);
  }
  let next = 0;
  const writer = async () => {
    while (next < targets.length) {
      const { target, content } = targets[next++]!;
      await writeFile(target, content);
      if (owner) await chown(target, owner.uid, owner.gid);
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITES_AT_ONCE, targets.length) }, writer));
}

/** The host folder of each volume this process made (a volume carries no path a caller could change). */
const volumeDirs = new WeakMap<SandboxVolume, string>();

/**
 * A copy that outlives one sandbox (types.ts `SandboxVolume`): a fresh temporary folder with `files`, owned by the
 * sandbox's user when the server runs as root. After this the server never writes into it by path: only sandboxes do.
 */
export async function prepareVolume(files: readonly SandboxFile[], owner: HostIds | null): Promise<SandboxVolume> {
  const root = await mkdtemp(path.join(tmpdir(), "atelier-volume-"));
  const app = path.join(root, "app");
  const volume: SandboxVolume = { remove: () => removeTree(root) };
  try {
    await mkdir(app);
    await writeCopy(app, files, owner);
    if (owner) await Promise.all([app, root].map((dir) => chown(dir, owner.uid, owner.gid)));
  } catch (error) {
    await volume.remove();
    throw error;
  }
  volumeDirs.set(volume, app);
  return volume;
}

/** The host folder of a volume made by `prepareVolume`; throws for anything else. */
export function volumeDir(volume: SandboxVolume): string {
  const dir = volumeDirs.get(volume);
  if (!dir) throw new Error("not a volume made by this sandbox");
  return dir;
}

/**
 * A persistent folder for `/cache` (SandboxCache): made when missing; when the sandbox writes it and the server runs
 * as root, owned by the sandbox's user (its top folder; what the sandbox makes inside is the sandbox's own).
 */
export async function prepareCache(dir: string, writable: boolean, owner: HostIds | null): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o755 });
  if (writable && owner) await chown(dir, owner.uid, owner.gid);
}

async function chownTree(dir: string, owner: HostIds): Promise<void> {
  await chown(dir, owner.uid, owner.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, owner);
    else await chown(full, owner.uid, owner.gid);
  }
}

/** How many entries a folder may hold to be removed at once, synchronously (see removeSmallTreeSync). */
const REMOVE_AT_ONCE_ENTRIES = 64;

/**
 * Removes a small folder (a command's usual leftovers) synchronously, without the thread pool's round trip for each
 * entry; false, leaving it to the caller, when it holds more entries than that (a `node_modules`, which would block
 * the server too long) or cannot be read or removed that way. Symbolic links are removed, never followed.
 */
function removeSmallTreeSync(root: string): boolean {
  let budget = REMOVE_AT_ONCE_ENTRIES;
  const small = (dir: string): boolean => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    budget -= entries.length;
    return budget >= 0 && entries.every((e) => !e.isDirectory() || small(path.join(dir, e.name)));
  };
  if (!small(root)) return false;
  try {
    rmSync(root, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes a sandbox's folder whatever the command left in it: folders it made unwritable are made writable first (a
 * server that is not root could not remove their entries otherwise). Symbolic links are removed, never followed.
 */
async function removeTree(root: string): Promise<void> {
  if (removeSmallTreeSync(root)) return;
  try {
    await rm(root, { recursive: true, force: true });
    return;
  } catch {
    // a folder without write permission for us: open them up, then again
  }
  const openUp = async (dir: string) => {
    await chmod(dir, 0o700).catch(() => {});
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !(await lstat(full)).isSymbolicLink()) await openUp(full);
    }
  };
  await openUp(root);
  await rm(root, { recursive: true, force: true }).catch((error: unknown) =>
    console.error("[sandbox] could not remove a sandbox's folder", root, error),
  );
}
