import "server-only";
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
 * `/app`), `home` (its HOME) and `etc` (the few files of `/etc` written for it); the backend adds the sockets' folders
 * (`out`, `host`) when it needs them. Owned by the sandbox's user when the server runs as root; removed by `remove`.
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

export async function prepareWorkspace(files: readonly SandboxFile[], owner: HostIds | null): Promise<Workspace> {
  const root = await mkdtemp(path.join(tmpdir(), "atelier-sandbox-"));
  const dirs = { app: path.join(root, "app"), home: path.join(root, "home") };
  const etc = path.join(root, "etc");
  const workspace: Workspace = { root, ...dirs, etc, remove: () => removeTree(root) };
  try {
    for (const dir of [...Object.values(dirs), etc]) await mkdir(dir);
    await writeCopy(dirs.app, files);
    const u = SANDBOX_USER;
    await writeFile(
      path.join(etc, "passwd"),
      `root:x:0:0:root:/root:/usr/sbin/nologin\n${u.name}:x:${u.uid}:${u.gid}::${u.home}:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
    );
    await writeFile(path.join(etc, "group"), `root:x:0:\n${u.name}:x:${u.gid}:\nnogroup:x:65534:\n`);
    await writeFile(path.join(etc, "hosts"), "127.0.0.1 localhost sandbox\n::1 localhost ip6-localhost\n");
    if (owner) for (const dir of Object.values(dirs)) await chownTree(dir, owner);
    if (owner) await chown(root, owner.uid, owner.gid);
    return workspace;
  } catch (error) {
    await workspace.remove();
    throw error;
  }
}

/** Writes the files of a fresh copy (nothing has run in it yet, so its paths are the server's own). */
async function writeCopy(app: string, files: readonly SandboxFile[]): Promise<void> {
  for (const f of files) {
    const target = path.join(app, f.path);
    if (!target.startsWith(app + path.sep)) continue; // names are checked on the way in; never outside the copy
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, f.content);
  }
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
    await writeCopy(app, files);
    if (owner) await chownTree(app, owner);
    if (owner) await chown(root, owner.uid, owner.gid);
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

/**
 * Removes a sandbox's folder whatever the command left in it: folders it made unwritable are made writable first (a
 * server that is not root could not remove their entries otherwise). Symbolic links are removed, never followed.
 */
async function removeTree(root: string): Promise<void> {
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
