import "server-only";
import type { Message } from "@/lib/api";
import { describePull, recordedPull } from "@/lib/api/git-sync";
import { chatBusy, notFound } from "../errors";
import { recordHandEdit } from "../files/hand-edit";
import { generatingMessageId, withIdleChat } from "../generation/idle-chat";
import type { ServiceParts } from "../http/context";
import { requireChat } from "../chats/lookup";
import * as filesStore from "../files/store";
import * as gitStore from "./store";
import { toMessages } from "../messages/views";
import { branchChanges } from "./changes";
import { gitAuthFor } from "./credentials";
import { branchHead, listBranches, readBranch } from "./remote";

/** The chat's remote, or 404 (`chat_not_found` without the chat, `git_remote_not_found` without a remote). */
export async function requireRemote(db: ServiceParts["db"], chatId: string) {
  const remote = await gitStore.findRemote(db, chatId);
  if (remote) return remote;
  await requireChat(db, chatId);
  throw notFound(`A Git remote of chat ${chatId}`, "git_remote_not_found");
}

/**
 * POST /v2/chats/{chatId}/git/pull: when the remote's branch has a commit the chat has not synced, its files become
 * the chat's files in a new version, recorded by two messages (v1 type `pull-changes`: the user message lists what
 * changed, the answer has a `file-edit` part per file); when not, `{messages: []}` and nothing new. 409 while
 * generating (checked before the network, and again by `withIdleChat` when recording).
 */
export async function pullChat(ctx: ServiceParts, chatId: string, authorId: string): Promise<Message[]> {
  const { db, events } = ctx;
  const remote = await requireRemote(db, chatId);
  if (await generatingMessageId(db, chatId)) throw chatBusy();
  const auth = await gitAuthFor(db, ctx.secrets, remote.url);
  const head = branchHead(await listBranches(remote.url, auth), remote.url, remote.branch);
  const fetched = head === remote.lastCommit ? null : await readBranch(remote.url, remote.branch, auth);
  const rows = await withIdleChat({ db, emit: events.emit }, chatId, async ({ tx }) => {
    const at = new Date();
    const saved = { ...remote, lastSyncedAt: at };
    if (!fetched) {
      await gitStore.saveRemote(tx, saved);
      return [];
    }
    await gitStore.saveRemote(tx, { ...saved, lastCommit: fetched.commit });
    const changes = branchChanges(await filesStore.listFiles(tx, chatId), fetched.files).map(
      (c) => c.after ?? { path: c.path, content: null },
    );
    if (!changes.length) return [];
    const record = await recordHandEdit(tx, chatId, changes, {
      at,
      emit: events.emit,
      authorId,
      as: {
        kind: "pull-changes",
        describe: (entries) =>
          describePull({ branch: remote.branch, commit: fetched.commit, url: remote.url, entries }),
        recorded: recordedPull,
      },
    });
    return [record.user, record.assistant];
  });
  return toMessages(db, rows);
}
