import "server-only";
import { and, asc, count, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../store";
import { remoteMcpClients, remoteMcpCodes, remoteMcpTokens, type RemoteMcpClientRow } from "../schema";

/** Queries of the authorization server's tables (../schema.ts): clients, authorization codes, tokens. */

type CodeRow = typeof remoteMcpCodes.$inferSelect;
type TokenRow = typeof remoteMcpTokens.$inferSelect;
type NewToken = typeof remoteMcpTokens.$inferInsert;

// Clients

export async function findClient(db: Db, clientId: string): Promise<RemoteMcpClientRow | null> {
  const [row] = await db.select().from(remoteMcpClients).where(eq(remoteMcpClients.clientId, clientId));
  return row ?? null;
}

export async function clientExists(db: Db, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ clientId: remoteMcpClients.clientId })
    .from(remoteMcpClients)
    .where(eq(remoteMcpClients.clientId, clientId));
  return Boolean(row);
}

export async function insertClient(db: Db, row: typeof remoteMcpClients.$inferInsert): Promise<void> {
  await db.insert(remoteMcpClients).values(row);
}

/** A client ID metadata document's client as last fetched: inserted, or its stored copy replaced. */
export async function saveDocumentClient(
  db: Db,
  clientId: string,
  createdAt: Date,
  values: Omit<RemoteMcpClientRow, "clientId" | "createdAt" | "approvedAt">,
): Promise<RemoteMcpClientRow | null> {
  const [saved] = await db
    .insert(remoteMcpClients)
    .values({ clientId, createdAt, ...values })
    .onConflictDoUpdate({ target: remoteMcpClients.clientId, set: values })
    .returning();
  return saved ?? null;
}

export async function markClientApproved(db: Db, clientId: string, at: Date): Promise<void> {
  await db.update(remoteMcpClients).set({ approvedAt: at }).where(eq(remoteMcpClients.clientId, clientId));
}

const unapproved = and(eq(remoteMcpClients.kind, "registered"), isNull(remoteMcpClients.approvedAt));

/** Forgets registrations nobody approved that were made before `before`. */
export async function deleteUnapprovedClients(db: Db, before: Date): Promise<void> {
  await db.delete(remoteMcpClients).where(and(unapproved, lt(remoteMcpClients.createdAt, before)));
}

/** How many registrations wait for approval. */
export async function countUnapprovedClients(db: Db): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(remoteMcpClients).where(unapproved);
  return n;
}

/** When the oldest registration waiting for approval was made; null when none waits. */
export async function oldestUnapprovedAt(db: Db): Promise<Date | null> {
  const [oldest] = await db
    .select({ createdAt: remoteMcpClients.createdAt })
    .from(remoteMcpClients)
    .where(unapproved)
    .orderBy(asc(remoteMcpClients.createdAt))
    .limit(1);
  return oldest?.createdAt ?? null;
}

// Authorization codes

export async function insertCode(db: Db, row: typeof remoteMcpCodes.$inferInsert): Promise<void> {
  await db.insert(remoteMcpCodes).values(row);
}

/** Marks the code used, atomically: null when there is no such code or it was used already. */
export async function claimCode(db: Db, codeHash: string, at: Date): Promise<CodeRow | null> {
  const [claimed] = await db
    .update(remoteMcpCodes)
    .set({ usedAt: at })
    .where(and(eq(remoteMcpCodes.codeHash, codeHash), isNull(remoteMcpCodes.usedAt)))
    .returning();
  return claimed ?? null;
}

export async function findCode(db: Db, codeHash: string): Promise<CodeRow | null> {
  const [row] = await db.select().from(remoteMcpCodes).where(eq(remoteMcpCodes.codeHash, codeHash));
  return row ?? null;
}

/** Remembers the grant the code's exchange created (to revoke it when the code comes again). */
export async function setCodeGrant(db: Db, codeHash: string, grantId: string): Promise<void> {
  await db.update(remoteMcpCodes).set({ grantId }).where(eq(remoteMcpCodes.codeHash, codeHash));
}

