import "server-only";
import { INVALID_FILE_CONTENTS, type BodyIssue, type Part } from "@/lib/api";
import { describeHandEdit, recordedHandEdit, type HandEditEntry, type HandEditOperation } from "@/lib/api/hand-edit";
import { acceptedFileName, MAX_FILES_PER_CHAT } from "@/lib/api/files/limits";
import { HttpError, invalidFields } from "../errors";
import type { EmitEvent } from "../events";
import { newId } from "../ids";
import { type ChatFileRow, type Db, type MessageRow, type VersionRow } from "../store";
import * as chatsStore from "../chats/store";
import * as filesStore from "./store";
import * as messagesStore from "../messages/store";
import * as versionsStore from "./store-versions";
import type { HandEditKind, MessageKind } from "../store/schema";
import { iso } from "../time";

/** One change a person asks for: a file's new content, or null to delete it. */
interface FileChange {
  path: string;
  content: string | null;
  /** How `content` is written (a pulled binary file is base64); default the file's own, utf8 for a new one. */
  encoding?: "utf8" | "base64";
}

/** One change as the messages report it (a `file-edit` part): a delete plus a create of its content is a rename. */
interface HandEdit {
  operation: "create" | "update" | "delete" | "rename";
  path: string;
  toPath?: string;
}

/** A file as a hand edit writes it. */
interface Write {
  path: string;
  content: string;
  encoding: "utf8" | "base64";
  locked: boolean;
}

/** What a hand edit changes, and how the messages name it. */
interface HandEditPlan {
  writes: Write[];
  deletes: string[];
  edits: HandEdit[];
  kind: HandEditKind;
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
const folderOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);

/**
 * From the chat's files and the changes asked for (paths already checked by the body's schema) to what is written:
 * new content keeps the file's encoding and lock; a new file is utf8 and unlocked; deleting a file that does not
 * exist, or a chat past 1,000 files, is an issue (422, nothing changes). A delete and a create of the same content
 * in one request is one rename (the file keeps its lock and encoding). Content equal to the file's is no edit.
 */
function planHandEdit(
  current: readonly ChatFileRow[],
  changes: readonly FileChange[],
  /** The body field an issue about change `i` names. */
  fieldOf: (i: number) => string = (i) => `files.${i}.content`,
): HandEditPlan {
  const now = new Map(current.map((f) => [f.path, f]));
  const issues: BodyIssue[] = [];
  const normalized = changes.map((c) => ({ ...c, path: acceptedFileName(c.path) ?? c.path }));
  normalized.forEach((c, i) => {
    if (c.content === null && !now.has(c.path))
      issues.push({ path: fieldOf(i), error: `there is no file ${c.path} to delete` });
  });
  const deleted = normalized.filter((c) => c.content === null).map((c) => now.get(c.path)!);
  const created = normalized.filter((c): c is Required<FileChange> & { content: string } => {
    return c.content !== null && !now.has(c.path);
  });
  const count = current.length + created.length - deleted.length;
  if (count > MAX_FILES_PER_CHAT) {
    issues.push({
      path: "files",
      error: `a chat holds at most ${MAX_FILES_PER_CHAT} files; this would make ${count}`,
    });
  }
  if (issues.length) throw invalidFields(INVALID_FILE_CONTENTS, issues);

  const plan: HandEditPlan = { writes: [], deletes: [], edits: [], kind: "edited-file" };
  // Renames: each deleted file pairs with the first unpaired new file of the same content.
  const paired = new Set<string>();
  for (const gone of deleted) {
    const to = created.find((c) => !paired.has(c.path) && c.content === gone.content);
    plan.deletes.push(gone.path);
    if (!to) {
      plan.edits.push({ operation: "delete", path: gone.path });
      continue;
    }
    paired.add(to.path);
    plan.writes.push({ path: to.path, content: gone.content, encoding: gone.encoding, locked: gone.locked });
    plan.edits.push({ operation: "rename", path: gone.path, toPath: to.path });
  }
  for (const change of normalized) {
    if (change.content === null || paired.has(change.path)) continue;
    const before = now.get(change.path);
    const encoding = change.encoding ?? before?.encoding ?? "utf8";
    if (before && before.content === change.content && before.encoding === encoding) continue;
    plan.writes.push({
      path: change.path,
      content: change.content,
      encoding,
      locked: before?.locked ?? false,
    });
    plan.edits.push({ operation: before ? "update" : "create", path: change.path });
  }
  plan.edits.sort(byPath);
  plan.kind = kindOf(plan.edits);
  return plan;
}

/** The v1 message type (interface.md 2.7): one kind of change names it; a mix is an edit. */
function kindOf(edits: readonly HandEdit[]): HandEditKind {
  if (edits.every((e) => e.operation === "delete")) return "deleted-file";
  if (edits.every((e) => e.operation === "rename"))
    return edits.every((e) => folderOf(e.path) === folderOf(e.toPath!)) ? "renamed-file" : "moved-file";
  return "edited-file";
}

const PAST: Record<HandEdit["operation"], HandEditOperation> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  rename: "renamed",
};

function counted(edits: readonly HandEdit[]): string {
  return (Object.keys(PAST) as HandEdit["operation"][])
    .map((op) => [op, edits.filter((e) => e.operation === op).length] as const)
    .filter(([, n]) => n > 0)
    .map(([op, n]) => `${n} file${n === 1 ? "" : "s"} ${PAST[op]}`)
    .join(", ");
}

