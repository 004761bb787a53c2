import type { Message } from "./schemas";

/**
 * How the user message of a hand edit says what was edited ("Edited by hand: app.js (updated), a.css → b.css
 * (renamed)"): written by the embedded service, read back by the dashboard's timeline. One format, here.
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

const ENTRY = /(.+?) \((created|updated|deleted|renamed)\)(?:, |$)/gy;

/** The changes a hand edit's user message lists; null for any other message. */
export function readHandEdit(message: Pick<Message, "role" | "content">): HandEditEntry[] | null {
  if (message.role !== "user" || !message.content.startsWith(PREFIX)) return null;
  const text = message.content.slice(PREFIX.length);
  const entries: HandEditEntry[] = [];
  ENTRY.lastIndex = 0;
  let end = 0;
  for (let m = ENTRY.exec(text); m; m = ENTRY.exec(text)) {
    const [from, to] = m[1]!.split(" → ");
    entries.push({ path: from!, ...(to ? { toPath: to } : {}), operation: m[2] as HandEditOperation });
    end = ENTRY.lastIndex;
  }
  return entries.length && end === text.length ? entries : null;
}

/** Whether an assistant message only records a hand edit (its file-edit parts and the closing text). */
export function isHandEditRecord(message: Pick<Message, "role" | "content" | "parts">): boolean {
  return (
    message.role === "assistant" &&
    message.content.startsWith(RECORDED) &&
    (message.parts ?? []).every((p) => p.type === "file-edit" || p.type === "text")
  );
}
