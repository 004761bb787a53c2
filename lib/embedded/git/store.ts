import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../store/db";
import { chatGitRemotes, gitCredentials, type GitCredentialRow, type GitRemoteRow } from "../store/schema";

export async function findRemote(db: Db, chatId: string): Promise<GitRemoteRow | null> {
  const [row] = await db.select().from(chatGitRemotes).where(eq(chatGitRemotes.chatId, chatId));
  return row ?? null;
}

/** Sets the chat's remote (url, branch) and where it stood at this sync. */
export async function saveRemote(db: Db, row: GitRemoteRow): Promise<GitRemoteRow> {
  const { chatId: _chatId, ...rest } = row;
  const [saved] = await db
    .insert(chatGitRemotes)
    .values(row)
    .onConflictDoUpdate({ target: chatGitRemotes.chatId, set: rest })
    .returning();
  return saved!;
}

/** Every credential, by host. */
export async function listCredentials(db: Db): Promise<GitCredentialRow[]> {
  return db.select().from(gitCredentials).orderBy(asc(gitCredentials.host));
}

export async function credentialForHost(db: Db, host: string): Promise<GitCredentialRow | null> {
  const [row] = await db.select().from(gitCredentials).where(eq(gitCredentials.host, host));
  return row ?? null;
}

/** Stores a host's credential in place of the one it had. */
export async function replaceCredential(db: Db, row: GitCredentialRow): Promise<GitCredentialRow> {
  return db.transaction(async (tx) => {
    await tx.delete(gitCredentials).where(eq(gitCredentials.host, row.host));
    const [inserted] = await tx.insert(gitCredentials).values(row).returning();
    return inserted!;
  });
}

/** False when there was no such credential. */
export async function deleteCredential(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(gitCredentials).where(eq(gitCredentials.id, id)).returning({ id: gitCredentials.id });
  return rows.length > 0;
}
