import { memo } from "react";
import type { TimelineEntry } from "@/lib/hooks/merge-timeline";
import { isPullRecord, readPull, readPush } from "@/lib/api/git-sync";
import { handEditEntries, isHandEditType, mayRecordHandEdit } from "@/lib/api/hand-edit";
import type { Message } from "@/lib/api/schemas";
import { useMessageType } from "@/lib/hooks/use-message-type";
import { AssistantMessage } from "./assistant-message";
import { GitSyncRow } from "./git-sync-row";
import { HandEditRow } from "./hand-edit-row";
import { UserMessage } from "./user-message";

type Props = {
  entry: TimelineEntry;
  /** For a user message: the next message when it may record a hand edit (then this one is that edit's request). */
  recordedBy?: Message;
};

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

export const MessageView = memo(function MessageView({ entry, recordedBy }: Props) {
  const { message } = entry;
  // A pull or a push of the chat's Git remote: one row (the answer recording a pull is not shown).
  if (isPullRecord(message)) return null;
  const pull = readPull(message);
  const push = pull ? null : readPush(message);
  if (pull || push) return <GitSyncRow message={message} pull={pull ?? undefined} push={push ?? undefined} />;
  const record = message.role === "user" ? recordedBy : mayRecordHandEdit(message) ? message : undefined;
  if (record) return <MaybeHandEdit entry={entry} record={record} />;
  return <PlainMessage entry={entry} />;
}, sameProps);

function PlainMessage({ entry }: { entry: TimelineEntry }) {
  return entry.message.role === "user" ? <UserMessage message={entry.message} /> : <AssistantMessage entry={entry} />;
}

/**
 * A hand edit is one compact row, known by its messages' v1 type (not by their text): the assistant message recording
 * it becomes the row (its `file-edit` parts list the changes), the user message asking for it is not shown. While the
 * type is being asked for, neither shows; a message of another type (a restore has the same shape) shows as usual.
 */
function MaybeHandEdit({ entry, record }: { entry: TimelineEntry; record: Message }) {
  const type = useMessageType(record.chatId, record.id);
  if (type.isPending) return null;
  if (!isHandEditType(type.data)) return <PlainMessage entry={entry} />;
  if (entry.message.role === "user") return null;
  return <HandEditRow message={record} entries={handEditEntries(record)} />;
}
