import "server-only";
import { and, desc, eq, exists, inArray, isNull, lt, not, sql, type SQL } from "drizzle-orm";
import type { Db } from "../store/db";
import { chatFavorites, chats, type ChatRow } from "../store/schema";
import { defaultPrivacy } from "../account/store";

type LeaseColumns = "leaseOwner" | "leaseMessageId" | "leaseExpiresAt";
type NewChat = Omit<ChatRow, "seq" | "projectId" | "privacy" | LeaseColumns> & {
  projectId?: string | null;
  /** None given: the team's default privacy (an admin's setting; private until set). */
  privacy: ChatRow["privacy"] | undefined;
} & Partial<Pick<ChatRow, LeaseColumns>>;

/** Every new chat is stored here, so every way of making one gets the team's default privacy when it names none. */
export async function insertChat(db: Db, chat: NewChat): Promise<ChatRow> {
  const privacy = chat.privacy ?? (await defaultPrivacy(db));
  const [row] = await db
    .insert(chats)
    .values({ ...chat, privacy })
    .returning();
  return row!;
}

export async function findChat(db: Db, id: string): Promise<ChatRow | null> {
  const [row] = await db.select().from(chats).where(eq(chats.id, id)).limit(1);
  return row ?? null;
}

/** Newest first; `beforeSeq` continues after the last chat of the previous page. */
/** Filters of GET /v2/chats (the document's authorId, vercelProjectId/hostProjectId, metadata[key]=value). */
export interface ChatFilters {
  authorId?: string;
  hostProjectId?: string;
  metadata?: Record<string, string>;
  /** v1 `isFavorite`: only this person's favorites (true) or only the others (false). */
  favorite?: { personId: string; is: boolean };
}

/**
 * A page of chats; `listed` is which chats the caller's list shows (chats/access.ts `listedChats`), so a list
 * never holds a chat its reader may not read.
 */
export async function listChats(
  db: Db,
  opts: { limit: number; beforeSeq?: number; listed: SQL } & ChatFilters,
): Promise<ChatRow[]> {
  const favorite = opts.favorite
    ? exists(
        db
          .select({ one: sql`1` })
          .from(chatFavorites)
          .where(and(eq(chatFavorites.chatId, chats.id), eq(chatFavorites.personId, opts.favorite.personId))),
      )
    : undefined;
  const where = [
    opts.listed,
    opts.beforeSeq === undefined ? undefined : lt(chats.seq, opts.beforeSeq),
    opts.authorId === undefined ? undefined : eq(chats.authorId, opts.authorId),
    opts.hostProjectId === undefined ? undefined : eq(chats.hostProjectId, opts.hostProjectId),
    opts.metadata && Object.keys(opts.metadata).length
      ? sql`${chats.metadata} @> ${JSON.stringify(opts.metadata)}::jsonb`
      : undefined,
    favorite === undefined ? undefined : opts.favorite!.is ? favorite : not(favorite),
  ].filter((c) => c !== undefined);
  return db
    .select()
    .from(chats)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(chats.seq))
    .limit(opts.limit);
}

export async function updateChat(
  db: Db,
  id: string,
  patch: Partial<Pick<ChatRow, "title" | "privacy" | "hostProjectId" | "metadata" | "updatedAt">>,
): Promise<ChatRow | null> {
  const [row] = await db.update(chats).set(patch).where(eq(chats.id, id)).returning();
  return row ?? null;
}

/**
 * The document's chat update, atomic: title and privacy replaced when given; metadata merged (null deletes a key,
 * a null map deletes all). Null when there is no such chat; `tooMany` when the merge would keep more than `max`.
 */
export async function patchChat(
  db: Db,
  id: string,
  patch: { title?: string; privacy?: ChatRow["privacy"]; metadata?: Record<string, string | null> | null },
  at: Date,
  max: number,
): Promise<ChatRow | "tooMany" | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(chats).where(eq(chats.id, id)).for("update");
    if (!row) return null;
    let metadata = row.metadata;
    if (patch.metadata === null) metadata = {};
    else if (patch.metadata) {
      metadata = { ...row.metadata };
      for (const [key, value] of Object.entries(patch.metadata)) {
        if (value === null) delete metadata[key];
        else metadata[key] = value;
      }
      if (Object.keys(metadata).length > max) return "tooMany";
    }
    const [updated] = await tx
      .update(chats)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.privacy !== undefined ? { privacy: patch.privacy } : {}),
        metadata,
        updatedAt: at,
      })
      .where(eq(chats.id, id))
      .returning();
    return updated ?? null;
  });
}

/** Marks or unmarks the chat as one of the person's favorites. */
export async function setFavorite(
  db: Db,
  personId: string,
  chatId: string,
  favorite: boolean,
  at: Date,
): Promise<void> {
  if (favorite) await db.insert(chatFavorites).values({ personId, chatId, createdAt: at }).onConflictDoNothing();
  else
    await db.delete(chatFavorites).where(and(eq(chatFavorites.personId, personId), eq(chatFavorites.chatId, chatId)));
}

/** Which of these chats are the person's favorites. */
export async function favoritesAmong(db: Db, personId: string, chatIds: readonly string[]): Promise<Set<string>> {
  if (!chatIds.length) return new Set();
  const rows = await db
    .select({ chatId: chatFavorites.chatId })
    .from(chatFavorites)
    .where(and(eq(chatFavorites.personId, personId), inArray(chatFavorites.chatId, [...chatIds])));
  return new Set(rows.map((r) => r.chatId));
}

export async function deleteChat(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(chats).where(eq(chats.id, id)).returning({ id: chats.id });
  return rows.length > 0;
}

/**
 * Links a hosting project when the chat has none, atomically (two simultaneous calls link one project).
 * Returns the chat's hostProjectId afterwards and whether this call linked it; null if there is no such chat.
 */
export async function linkHostProject(
  db: Db,
  id: string,
  hostProjectId: string,
  at: Date,
): Promise<{ hostProjectId: string; linked: boolean } | null> {
  const [row] = await db
    .update(chats)
    .set({ hostProjectId, updatedAt: at })
    .where(and(eq(chats.id, id), isNull(chats.hostProjectId)))
    .returning({ hostProjectId: chats.hostProjectId });
  if (row?.hostProjectId) return { hostProjectId: row.hostProjectId, linked: true };
  const existing = await findChat(db, id);
  return existing?.hostProjectId ? { hostProjectId: existing.hostProjectId, linked: false } : null;
}

/** Merges into the chat's settings (keys set to undefined are removed). */
export async function updateSettings(db: Db, id: string, patch: Partial<ChatRow["settings"]>): Promise<void> {
  const [row] = await db.select({ settings: chats.settings }).from(chats).where(eq(chats.id, id));
  if (!row) return;
  const merged = JSON.parse(JSON.stringify({ ...row.settings, ...patch })) as ChatRow["settings"];
  await db.update(chats).set({ settings: merged }).where(eq(chats.id, id));
}
