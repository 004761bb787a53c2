import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "./db";
import { versions, type VersionRow } from "./schema";

export type NewVersion = Omit<VersionRow, "seq">;

export async function insertVersion(db: Db, version: NewVersion): Promise<VersionRow> {
  const [row] = await db.insert(versions).values(version).returning();
  return row!;
}

export async function findVersion(db: Db, chatId: string, id: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.chatId, chatId), eq(versions.id, id)))
    .limit(1);
  return row ?? null;
}

export async function latestVersion(db: Db, chatId: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(versions)
    .where(eq(versions.chatId, chatId))
    .orderBy(desc(versions.seq))
    .limit(1);
  return row ?? null;
}

export async function updateVersion(
  db: Db,
  chatId: string,
  id: string,
  patch: Partial<Pick<VersionRow, "status" | "files" | "updatedAt">>,
): Promise<VersionRow | null> {
  const [row] = await db
    .update(versions)
    .set(patch)
    .where(and(eq(versions.chatId, chatId), eq(versions.id, id)))
    .returning();
  return row ?? null;
}
