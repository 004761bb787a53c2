import "server-only";
import type { Db } from "../store/db";
import { insertChat } from "./store";
import { upsertFiles } from "../files/store";
import { insertMessages } from "../messages/store";
import type { ChatRow, MessageKind, MessageRow, VersionRow } from "../store/schema";
import { insertVersions } from "../files/store-versions";

/** A new chat made from a source chat's rows: its own fields, and which of the source's rows it holds. */
interface ChatCopy {
  id: string;
  title: string | null;
  /** None: the team's default. */
  privacy: ChatRow["privacy"] | undefined;
  /** Who makes the copy (the caller): the new chat's author. The copied messages keep theirs. */
  authorId: string;
  settings: ChatRow["settings"];
  at: Date;
  /** A new id for each copied message and version. */
  newId(prefix: "msg" | "ver"): string;
  /** The source's messages to copy, oldest first. */
  messages: readonly MessageRow[];
  /** The first copied message's kind, when it is not the source's. */
  firstKind?: MessageKind;
  files: readonly { path: string; content: string; encoding: "utf8" | "base64"; locked: boolean }[];
  /** The source's versions to copy, oldest first; their message ids are mapped to the copies. */
  versions: readonly VersionRow[];
}

/**
 * Stores the copy inside the caller's transaction: the chat of `copy.authorId` with the source's project, metadata and model
 * (a hosting project belongs to the chat that linked it, so none), the messages and versions under new ids, the
 * files with their locks. Nothing is shared with the source.
 */
export async function insertChatCopy(tx: Db, source: ChatRow, copy: ChatCopy): Promise<ChatRow> {
  const chat = await insertChat(tx, {
    id: copy.id,
    title: copy.title,
    privacy: copy.privacy,
    authorId: copy.authorId,
    hostProjectId: null,
    projectId: source.projectId,
    metadata: { ...source.metadata },
    modelId: source.modelId,
    settings: copy.settings,
    createdAt: copy.at,
    updatedAt: copy.at,
  });
  const ids = new Map(copy.messages.map((m) => [m.id, copy.newId("msg")]));
  await insertMessages(
    tx,
    copy.messages.map(({ seq: _seq, ...m }, i) => ({
      ...m,
      id: ids.get(m.id)!,
      chatId: chat.id,
      ...(i === 0 && copy.firstKind ? { kind: copy.firstKind } : {}),
    })),
  );
  await upsertFiles(
    tx,
    chat.id,
    copy.files.map((f) => ({ path: f.path, content: f.content, encoding: f.encoding, locked: f.locked })),
    copy.at,
  );
  await insertVersions(
    tx,
    copy.versions.map(({ seq: _seq, ...v }) => ({
      ...v,
      id: copy.newId("ver"),
      chatId: chat.id,
      // An initialization's version has no message ("").
      messageId: ids.get(v.messageId) ?? v.messageId,
    })),
  );
  return chat;
}
