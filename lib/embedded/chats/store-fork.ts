import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../store/db";
import { insertChatCopy } from "./store-copy-chat";
import { allMessages } from "../messages/store";
import { chats, type ChatRow, type VersionRow } from "../store/schema";
import { allVersions } from "../files/store-versions";

interface BranchTarget {
  id: string;
  privacy: ChatRow["privacy"] | undefined;
  /** Who makes it (the caller): the new chat's author. */
  authorId: string;
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
  return insertChatCopy(tx, source, {
    id: target.id,
    title: source.title,
    privacy: target.privacy,
    authorId: target.authorId,
    settings: {
      ...structuredClone(source.settings),
      forkedFrom: { chatId: source.id, versionId: version.id, title: source.title },
    },
    at: target.at,
    newId: target.newId,
    messages: kept,
    firstKind: "forked-chat",
    files: version.files,
    versions: versions.filter((v) => v.seq <= version.seq),
  });
}
