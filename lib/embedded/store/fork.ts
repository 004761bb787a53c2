import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "./db";
import { insertChat } from "./chats";
import { upsertFiles } from "./files";
import { allMessages, insertMessages } from "./messages";
import { chats, type ChatRow, type VersionRow } from "./schema";
import { allVersions, insertVersions } from "./versions";

interface BranchTarget {
  id: string;
  privacy: ChatRow["privacy"];
  at: Date;
  /** A new id for each copied message and version. */
  newId(prefix: "msg" | "ver"): string;
}

/**
 * A branch of a chat at one of its versions, inside the caller's transaction (which holds the source chat): a new
 * chat with the source's title, metadata, model and settings, the conversation up to and including the message
 * that made the version (the first copied message's kind is `forked-chat`), the versions up to that one, and
 * exactly that version's files with their locks. The source is not changed. `missing` when there is no such chat.
 */
export async function branchChat(
  tx: Db,
  sourceId: string,
  version: VersionRow,
  target: BranchTarget,
): Promise<ChatRow | "missing"> {
  const [source] = await tx.select().from(chats).where(eq(chats.id, sourceId));
  if (!source) return "missing";
  // One after another: a transaction is one connection, which runs one query at a time.
  const messages = await allMessages(tx, sourceId);
  const versions = await allVersions(tx, sourceId);
  // An initialization's version has no message (""): the branch then starts without a conversation.
  const maker = messages.find((m) => m.id === version.messageId);
  const kept = maker ? messages.filter((m) => m.seq <= maker.seq) : [];
  const chat = await insertChat(tx, {
    id: target.id,
    title: source.title,
    privacy: target.privacy,
    authorId: source.authorId,
    hostProjectId: null, // a hosting project belongs to the chat that linked it
    projectId: source.projectId,
    metadata: { ...source.metadata },
    modelId: source.modelId,
    settings: {
      ...structuredClone(source.settings),
      forkedFrom: { chatId: source.id, versionId: version.id, title: source.title },
    },
    createdAt: target.at,
    updatedAt: target.at,
  });
  const ids = new Map(kept.map((m) => [m.id, target.newId("msg")]));
  await insertMessages(
    tx,
    kept.map(({ seq: _seq, ...m }, i) => ({
      ...m,
      id: ids.get(m.id)!,
      chatId: chat.id,
      ...(i === 0 ? { kind: "forked-chat" as const } : {}),
    })),
  );
  await upsertFiles(
    tx,
    chat.id,
    version.files.map((f) => ({ path: f.path, content: f.content, encoding: f.encoding, locked: f.locked })),
    target.at,
  );
  await insertVersions(
    tx,
    versions
      .filter((v) => v.seq <= version.seq)
      .map(({ seq: _seq, ...v }) => ({
        ...v,
        id: target.newId("ver"),
        chatId: chat.id,
        messageId: ids.get(v.messageId) ?? v.messageId,
      })),
  );
  return chat;
}
