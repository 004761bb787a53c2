import "server-only";
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../store/db";
import { chats, deployments, type DeploymentLogLine, type DeploymentRow, type VersionFile } from "../store/schema";
import { readableChats, type Reader } from "../chats/access";

type NewDeployment = Omit<DeploymentRow, "seq">;

export async function insertDeployment(db: Db, row: NewDeployment): Promise<DeploymentRow> {
  const [inserted] = await db.insert(deployments).values(row).returning();
  return inserted!;
}

export async function findDeployment(db: Db, id: string): Promise<DeploymentRow | null> {
  const [row] = await db.select().from(deployments).where(eq(deployments.id, id)).limit(1);
  return row ?? null;
}

/** Newest first, of chats the reader may read, filtered by any of chat, project and version. */
export async function listDeployments(
  db: Db,
  reader: Reader,
  filter: { chatId?: string; projectId?: string; versionId?: string },
): Promise<DeploymentRow[]> {
  const where: SQL[] = [
    inArray(deployments.chatId, db.select({ id: chats.id }).from(chats).where(readableChats(reader))),
  ];
  if (filter.chatId) where.push(eq(deployments.chatId, filter.chatId));
  if (filter.projectId) where.push(eq(deployments.projectId, filter.projectId));
  if (filter.versionId) where.push(eq(deployments.versionId, filter.versionId));
  return db
    .select()
    .from(deployments)
    .where(and(...where))
    .orderBy(desc(deployments.seq));
}

/**
 * Ends a pending build (only once: the update applies while the row is still pending, whichever instance or timer
 * gets there first). Returns the new row, or null when it was not pending any more (or is gone).
 */
export async function finishBuild(
  db: Db,
  id: string,
  patch: {
    status: "ready" | "error";
    logs: DeploymentLogLine[];
    error: { type: string; text: string } | null;
    /** The site's files when they are not the version's (a built app's output folder). */
    files?: VersionFile[];
  },
  at: Date,
): Promise<DeploymentRow | null> {
  const [row] = await db
    .update(deployments)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(deployments.id, id), eq(deployments.status, "pending")))
    .returning();
  return row ?? null;
}

/**
 * The log so far of a build under way (and its deadline, moved when it starts after waiting); false when the
 * deployment is no longer pending (settled or deleted).
 */
export async function updatePendingBuild(
  db: Db,
  id: string,
  patch: { logs: DeploymentLogLine[]; buildDeadline?: Date },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(deployments)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(deployments.id, id), eq(deployments.status, "pending")))
    .returning({ id: deployments.id });
  return rows.length > 0;
}

export async function deleteDeployment(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(deployments).where(eq(deployments.id, id)).returning({ id: deployments.id });
  return rows.length > 0;
}
