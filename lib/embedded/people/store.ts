import "server-only";
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../store/db";
import { chats } from "../store/schema";
import {
  apiKeys,
  auditLog,
  invitations,
  people,
  type ApiKeyRow,
  type AuditRow,
  type InvitationRow,
  type PersonRow,
} from "./schema";

/** Queries of the people feature (docs/people.md); each takes a database or a transaction. */

// ----- people -----

export async function personById(db: Db, id: string): Promise<PersonRow | null> {
  const [row] = await db.select().from(people).where(eq(people.id, id));
  return row ?? null;
}

/** The person not deleted with this (lowercase) email. */
export async function livePersonByEmail(db: Db, email: string): Promise<PersonRow | null> {
  const [row] = await db
    .select()
    .from(people)
    .where(and(eq(people.email, email), isNull(people.deletedAt)));
  return row ?? null;
}

export async function livePersonByOidc(db: Db, issuer: string, subject: string): Promise<PersonRow | null> {
  const [row] = await db
    .select()
    .from(people)
    .where(and(eq(people.oidcIssuer, issuer), eq(people.oidcSubject, subject), isNull(people.deletedAt)));
  return row ?? null;
}

/** Whether a deleted person had this OIDC identity. */
export async function deletedPersonByOidc(db: Db, issuer: string, subject: string): Promise<boolean> {
  const [row] = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.oidcIssuer, issuer), eq(people.oidcSubject, subject), isNotNull(people.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** The people not deleted, oldest first. */
export function livePeople(db: Db): Promise<PersonRow[]> {
  return db.select().from(people).where(isNull(people.deletedAt)).orderBy(asc(people.createdAt), asc(people.id));
}

export async function insertPerson(db: Db, row: typeof people.$inferInsert): Promise<PersonRow> {
  const [created] = await db.insert(people).values(row).returning();
  return created!;
}

/** Inserts the row unless a person with its id exists; true when inserted. */
export async function insertPersonIfAbsent(db: Db, row: typeof people.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(people).values(row).onConflictDoNothing({ target: people.id }).returning();
  return inserted.length > 0;
}

type PersonChange = Partial<
  Pick<PersonRow, "email" | "name" | "role" | "disabled" | "passwordHash" | "oidcIssuer" | "oidcSubject" | "deletedAt">
>;

/** Changes a person; `bumpEpoch` ends their sessions. */
export async function updatePerson(
  db: Db,
  id: string,
  change: PersonChange,
  at: Date,
  bumpEpoch: boolean,
): Promise<PersonRow | null> {
  const [row] = await db
    .update(people)
    .set({ ...change, updatedAt: at, ...(bumpEpoch ? { sessionEpoch: sql`${people.sessionEpoch} + 1` } : {}) })
    .where(eq(people.id, id))
    .returning();
  return row ?? null;
}

/** Names of these people, deleted ones included. */
export async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: people.id, name: people.name })
    .from(people)
    .where(sql`${people.id} in ${[...new Set(ids)]}`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Hands every chat authored by `from` to `to`; how many. */
export async function transferChats(db: Db, from: string, to: string): Promise<number> {
  const moved = await db
    .update(chats)
    .set({ authorId: to })
    .where(eq(chats.authorId, from))
    .returning({ id: chats.id });
  return moved.length;
}

// ----- API keys -----

export async function insertApiKey(db: Db, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [created] = await db.insert(apiKeys).values(row).returning();
  return created!;
}

export async function apiKeyById(db: Db, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row ?? null;
}

/** The key with this public lookup part (not a secret: the hash is compared after). */
export async function apiKeyByLookup(db: Db, lookup: string): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.lookup, lookup));
  return row ?? null;
}

/** Keys of one person, or everyone's (null), newest first. */
export function apiKeysOf(db: Db, personId: string | null): Promise<ApiKeyRow[]> {
  const q = db.select().from(apiKeys);
  return (personId === null ? q : q.where(eq(apiKeys.personId, personId))).orderBy(
    desc(apiKeys.createdAt),
    desc(apiKeys.id),
  );
}

export async function replaceApiKeySecret(
  db: Db,
  id: string,
  lookup: string,
  keyHash: string,
): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ lookup, keyHash, lastUsedAt: null })
    .where(eq(apiKeys.id, id))
    .returning();
  return row ?? null;
}

export async function deleteApiKey(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(apiKeys).where(eq(apiKeys.id, id)).returning({ id: apiKeys.id });
  return deleted.length > 0;
}

export async function deleteApiKeysOf(db: Db, personId: string): Promise<void> {
  await db.delete(apiKeys).where(eq(apiKeys.personId, personId));
}

/** Marks the key used, unless it was within the last `everyMs`. */
export async function touchApiKey(db: Db, id: string, at: Date, everyMs: number): Promise<void> {
  const since = new Date(at.getTime() - everyMs);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${since})`));
}

// ----- invitations -----

export async function insertInvitation(db: Db, row: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [created] = await db.insert(invitations).values(row).returning();
  return created!;
}

const pending = (now: Date) =>
  and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/** The pending invitations (not accepted, revoked or expired), newest first. */
export function pendingInvitations(db: Db, now: Date): Promise<InvitationRow[]> {
  return db.select().from(invitations).where(pending(now)).orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** The pending invitation of this token hash. */
export async function pendingInvitationByHash(db: Db, tokenHash: string, now: Date): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, tokenHash), pending(now)));
  return row ?? null;
}

/** Revokes the pending invitations of an email (a new one replaces them); their ids. */
export async function revokePendingInvitationsFor(db: Db, email: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.email, email), pending(now)))
    .returning({ id: invitations.id });
  return rows.map((r) => r.id);
}

/** Revokes one pending invitation; false when it is not pending. */
export async function revokeInvitation(db: Db, id: string, now: Date): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), pending(now)))
    .returning();
  return row ?? null;
}

/** Uses the invitation up, once: false when another acceptance (or a revocation) came first. */
export async function markInvitationAccepted(db: Db, id: string, personId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: personId })
    .where(and(eq(invitations.id, id), pending(now)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

// ----- audit log -----

export async function insertAudit(db: Db, row: Omit<typeof auditLog.$inferInsert, "seq">): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter {
  action?: string;
  actor?: string;
}

/** A page of entries, newest first, below `beforeSeq`; `limit + 1` rows (the extra one says there is more). */
export function auditPage(
  db: Db,
  opts: AuditFilter & { limit: number; beforeSeq?: number; since: Date },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        gt(auditLog.at, opts.since),
        opts.beforeSeq === undefined ? undefined : lt(auditLog.seq, opts.beforeSeq),
        opts.action === undefined ? undefined : eq(auditLog.action, opts.action),
        opts.actor === undefined ? undefined : eq(auditLog.actor, opts.actor),
      ),
    )
    .orderBy(desc(auditLog.seq))
    .limit(opts.limit + 1);
}

/** Deletes the entries at or before `before`; how many. */
export async function pruneAudit(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(auditLog).where(lte(auditLog.at, before)).returning({ id: auditLog.id });
  return rows.length;
}

/** Whether the error is a unique-index violation (two writers raced for one email, one key lookup). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
