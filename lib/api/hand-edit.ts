import type { Message } from "./schemas";

/**
 * How the user message of a hand edit says what was edited ("Edited by hand: app.js (updated), a.css → b.css
 * (renamed)"), written by the embedded service for the agent and for readers of the API. The dashboard does not read
 * it back: it knows a hand edit by the messages' v1 `type` and lists its changes from the `file-edit` parts.
 */
const PREFIX = "Edited by hand: ";
const RECORDED = "Recorded your hand edit: ";

export type HandEditOperation = "created" | "updated" | "deleted" | "renamed";
export interface HandEditEntry {
  path: string;
  /** The new path of a renamed file. */
  toPath?: string;
  operation: HandEditOperation;
}

/** The user message's text for a hand edit's changes. */
export function describeHandEdit(entries: readonly HandEditEntry[]): string {
  return `${PREFIX}${entries.map((e) => `${e.toPath ? `${e.path} → ${e.toPath}` : e.path} (${e.operation})`).join(", ")}`;
}

/** The assistant message's closing text of a hand edit. */
export function recordedHandEdit(counts: string): string {
  return `${RECORDED}${counts}. The next answer builds on these files.`;
}

/** The v1 message types (interface.md 2.7) of the two messages that record a hand edit. */
const HAND_EDIT_TYPES: ReadonlySet<string> = new Set(["edited-file", "deleted-file", "renamed-file", "moved-file"]);

/** Whether a v1 message `type` says the message records a hand edit. */
export const isHandEditType = (type: string | null | undefined): boolean => !!type && HAND_EDIT_TYPES.has(type);

/**
 * Whether an assistant message has the shape of a hand edit's record (finished, no model ran, only `file-edit` parts
 * and text): the messages whose v1 `type` is worth asking for. The shape alone does not decide (a restore has it too):
 * the type does.
 */
export function mayRecordHandEdit(message: Pick<Message, "role" | "finishReason" | "parts" | "usage">): boolean {
  const parts = message.parts ?? [];
  return (
    message.role === "assistant" &&
    message.finishReason === "stop" &&
    (message.usage?.tokens.total ?? 0) === 0 &&
    parts.some((p) => p.type === "file-edit") &&
    parts.every((p) => p.type === "file-edit" || p.type === "text")
  );
}

const PAST: Record<string, HandEditOperation> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  rename: "renamed",
};

/** The changes a hand edit's record lists, from its `file-edit` parts (a rename with its new path). */
export function handEditEntries(message: Pick<Message, "parts">): HandEditEntry[] {
  return (message.parts ?? []).flatMap((p) =>
    p.type === "file-edit" && typeof p.path === "string"
      ? [
          {
            path: p.path,
            ...(typeof p.toPath === "string" ? { toPath: p.toPath } : {}),
            operation: PAST[String(p.operation)] ?? "updated",
          },
        ]
      : [],
  );
}
