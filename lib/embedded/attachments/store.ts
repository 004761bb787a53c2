import "server-only";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../store/db";
import { attachments, type AttachmentRow } from "../store/schema";

export async function insertAttachments(db: Db, rows: readonly AttachmentRow[]): Promise<void> {
  if (rows.length) await db.insert(attachments).values([...rows]);
}

export async function findAttachment(db: Db, id: string): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
  return row ?? null;
}

/** Stored attachments by id (those of one message, for the agents). */
export async function attachmentsById(db: Db, ids: readonly string[]): Promise<Map<string, AttachmentRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(attachments)
    .where(inArray(attachments.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}
