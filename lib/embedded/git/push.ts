import "server-only";
import type { GitPushBody, GitPushResult } from "@/lib/api";
import { describePush } from "@/lib/api/git-sync";
import { HttpError, notFound } from "../errors";
import { newId } from "../ids";
import { withIdleChat } from "../generation/idle-chat";
import type { ServiceParts } from "../http/context";
import * as chatsStore from "../chats/store";
import * as gitStore from "./store";
import * as leasesStore from "../generation/store";
import * as messagesStore from "../messages/store";
import * as versionsStore from "../files/store-versions";
import { liveMember } from "../people/members";
import { gitAuthFor } from "./credentials";
import { listBranches, pushFiles } from "./remote";

/**
 * POST /v2/chats/{chatId}/git/push: one commit whose tree is exactly the version's files (the latest version unless
 * `versionId`), on top of the branch (created from the default branch's commit when missing), authored by the
 * signed-in user, pushed to `url`/`branch` (default: the chat's remote). The chat is read and recorded through
 * `withIdleChat` (409 while generating), the network in between outside any transaction. A branch that moved since
 * the chat's last sync with it → 409 saying pull first. The remote becomes `url`/`branch` at the new commit, and a
 * user message (v1 type `sync-git`) records the push in the timeline, even when a generation started meanwhile
 * (recordPush).
 */
export async function pushChat(
  ctx: ServiceParts,
  chatId: string,
  body: GitPushBody,
  authorId: string,
): Promise<GitPushResult> {
  const { db, events } = ctx;
  const scope = { db, emit: events.emit };
  const plan = await withIdleChat(scope, chatId, async ({ tx }) => {
    const remote = await gitStore.findRemote(tx, chatId);
    const url = body.url ?? remote?.url;
    if (!url)
      throw new HttpError(
        422,
        "url: the chat has no Git remote yet; say which repository to push to",
        "validation_failed",
      );
    const version = body.versionId
      ? await versionsStore.findVersion(tx, chatId, body.versionId)
      : await versionsStore.latestVersion(tx, chatId);
    if (!version && body.versionId) throw notFound(`Version (versionId) ${body.versionId}`, "version_not_found");
    if (!version) throw new HttpError(422, "The chat has no version to push yet.", "validation_failed");
    if (version.status !== "completed")
      throw new HttpError(409, `Version ${version.id} is not completed; push it once it is.`, "version_not_ready");
    const sameRemote = remote?.url === url;
    return {
      url,
      branch: body.branch ?? (sameRemote ? remote!.branch : null),
      remote: sameRemote ? remote : null,
      version,
    };
  });

  const auth = await gitAuthFor(db, ctx.secrets, plan.url);
  const branches = await listBranches(plan.url, auth);
  const branch = plan.branch ?? branches.defaultBranch ?? "main";
  const head = branches.heads.get(branch);
  const lastSync = plan.remote?.branch === branch ? plan.remote.lastCommit : null;
  if (lastSync && head && head !== lastSync)
    throw new HttpError(
      409,
      `${branch} of ${plan.url} has moved since this chat last synced with it (${lastSync.slice(0, 7)} → ${head.slice(0, 7)}); pull first`,
      "git_branch_moved",
    );
  const base = head
    ? { branch, commit: head }
    : branches.defaultBranch
      ? { branch: branches.defaultBranch, commit: branches.heads.get(branches.defaultBranch)! }
      : null;
  // The commit's author: the person who pushes.
  const user = await liveMember(ctx.people, authorId);
  const commit = await pushFiles(
    {
      url: plan.url,
      branch,
      base,
      files: plan.version.files.map((f) => ({ path: f.path, content: f.content, encoding: f.encoding })),
      message: body.message ?? `Version ${plan.version.id} from Atelier`,
      author: { name: user.name, email: user.email },
    },
    auth,
  );

  await recordPush(ctx, chatId, { url: plan.url, branch, commit, versionId: plan.version.id }, authorId);
  return { commit, branch, url: plan.url };
}

/**
 * Records a push that happened: the remote at the new commit and the timeline's `sync-git` row. Deliberately outside
 * the busy rule (no `withIdleChat`): the commit is already on the server, so refusing here because a generation
 * started during the network push would leave the chat's remote behind its own commit, and the next push would be
 * refused as "the branch moved". Recording changes no version and no file, so it cannot disturb a generation; the
 * alternative, holding the chat for the whole push, would keep a transaction open across the network. The chat's row
 * is still locked (changes of the chat stay in order), and a chat deleted meanwhile has nothing left to record.
 */
async function recordPush(
  ctx: ServiceParts,
  chatId: string,
  pushed: { url: string; branch: string; commit: string; versionId: string },
  authorId: string,
): Promise<void> {
  const { db, events } = ctx;
  await db.transaction(async (tx) => {
    if ((await leasesStore.lockChatLease(tx, chatId)) === "missing") return;
    const at = new Date();
    const { url, branch, commit } = pushed;
    await gitStore.saveRemote(tx, { chatId, url, branch, lastCommit: commit, lastSyncedAt: at });
    const message = await messagesStore.insertMessage(tx, {
      id: newId("msg"),
      chatId,
      role: "user",
      authorId,
      content: describePush(pushed),
      parts: [],
      finishReason: "stop",
      usage: null,
      attachments: null,
      kind: "sync-git",
      createdAt: at,
      updatedAt: at,
    });
    await chatsStore.updateChat(tx, chatId, { updatedAt: at });
    await events.emit(tx, "message.created", { chatId, messageId: message.id });
  });
}
