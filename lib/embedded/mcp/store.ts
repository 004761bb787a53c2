import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../store";
import { chats } from "../store/schema";
import { mcpOauthStates, mcpServers, type McpOauthStateRow, type McpServerRow } from "./schema";

/** Queries of the MCP tables. */

export async function insertServer(db: Db, row: Omit<McpServerRow, "seq">): Promise<McpServerRow> {
  const [inserted] = await db.insert(mcpServers).values(row).returning();
  return inserted!;
}

export async function findServer(db: Db, id: string): Promise<McpServerRow | null> {
  const [row] = await db.select().from(mcpServers).where(eq(mcpServers.id, id));
  return row ?? null;
}

export async function findServers(db: Db, ids: readonly string[]): Promise<McpServerRow[]> {
  const rows = await Promise.all([...new Set(ids)].map((id) => findServer(db, id)));
  return rows.filter((r): r is McpServerRow => r !== null);
}

/** Newest first. */
export function listServers(db: Db): Promise<McpServerRow[]> {
  return db.select().from(mcpServers).orderBy(desc(mcpServers.seq));
}

type ServerPatch = Partial<Omit<McpServerRow, "id" | "seq" | "createdAt">>;

export async function updateServer(db: Db, id: string, patch: ServerPatch): Promise<McpServerRow | null> {
  const [row] = await db.update(mcpServers).set(patch).where(eq(mcpServers.id, id)).returning();
  return row ?? null;
}

export async function deleteServer(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(mcpServers).where(eq(mcpServers.id, id)).returning({ id: mcpServers.id });
  return rows.length > 0;
}

export async function insertState(db: Db, row: McpOauthStateRow): Promise<void> {
  await db.insert(mcpOauthStates).values(row);
}

/** Removes and returns a pending authorization: a state is used at most once. */
export async function takeState(db: Db, stateHash: string): Promise<McpOauthStateRow | null> {
  const [row] = await db.delete(mcpOauthStates).where(eq(mcpOauthStates.stateHash, stateHash)).returning();
  return row ?? null;
}

/** Forgets the pending authorizations of a server (its OAuth configuration changed). */
export async function dropStates(db: Db, serverId: string): Promise<void> {
  await db.delete(mcpOauthStates).where(eq(mcpOauthStates.serverId, serverId));
}

/** Deletes authorizations that expired before `before` (housekeeping). */
export async function dropExpiredStates(db: Db, before: Date): Promise<void> {
  await db.delete(mcpOauthStates).where(and(lt(mcpOauthStates.expiresAt, before)));
}

/** Attaches MCP servers to a chat (mcpServerIds sent with a message add to those given at creation). */
export async function attachServers(db: Db, chatId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const [chat] = await db.select({ settings: chats.settings }).from(chats).where(eq(chats.id, chatId));
  if (!chat) return;
  const merged = [...new Set([...(chat.settings.mcpServerIds ?? []), ...ids])];
  await db
    .update(chats)
    .set({ settings: { ...chat.settings, mcpServerIds: merged } })
    .where(eq(chats.id, chatId));
}
