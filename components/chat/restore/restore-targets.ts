import type { Message } from "@/lib/api/schemas";
import { isGenerating } from "@/lib/api/message-state";

/** What restoring an earlier answer's files changes back, as far as the later answers' file parts tell. */
export interface RestoreChange {
  path: string;
  /** The later answers created it (restoring removes it), changed it (back to before), or deleted it (back again). */
  change: "created" | "changed" | "deleted";
}

export interface RestoreTarget {
  messageId: string;
  changes: RestoreChange[];
}

interface FileEditLike {
  type: "file-edit";
  operation?: string;
  path?: string;
  toPath?: string;
}

const isFileEdit = (p: unknown): p is FileEditLike =>
  !!p && typeof p === "object" && (p as { type?: unknown }).type === "file-edit";

/** The changes of one answer's file-edit parts, in order (a rename deletes its source and creates its target). */
function editsOf(message: Message): RestoreChange[] {
  const out: RestoreChange[] = [];
  for (const part of message.parts ?? []) {
    if (!isFileEdit(part) || typeof part.path !== "string") continue;
    if (part.operation === "rename" && typeof part.toPath === "string") {
      out.push({ path: part.path, change: "deleted" }, { path: part.toPath, change: "created" });
    } else {
      const change = part.operation === "create" ? "created" : part.operation === "delete" ? "deleted" : "changed";
      out.push({ path: part.path, change });
    }
  }
  return out;
}

/** Folds a path's later changes into what restoring undoes: created then deleted is nothing; deleted then made again is a change. */
function fold(first: RestoreChange["change"], next: RestoreChange["change"]): RestoreChange["change"] | null {
  if (first === "created") return next === "deleted" ? null : "created";
  if (first === "deleted") return next === "deleted" ? "deleted" : "changed";
  return next === "deleted" ? "deleted" : "changed";
}

/**
 * The assistant messages whose files can be restored (messages oldest → newest): finished, `restorable` (they made a
 * version), and not the newest such message (its files are the current ones). Each with the files the later
 * answers touched, the preview of what a restore changes back (the service decides the exact files).
 */
export function restoreTargetsOf(messages: readonly Message[]): Map<string, RestoreTarget> {
  const restorable = messages.filter((m) => m.role === "assistant" && m.restorable === true && !isGenerating(m));
  const targets = new Map<string, RestoreTarget>();
  if (restorable.length < 2) return targets;
  const newest = restorable.at(-1)!;
  for (const candidate of restorable) {
    if (candidate === newest) continue;
    const start = messages.indexOf(candidate);
    const changes = new Map<string, RestoreChange["change"] | null>();
    for (const later of messages.slice(start + 1)) {
      if (later.role !== "assistant") continue;
      for (const edit of editsOf(later)) {
        const before = changes.get(edit.path);
        changes.set(
          edit.path,
          before === undefined ? edit.change : before === null ? edit.change : fold(before, edit.change),
        );
      }
    }
    targets.set(candidate.id, {
      messageId: candidate.id,
      changes: [...changes]
        .filter((e): e is [string, RestoreChange["change"]] => e[1] !== null)
        .map(([path, change]) => ({ path, change }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    });
  }
  return targets;
}
