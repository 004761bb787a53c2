import "server-only";
import { and, desc, eq, inArray, notInArray, type SQL } from "drizzle-orm";
import type { Db } from "../store/db";
import { chats, projects, type ChatRow, type ProjectRow } from "../store/schema";

type NewProject = Omit<ProjectRow, "seq">;

export async function insertProject(db: Db, project: NewProject): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(project).returning();
  return row!;
}

export async function findProject(db: Db, id: string): Promise<ProjectRow | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row ?? null;
}

/** Newest first. */
export async function listProjects(db: Db): Promise<ProjectRow[]> {
  return db.select().from(projects).orderBy(desc(projects.seq));
}

export async function updateProject(
  db: Db,
  id: string,
  patch: Pick<ProjectRow, "name" | "description" | "updatedAt">,
): Promise<ProjectRow | null> {
  const [row] = await db.update(projects).set(patch).where(eq(projects.id, id)).returning();
  return row ?? null;
}

/** Deletes the project; its chats stay (their projectId becomes null). */
export async function deleteProject(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  return rows.length > 0;
}

/** Makes `chatIds` exactly the project's chats (a chat moves here from any other project). */
export async function setProjectChats(db: Db, projectId: string, chatIds: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(chats)
      .set({ projectId: null })
      .where(and(eq(chats.projectId, projectId), chatIds.length ? notInArray(chats.id, [...chatIds]) : undefined));
    if (chatIds.length)
      await tx
        .update(chats)
        .set({ projectId })
        .where(inArray(chats.id, [...chatIds]));
  });
}

/** One chat joins the project (leaving any other); the project's updatedAt moves. */
export async function addChatToProject(db: Db, projectId: string, chatId: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(chats).set({ projectId }).where(eq(chats.id, chatId));
    await tx.update(projects).set({ updatedAt: at }).where(eq(projects.id, projectId));
  });
}

/** The given chats that exist (who may do what with them is the caller's to judge). */
export async function chatsAmong(
  db: Db,
  chatIds: readonly string[],
): Promise<Pick<ChatRow, "id" | "privacy" | "authorId" | "projectId">[]> {
  if (!chatIds.length) return [];
  return db
    .select({ id: chats.id, privacy: chats.privacy, authorId: chats.authorId, projectId: chats.projectId })
    .from(chats)
    .where(inArray(chats.id, [...chatIds]));
}

/** A project's chats (who may do what with them is the caller's to judge). */
export async function chatsOfProject(
  db: Db,
  projectId: string,
): Promise<Pick<ChatRow, "id" | "privacy" | "authorId">[]> {
  return db
    .select({ id: chats.id, privacy: chats.privacy, authorId: chats.authorId })
    .from(chats)
    .where(eq(chats.projectId, projectId));
}

/** Each project's chat ids among the chats `visible` selects (the reader's), newest chat first. */
export async function chatIdsByProject(
  db: Db,
  projectIds: readonly string[],
  visible: SQL,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(projectIds.map((id) => [id, []]));
  if (!projectIds.length) return out;
  const rows = await db
    .select({ id: chats.id, projectId: chats.projectId })
    .from(chats)
    .where(and(inArray(chats.projectId, [...projectIds]), visible))
    .orderBy(desc(chats.seq));
  for (const r of rows) out.get(r.projectId!)?.push(r.id);
  return out;
}