/** How the two messages of a change read when it is not a hand edit (a pull): its kind and texts. */
interface EditRecording {
  kind: MessageKind;
  /** The user message, from the changes made. */
  describe(entries: HandEditEntry[]): string;
  /** The assistant message's closing text, from the counts ("2 files updated, 1 file created"). */
  recorded(counts: string): string;
}

/** The user and assistant messages that record a hand edit, and the version it made. */
interface HandEditRecord {
  user: MessageRow;
  assistant: MessageRow;
  version: VersionRow;
}

/**
 * Applies a hand edit inside the caller's transaction (which holds the chat: `withIdleChat`): writes and deletes
 * the files (marked as written by hand), then records a user message saying what was edited and an assistant message
 * with one `file-edit` part per change and a closing text (finishReason `stop`, no usage), with a new completed
 * version of the files, and moves the chat's updatedAt; webhook events as for any new message. `locks` sets the lock
 * of written files (the v1 PATCH). 409 `no_changes` when nothing would change; 422 from the plan.
 */
export async function recordHandEdit(
  tx: Db,
  chatId: string,
  changes: readonly FileChange[],
  opts: {
    at: Date;
    emit: EmitEvent;
    /** Who edits (the caller): the user message's author. */
    authorId: string;
    locks?: ReadonlyMap<string, boolean>;
    fieldOf?: (i: number) => string;
    /** Recorded as another kind of change (a pull) instead of a hand edit. */
    as?: EditRecording;
  },
): Promise<HandEditRecord> {
  const { at, emit } = opts;
  const current = await filesStore.listFiles(tx, chatId);
  const plan = planHandEdit(current, changes, opts.fieldOf);
  if (!plan.edits.length) {
    throw new HttpError(409, "Nothing to change: the files already have this content.", "no_changes");
  }
  const writes = plan.writes.map((w) => ({ ...w, locked: opts.locks?.get(w.path) ?? w.locked, editedByHand: true }));
  await filesStore.deleteFiles(tx, chatId, plan.deletes);
  await filesStore.upsertFiles(tx, chatId, writes, at);

  const stamp = iso(at);
  const text = (opts.as?.recorded ?? recordedHandEdit)(counted(plan.edits));
  const parts: Part[] = [
    ...plan.edits.map((e): Part => ({ type: "file-edit", ...e, startedAt: stamp, finishedAt: stamp })),
    { type: "text", text, startedAt: stamp, finishedAt: stamp },
  ];
  // No model ran: no usage stored (the view shows zero), so a hand edit is no charge in /v2/usage.
  const base = {
    chatId,
    attachments: null,
    createdAt: at,
    updatedAt: at,
    usage: null,
    kind: opts.as?.kind ?? plan.kind,
  };
  const entries = plan.edits.map((e) => ({ ...e, operation: PAST[e.operation] }));
  const user = await messagesStore.insertMessage(tx, {
    ...base,
    id: newId("msg"),
    role: "user",
    authorId: opts.authorId,
    finishReason: "stop",
    content: (opts.as?.describe ?? describeHandEdit)(entries),
    parts: [],
  });
  const assistant = await messagesStore.insertMessage(tx, {
    ...base,
    id: newId("msg"),
    role: "assistant",
    finishReason: "stop",
    content: text,
    parts,
  });
  // The files after the edit, from what was read and written (a large file is not read back); the database builds
  // the same snapshot from the files just written.
  const after = new Map(
    current.map((f) => [f.path, { path: f.path, content: f.content, encoding: f.encoding, locked: f.locked }]),
  );
  for (const path of plan.deletes) after.delete(path);
  for (const w of writes)
    after.set(w.path, { path: w.path, content: w.content, encoding: w.encoding, locked: w.locked });
  const version = await versionsStore.insertVersionOfChatFiles(tx, {
    id: newId("ver"),
    chatId,
    messageId: assistant.id,
    status: "completed",
    files: [...after.values()].sort(byPath),
    createdAt: at,
    updatedAt: at,
  });
  await chatsStore.updateChat(tx, chatId, { updatedAt: at });
  await emit(tx, "message.created", { chatId, messageId: user.id });
  await emit(tx, "message.created", { chatId, messageId: assistant.id });
  await emit(tx, "message.finished", { chatId, messageId: assistant.id });
  return { user, assistant, version };
}

/**
 * Adds the files a person gave with a prompt (a zip attachment's) to the chat before the answer, under a hand edit's
 * rules (the paths were checked as a hand edit's; the 1,000-file limit here: 422 naming `field`): each written as
 * given (text or base64), keeping an existing file's lock, marked as written by hand so the agent builds on them.
 * No messages of their own: the prompt that carries them records them. Returns the paths written.
 */
export async function addGivenFiles(
  tx: Db,
  chatId: string,
  files: readonly { path: string; content: string; encoding: "utf8" | "base64" }[],
  at: Date,
  field: string,
): Promise<string[]> {
  const current = await filesStore.listFiles(tx, chatId);
  const plan = planHandEdit(current, files, () => field);
  const encodings = new Map(files.map((f) => [f.path, f.encoding]));
  const writes = plan.writes.map((w) => ({ ...w, encoding: encodings.get(w.path) ?? w.encoding, editedByHand: true }));
  await filesStore.upsertFiles(tx, chatId, writes, at);
  return writes.map((w) => w.path);
}
