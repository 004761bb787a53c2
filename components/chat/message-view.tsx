import { memo } from "react";
import type { TimelineEntry } from "@/lib/hooks/merge-timeline";
import { isPullRecord, readPull, readPush } from "@/lib/api/git-sync";
import { isHandEditRecord, readHandEdit } from "@/lib/api/hand-edit";
import { AssistantMessage } from "./assistant-message";
import { GitSyncRow } from "./git-sync-row";
import { HandEditRow } from "./hand-edit-row";
import { UserMessage } from "./user-message";

type Props = { entry: TimelineEntry };

/**
 * Entries are rebuilt on every stream delta (mergeTimeline), but an entry whose message, state and error are
 * the same objects renders the same: only the message that changed re-renders.
 */
function sameEntry(a: TimelineEntry, b: TimelineEntry): boolean {
  return (
    a === b ||
    (a.message === b.message &&
      a.streaming === b.streaming &&
      a.live === b.live &&
      a.error === b.error &&
      a.key === b.key)
  );
}

function sameProps(a: Props, b: Props): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof Props>;
  for (const key of keys) {
    if (key === "entry" ? !sameEntry(a.entry, b.entry) : !Object.is(a[key], b[key])) return false;
  }
  return true;
}

export const MessageView = memo(function MessageView({ entry }: Props) {
  const { message } = entry;
  // A hand edit is one compact row: its user message says what changed; the answer recording it is not shown.
  const handEdit = readHandEdit(message);
  if (handEdit) return <HandEditRow message={message} entries={handEdit} />;
  if (isHandEditRecord(message) || isPullRecord(message)) return null;
  // A pull or a push of the chat's Git remote: one row as well.
  const pull = readPull(message);
  const push = pull ? null : readPush(message);
  if (pull || push) return <GitSyncRow message={message} pull={pull ?? undefined} push={push ?? undefined} />;
  return message.role === "user" ? <UserMessage message={message} /> : <AssistantMessage entry={entry} />;
}, sameProps);
