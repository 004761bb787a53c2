import type { HandEditEntry, HandEditOperation } from "./hand-edit";
import type { Message } from "./schemas";

/**
 * How the messages recording a pull from or a push to a chat's Git remote read ("Pulled main at 1a2b3c4 from
 * https://…: app.js (updated), b.css (created)"; "Pushed version ver_… to main of https://… as 1a2b3c4"): written by
 * the embedded service, read back by the dashboard's timeline. One format, here.
 */

const PULLED = "Pulled ";
const PUSHED = "Pushed ";
const PULL_RECORDED = "Recorded the pull: ";

const entryText = (e: HandEditEntry) => `${e.toPath ? `${e.path} → ${e.toPath}` : e.path} (${e.operation})`;

export interface GitPullRecord {
  branch: string;
  commit: string;
  url: string;
  entries: HandEditEntry[];
}

export interface GitPushRecord {
  versionId: string;
  branch: string;
  url: string;
  commit: string;
}

export function describePull(pull: GitPullRecord): string {
  return `${PULLED}${pull.branch} at ${pull.commit.slice(0, 7)} from ${pull.url}: ${pull.entries.map(entryText).join(", ")}`;
}

export function describePush(push: GitPushRecord): string {
  return `${PUSHED}version ${push.versionId} to ${push.branch} of ${push.url} as ${push.commit.slice(0, 7)}`;
}

/** The assistant message's closing text of a pull. */
export function recordedPull(counts: string): string {
  return `${PULL_RECORDED}${counts}. The next answer builds on these files.`;
}

const PULL = /^Pulled (\S+) at ([0-9a-f]{7}) from (\S+): (.+)$/s;
const ENTRY = /(.+?) \((created|updated|deleted|renamed)\)(?:, |$)/gy;
const PUSH = /^Pushed version (\S+) to (\S+) of (\S+) as ([0-9a-f]{7})$/;

/** What a pull's user message says it brought; null for any other message. */
export function readPull(message: Pick<Message, "role" | "content">): GitPullRecord | null {
  const m = message.role === "user" ? PULL.exec(message.content) : null;
  if (!m) return null;
  const entries: HandEditEntry[] = [];
  ENTRY.lastIndex = 0;
  for (let e = ENTRY.exec(m[4]!); e; e = ENTRY.exec(m[4]!)) {
    const [from, to] = e[1]!.split(" → ");
    entries.push({ path: from!, ...(to ? { toPath: to } : {}), operation: e[2] as HandEditOperation });
  }
  return entries.length ? { branch: m[1]!, commit: m[2]!, url: m[3]!, entries } : null;
}

/** What a push's timeline message says; null for any other message. */
export function readPush(message: Pick<Message, "role" | "content">): GitPushRecord | null {
  const m = message.role === "user" ? PUSH.exec(message.content) : null;
  return m ? { versionId: m[1]!, branch: m[2]!, url: m[3]!, commit: m[4]! } : null;
}

/** Whether an assistant message only records a pull (its file-edit parts and the closing text). */
export function isPullRecord(message: Pick<Message, "role" | "content" | "parts">): boolean {
  return (
    message.role === "assistant" &&
    message.content.startsWith(PULL_RECORDED) &&
    (message.parts ?? []).every((p) => p.type === "file-edit" || p.type === "text")
  );
}
