import "server-only";
import type { Part } from "@/lib/api";
import { HttpError, notFound } from "../errors";
import { newId } from "../ids";
import { type Db, type MessageRow, type VersionFile } from "../store";
import * as chatsStore from "../chats/store";
import * as filesStore from "./store";
import * as messagesStore from "../messages/store";
import * as versionsStore from "./store-versions";
import { iso } from "../time";

type FileEdit = { path: string; operation: "create" | "update" | "delete" };

/** What a restore changes: the files to write (content and lock), the paths to delete, and the edits to report. */
interface RestorePlan {
  writes: VersionFile[];
  deletes: string[];
  edits: FileEdit[];
}

/**
 * From the chat's files now to a version's files: paths the version lacks are deleted, the others get the version's
 * content; a file locked now stays locked, the others take the version's lock. Edits report content changes only
 * (a lock alone is no edit); none means the files already are the version's.
 */
export function planRestore(current: readonly VersionFile[], version: readonly VersionFile[]): RestorePlan {
  const now = new Map(current.map((f) => [f.path, f]));
  const wanted = new Set(version.map((f) => f.path));
  const plan: RestorePlan = { writes: [], deletes: [], edits: [] };
  for (const file of version) {
    const before = now.get(file.path);
    const locked = (before?.locked ?? false) || file.locked;
    if (!before) plan.edits.push({ path: file.path, operation: "create" });
    else if (before.content !== file.content || before.encoding !== file.encoding)
      plan.edits.push({ path: file.path, operation: "update" });
    else if (before.locked === locked) continue;
    plan.writes.push({ path: file.path, content: file.content, encoding: file.encoding, locked });
  }
  for (const file of current) {
    if (wanted.has(file.path)) continue;
    plan.deletes.push(file.path);
    plan.edits.push({ path: file.path, operation: "delete" });
  }
  plan.edits.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return plan;
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

function summary(source: string, edits: readonly FileEdit[]): string {
  const by = (op: FileEdit["operation"]) => edits.filter((e) => e.operation === op).length;
  const changes = [
    by("create") && `${count(by("create"), "file")} created`,
    by("update") && `${count(by("update"), "file")} updated`,
    by("delete") && `${count(by("delete"), "file")} deleted`,
  ].filter(Boolean);
  return `Restored the files of ${source}: ${changes.join(", ")}.`;
}

/** The user and assistant messages that record a restore. */
interface Restored {
  user: MessageRow;
  assistant: MessageRow;
}

/**
 * The document's restore, inside the caller's transaction, which holds the idle chat's row (generation/idle-chat.ts): the chat's files become the files
 * of the completed version `messageId` made; a user message asking for it and an assistant message reporting one
 * `file-edit` part per changed path are recorded, the latter with a new completed version (so it is restorable
 * too); the chat's updatedAt moves. 404 unknown message; 409 when the message made no completed version, or when
 * the chat's files already are that version's. Nothing changes on an error (the caller's transaction rolls back).
 */
export async function restoreMessageFiles(
  tx: Db,
  chatId: string,
  messageId: string,
  at: Date,
  authorId: string,
): Promise<Restored> {
  const message = await messagesStore.findMessage(tx, chatId, messageId);
  if (!message) throw notFound(`messageId: message ${messageId.slice(0, 100)}`, "message_not_found");
  const version = await versionsStore.completedVersionOf(tx, chatId, message.id);
  if (!version) {
    throw new HttpError(
      409,
      `messageId: message ${message.id} made no completed version of the files; there is nothing to restore.`,
      "nothing_to_restore",
    );
  }
  return applyRestore(tx, chatId, version, `message ${message.id}`, at, authorId);
}

/**
 * The v1 document's restore of a version (`POST /v1/chats/{chatId}/versions/{versionId}/restore`), like the restore
 * of the message that made it: 404 unknown version, 409 when it is not completed or the files already are its.
 */
export async function restoreVersionFiles(
  tx: Db,
  chatId: string,
  versionId: string,
  at: Date,
  authorId: string,
): Promise<Restored> {
  const version = await versionsStore.findVersion(tx, chatId, versionId);
  if (!version) throw notFound(`Version ${versionId.slice(0, 100)}`, "version_not_found");
  if (version.status !== "completed") {
    throw new HttpError(
      409,
      `Version ${version.id} is ${version.status}; only a completed version can be restored.`,
      "nothing_to_restore",
    );
  }
  return applyRestore(tx, chatId, version, `version ${version.id}`, at, authorId);
}

async function applyRestore(
  tx: Db,
  chatId: string,
  version: { files: readonly VersionFile[] },
  source: string,
  at: Date,
  authorId: string,
): Promise<Restored> {
  const current = await filesStore.listFiles(tx, chatId);
  const plan = planRestore(current, version.files);
  if (!plan.edits.length) {
    throw new HttpError(409, `The chat's files already are the files of ${source}.`, "already_restored");
  }
  await filesStore.deleteFiles(tx, chatId, plan.deletes);
  await filesStore.upsertFiles(tx, chatId, plan.writes, at);

  const stamp = iso(at);
  const text = summary(source, plan.edits);
  const parts: Part[] = [
    ...plan.edits.map((e): Part => ({ type: "file-edit", ...e, startedAt: stamp, finishedAt: stamp })),
    { type: "text", text, startedAt: stamp, finishedAt: stamp },
  ];
  // No model ran: no usage stored (the view shows zero), so a restore is no charge in /v2/usage.
  const base = { chatId, attachments: null, createdAt: at, updatedAt: at, usage: null };
  const finishReason = "stop";
  const user = await messagesStore.insertMessage(tx, {
    ...base,
    id: newId("msg"),
    role: "user",
    authorId,
    finishReason,
    content: `Restore the files of ${source}`,
    parts: [],
  });
  const assistant = await messagesStore.insertMessage(tx, {
    ...base,
    id: newId("msg"),
    role: "assistant",
    finishReason,
    content: text,
    parts,
  });
  const files = await filesStore.listFiles(tx, chatId);
  await versionsStore.insertVersion(tx, {
    id: newId("ver"),
    chatId,
    messageId: assistant.id,
    status: "completed",
    files: files.map((f) => ({ path: f.path, content: f.content, encoding: f.encoding, locked: f.locked })),
    createdAt: at,
    updatedAt: at,
  });
  await chatsStore.updateChat(tx, chatId, { updatedAt: at });
  return { user, assistant };
}
