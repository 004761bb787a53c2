import "server-only";
import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import git from "isomorphic-git";
import {
  checkEntryCount,
  checkEntryPath,
  checkEntrySize,
  importedFile,
  importRefused,
  MAX_IMPORT_BYTES,
  type ImportedFile,
} from "../imports/limits";
import type { GitAuthFor } from "./credentials";
import { gitFailure } from "./failures";
import { guardedGitHttp as http } from "./transport";

/**
 * The Git operations of imports, pushes and pulls, over the smart HTTP protocol with isomorphic-git: shallow (depth
 * 1, one branch), in a temporary directory removed afterwards. Every failure is an HttpError (failures.ts).
 */

/** A remote's branches (name → commit) and its default branch (null for an empty repository). */
interface RemoteBranches {
  heads: Map<string, string>;
  defaultBranch: string | null;
}

async function inTempRepo<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "atelier-git-"));
  try {
    await git.init({ fs, dir, defaultBranch: "main" });
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function listBranches(url: string, auth: GitAuthFor): Promise<RemoteBranches> {
  try {
    const refs = await git.listServerRefs({
      http,
      url,
      onAuth: auth.onAuth,
      onAuthFailure: auth.onAuthFailure,
      protocolVersion: 1,
      symrefs: true,
    });
    const heads = new Map<string, string>();
    for (const r of refs) if (r.ref.startsWith("refs/heads/")) heads.set(r.ref.slice("refs/heads/".length), r.oid);
    const head = refs.find((r) => r.ref === "HEAD");
    const target = head?.target?.replace(/^refs\/heads\//, "");
    const defaultBranch =
      target && heads.has(target)
        ? target
        : ([...heads].find(([, oid]) => oid === head?.oid)?.[0] ?? [...heads.keys()][0] ?? null);
    return { heads, defaultBranch };
  } catch (error) {
    throw gitFailure(error, url, auth);
  }
}

/** The branch's commit (by name; an unknown one → 422). */
export function branchHead(remote: RemoteBranches, url: string, branch: string): string {
  const oid = remote.heads.get(branch);
  if (!oid) throw importRefused(`${url} has no branch ${JSON.stringify(branch)}; nothing was changed`);
  return oid;
}

/** Fetches `branch` (depth 1) into `dir`; its commit. */
async function fetchBranch(dir: string, url: string, branch: string, auth: GitAuthFor): Promise<string> {
  try {
    await git.addRemote({ fs, dir, remote: "origin", url, force: true });
    const result = await git.fetch({
      fs,
      http,
      dir,
      remote: "origin",
      ref: branch,
      singleBranch: true,
      depth: 1,
      tags: false,
      onAuth: auth.onAuth,
      onAuthFailure: auth.onAuthFailure,
    });
    if (!result.fetchHead) throw importRefused(`${url} has no branch ${JSON.stringify(branch)}`);
    return result.fetchHead;
  } catch (error) {
    throw gitFailure(error, url, auth);
  }
}

/** The files of a commit's tree, under the limits of every import (symbolic links and submodules are skipped). */
async function filesOfCommit(dir: string, commit: string, source: string): Promise<ImportedFile[]> {
  const files: ImportedFile[] = [];
  let total = 0;
  await git.walk({
    fs,
    dir,
    trees: [git.TREE({ ref: commit })],
    map: async (path, [entry]) => {
      if (!entry || path === ".") return true;
      const type = await entry.type();
      if (type !== "blob") return type === "tree";
      if ((await entry.mode()) === 0o120000) return null;
      checkEntryCount(source, files.length + 1);
      const name = checkEntryPath(source, path);
      const bytes = (await entry.content())!;
      checkEntrySize(source, name, bytes.length);
      total += bytes.length;
      if (total > MAX_IMPORT_BYTES)
        throw importRefused(`${source} holds more than ${MAX_IMPORT_BYTES} bytes of files; nothing was imported`);
      files.push(importedFile(name, bytes));
      return null;
    },
  });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The files of `branch` at its newest commit, and that commit. */
export async function readBranch(
  url: string,
  branch: string,
  auth: GitAuthFor,
): Promise<{ commit: string; files: ImportedFile[] }> {
  return inTempRepo(async (dir) => {
    const commit = await fetchBranch(dir, url, branch, auth);
    return { commit, files: await filesOfCommit(dir, commit, `${url} (${branch})`) };
  });
}

interface TreeNode {
  blobs: Map<string, string>;
  dirs: Map<string, TreeNode>;
}

async function writeTreeOf(dir: string, files: readonly ImportedFile[]): Promise<string> {
  const root: TreeNode = { blobs: new Map(), dirs: new Map() };
  for (const file of files) {
    const segments = file.path.split("/");
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      if (!node.dirs.has(segment)) node.dirs.set(segment, { blobs: new Map(), dirs: new Map() });
      node = node.dirs.get(segment)!;
    }
    const blob = Buffer.from(file.content, file.encoding === "base64" ? "base64" : "utf8");
    node.blobs.set(segments.at(-1)!, await git.writeBlob({ fs, dir, blob }));
  }
  const write = async (node: TreeNode): Promise<string> => {
    const tree = [
      ...[...node.blobs].map(([path, oid]) => ({ mode: "100644", path, oid, type: "blob" as const })),
      ...(await Promise.all(
        [...node.dirs].map(async ([path, child]) => ({
          mode: "040000",
          path,
          oid: await write(child),
          type: "tree" as const,
        })),
      )),
    ];
    return git.writeTree({ fs, dir, tree });
  };
  return write(root);
}

interface PushInput {
  url: string;
  branch: string;
  /** The commit the new one goes on top of: the branch's, or the default branch's for a new branch; null for none. */
  base: { branch: string; commit: string } | null;
  files: readonly ImportedFile[];
  message: string;
  author: { name: string; email: string };
}

/**
 * One commit whose tree is exactly `files`, on top of `base`, pushed to `branch` (created when missing). A branch
 * that moved meanwhile is refused by the server (no force): 409.
 */
export async function pushFiles(input: PushInput, auth: GitAuthFor): Promise<string> {
  return inTempRepo(async (dir) => {
    const parent = input.base ? [await fetchBranch(dir, input.url, input.base.branch, auth)] : [];
    const tree = await writeTreeOf(dir, input.files);
    const commit = await git.commit({
      fs,
      dir,
      message: input.message,
      author: input.author,
      tree,
      parent,
      noUpdateBranch: true,
    });
    await git.writeRef({ fs, dir, ref: `refs/heads/${input.branch}`, value: commit, force: true });
    try {
      const result = await git.push({
        fs,
        http,
        dir,
        url: input.url,
        ref: input.branch,
        remoteRef: input.branch,
        onAuth: auth.onAuth,
        onAuthFailure: auth.onAuthFailure,
      });
      if (!result.ok) throw Object.assign(new Error(result.error ?? "push refused"), { code: "PushRejectedError" });
    } catch (error) {
      throw gitFailure(error, input.url, auth);
    }
    return commit;
  });
}
