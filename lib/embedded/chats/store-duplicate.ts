import "server-only";
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../store/db";
import { insertChatCopy } from "./store-copy-chat";
import { listFiles } from "../files/store";
import { allMessages } from "../messages/store";
import { chats, type ChatRow } from "../store/schema";
import { allVersions } from "../files/store-versions";

/** The copy's own fields; everything else comes from the source chat. */
interface CopyTarget {
  id: string;
  privacy: ChatRow["privacy"] | undefined;
  /** Who makes it (the caller): the new chat's author. */
  authorId: string;
  /** Absent: the source's title with the next free suffix ("My Chat (2)", "(3)", …). */
  title?: string;
  at: Date;
  /** A new id for each copied message and version. */
  newId(prefix: "msg" | "ver"): string;
}

/**
 * The document's duplicate, inside the caller's transaction, which holds the source's row (generation/idle-chat.ts: no
 * generation runs, so no half-written answer is copied): a new chat with the source's metadata, model and settings,
 * its messages (new ids, same order, content, parts, usage and finish reasons), its files with their locks, and its
 * versions (message ids mapped to the copies). Nothing is shared with the source. The source row stays locked until
 * the copy is stored, so simultaneous copies of one chat get distinct suffixes.
 */
export async function duplicateChat(tx: Db, source: ChatRow, target: CopyTarget): Promise<ChatRow> {
  const sourceId = source.id;
  // One after another: a transaction is one connection, which runs one query at a time (pg deprecates queuing).
  const messages = await allMessages(tx, sourceId);
  const files = await listFiles(tx, sourceId);
  const versions = await allVersions(tx, sourceId);
  const title = target.title ?? (source.title === null ? null : await nextCopyTitle(tx, source.title));
  return insertChatCopy(tx, source, {
    id: target.id,
    title,
    privacy: target.privacy,
    authorId: target.authorId,
    settings: structuredClone(source.settings),
    at: target.at,
    newId: target.newId,
    messages,
    files,
    versions,
  });
}

const SUFFIX = / \((\d+)\)$/;

/** "My Chat" → "My Chat (2)", or the suffix after the highest one any chat titled so carries ("My Chat (2)" → "(3)"). */
async function nextCopyTitle(db: Db, title: string): Promise<string> {
  const base = title.replace(SUFFIX, "");
  const rows = await db
    .select({ title: chats.title })
    .from(chats)
    .where(or(eq(chats.title, base), sql`starts_with(${chats.title}, ${`${base} (`})`));
  let highest = 1;
  for (const row of rows) {
    const suffix = /^ \((\d+)\)$/.exec(row.title!.slice(base.length));
    if (suffix) highest = Math.max(highest, Number(suffix[1]));
  }
  return `${base} (${highest + 1})`;
}
