import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../store/db";
import { projectEnvVars, projects, type EnvVarRow } from "../store/schema";

/** A project's environment variables, oldest first (values sealed: see schema.ts). */
export async function listEnvVars(db: Db, projectId: string): Promise<EnvVarRow[]> {
  return db
    .select()
    .from(projectEnvVars)
    .where(eq(projectEnvVars.projectId, projectId))
    .orderBy(asc(projectEnvVars.createdAt), asc(projectEnvVars.key));
}

export async function findEnvVar(db: Db, projectId: string, id: string): Promise<EnvVarRow | null> {
  const [row] = await db
    .select()
    .from(projectEnvVars)
    .where(and(eq(projectEnvVars.projectId, projectId), eq(projectEnvVars.id, id)));
  return row ?? null;
}

export async function insertEnvVar(db: Db, row: EnvVarRow): Promise<EnvVarRow> {
  const [inserted] = await db.insert(projectEnvVars).values(row).returning();
  return inserted!;
}

export async function updateEnvVarValue(db: Db, id: string, sealedValue: string, at: Date): Promise<EnvVarRow> {
  const [row] = await db
    .update(projectEnvVars)
    .set({ sealedValue, updatedAt: at })
    .where(eq(projectEnvVars.id, id))
    .returning();
  return row!;
}

export async function deleteEnvVars(db: Db, projectId: string, ids: readonly string[]): Promise<void> {
  await db
    .delete(projectEnvVars)
    .where(and(eq(projectEnvVars.projectId, projectId), inArray(projectEnvVars.id, [...ids])));
}

/**
 * Locks the project's row until the surrounding transaction ends: changes to one project's variables run one after
 * another (a key is checked and written without another call writing it in between). False if no such project.
 */
export async function lockProject(db: Db, projectId: string): Promise<boolean> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
  return rows.length > 0;
}