/** Marks the client's unused codes used, so none can be exchanged any more. */
export async function closeClientCodes(db: Db, clientId: string, at: Date): Promise<void> {
  await db
    .update(remoteMcpCodes)
    .set({ usedAt: at })
    .where(and(eq(remoteMcpCodes.clientId, clientId), isNull(remoteMcpCodes.usedAt)));
}

/** Deletes codes that expired before `before`; how many. */
export async function deleteCodesExpiredBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(remoteMcpCodes)
    .where(lt(remoteMcpCodes.expiresAt, before))
    .returning({ hash: remoteMcpCodes.codeHash });
  return rows.length;
}

// Tokens

export async function insertTokens(db: Db, rows: NewToken[]): Promise<void> {
  await db.insert(remoteMcpTokens).values(rows);
}

/** The token by its hash, of the given kind or of either. */
export async function findToken(db: Db, tokenHash: string, kind?: TokenRow["kind"]): Promise<TokenRow | null> {
  const byHash = eq(remoteMcpTokens.tokenHash, tokenHash);
  const [row] = await db
    .select()
    .from(remoteMcpTokens)
    .where(kind ? and(byHash, eq(remoteMcpTokens.kind, kind)) : byHash);
  return row ?? null;
}

/** Marks the refresh token used, atomically: null when it was used already. */
export async function claimToken(db: Db, tokenHash: string, at: Date): Promise<TokenRow | null> {
  const [claimed] = await db
    .update(remoteMcpTokens)
    .set({ usedAt: at })
    .where(and(eq(remoteMcpTokens.tokenHash, tokenHash), isNull(remoteMcpTokens.usedAt)))
    .returning();
  return claimed ?? null;
}

export async function revokeToken(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(remoteMcpTokens)
    .set({ revokedAt: at })
    .where(and(eq(remoteMcpTokens.tokenHash, tokenHash), isNull(remoteMcpTokens.revokedAt)));
}

/** Revokes the grant's live tokens: all of them, or only its access tokens. */
export async function revokeGrantTokens(db: Db, grantId: string, at: Date, only?: TokenRow["kind"]): Promise<void> {
  const live = and(eq(remoteMcpTokens.grantId, grantId), isNull(remoteMcpTokens.revokedAt));
  await db
    .update(remoteMcpTokens)
    .set({ revokedAt: at })
    .where(only ? and(live, eq(remoteMcpTokens.kind, only)) : live);
}

/** Revokes every live token of the client; how many. */
export async function revokeClientTokens(db: Db, clientId: string, at: Date): Promise<number> {
  const rows = await db
    .update(remoteMcpTokens)
    .set({ revokedAt: at })
    .where(and(eq(remoteMcpTokens.clientId, clientId), isNull(remoteMcpTokens.revokedAt)))
    .returning({ hash: remoteMcpTokens.tokenHash });
  return rows.length;
}

/** Deletes tokens that expired before `before`; how many. */
export async function deleteTokensExpiredBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(remoteMcpTokens)
    .where(lt(remoteMcpTokens.expiresAt, before))
    .returning({ hash: remoteMcpTokens.tokenHash });
  return rows.length;
}

/** Live tokens (an unexpired access token or an unused refresh token, neither revoked) with their clients. */
export function liveTokensWithClients(db: Db, now: Date): Promise<{ token: TokenRow; client: RemoteMcpClientRow }[]> {
  return db
    .select({ token: remoteMcpTokens, client: remoteMcpClients })
    .from(remoteMcpTokens)
    .innerJoin(remoteMcpClients, eq(remoteMcpClients.clientId, remoteMcpTokens.clientId))
    .where(
      and(
        isNull(remoteMcpTokens.revokedAt),
        gt(remoteMcpTokens.expiresAt, now),
        or(eq(remoteMcpTokens.kind, "access"), isNull(remoteMcpTokens.usedAt)),
      ),
    );
}
