import "server-only";
import type { GitIncoming, GitIncomingFile } from "@/lib/api";
import type { ServiceParts } from "../http/context";
import * as filesStore from "../files/store";
import { branchChanges, type BranchChange } from "./changes";
import { gitAuthFor } from "./credentials";
import { requireRemote } from "./pull";
import { branchHead, listBranches, readBranch } from "./remote";

const text = (file: { content: string; encoding: string } | null) =>
  file && file.encoding !== "base64" ? file.content : null;

function incomingFile({ path, before, after }: BranchChange): GitIncomingFile {
  return {
    path,
    change: !before ? "added" : !after ? "deleted" : "modified",
    binary: before?.encoding === "base64" || after?.encoding === "base64",
    before: text(before),
    after: text(after),
  };
}

/**
 * GET /v2/chats/{chatId}/git/incoming: what POST …/git/pull would bring, without storing anything (no version, no
 * message, the remote's last sync untouched). Asks the remote for its branches; when the branch is where the chat
 * last synced, `behind: false` and no files (a pull would change nothing); otherwise fetches the branch (depth 1, in
 * a temporary directory) and compares its tree with the chat's files as a pull does (changes.ts). A read: it does not
 * wait for a generation to finish. 404 without a remote; 422 for a branch gone, a private address, authentication.
 */
export async function incomingChanges(ctx: ServiceParts, chatId: string): Promise<GitIncoming> {
  const { db } = ctx;
  const remote = await requireRemote(db, chatId);
  const auth = await gitAuthFor(db, ctx.secrets, remote.url);
  const head = branchHead(await listBranches(remote.url, auth), remote.url, remote.branch);
  const about = { url: remote.url, branch: remote.branch, lastCommit: remote.lastCommit };
  if (head === remote.lastCommit) return { ...about, behind: false, commit: head, files: [] };
  const fetched = await readBranch(remote.url, remote.branch, auth);
  const current = await filesStore.listFiles(db, chatId);
  return {
    ...about,
    behind: true,
    commit: fetched.commit,
    files: branchChanges(current, fetched.files).map(incomingFile),
  };
}
