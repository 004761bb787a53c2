import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../store/db";
import { chatShares } from "../store/schema";

export type ShareRow = typeof chatShares.$inferSelect;

export async function shareOfChat(db: Db, chatId: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(chatShares).where(eq(chatShares.chatId, chatId)).limit(1);
  return row ?? null;
}

export async function shareByTokenHash(db: Db, tokenHash: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(chatShares).where(eq(chatShares.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** The chat's link, unless it has one already (two readers minting at once keep the first): the stored row. */
export async function insertShareIfAbsent(db: Db, row: ShareRow): Promise<ShareRow> {
  await db.insert(chatShares).values(row).onConflictDoNothing({ target: chatShares.chatId });
  return (await shareOfChat(db, row.chatId))!;
}

/** A new token for the chat's link (its expiry kept); null when it has none. */
export async function replaceShareToken(
  db: Db,
  chatId: string,
  token: Pick<ShareRow, "tokenHash" | "sealedToken" | "createdAt">,
): Promise<ShareRow | null> {
  const [row] = await db.update(chatShares).set(token).where(eq(chatShares.chatId, chatId)).returning();
  return row ?? null;
}

export async function setShareExpiry(db: Db, chatId: string, expiresAt: Date | null): Promise<ShareRow | null> {
  const [row] = await db.update(chatShares).set({ expiresAt }).where(eq(chatShares.chatId, chatId)).returning();
  return row ?? null;
}

export async function deleteShare(db: Db, chatId: string): Promise<boolean> {
  const rows = await db.delete(chatShares).where(eq(chatShares.chatId, chatId)).returning({ id: chatShares.chatId });
  return rows.length > 0;
}
