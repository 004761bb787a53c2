import "server-only";
import { FIRST_ADMIN_ID, type CreateMemberBody, type Member, type Role, type UpdateMemberBody } from "@/lib/api";
import { HttpError } from "../errors";
import { newId } from "../ids";
import type { PeopleContext } from "./context";
import type { PersonRow } from "./schema";
import * as store from "./store";
import type { Caller } from "./types";
import { memberView } from "./views";

/** Team members over the API (admin routes; the router checked the role). */

/** The first admin's email (today's v1 user's): `.invalid`, so no OIDC provider can ever claim it. */
const FIRST_ADMIN_EMAIL = "embedded@atelier.invalid";
/** The first admin's name when DASHBOARD_USERNAME is not given (the v1 user's name before people existed). */
export const FIRST_ADMIN_DEFAULT_NAME = "Embedded service user";
/** The first admin's creation time: the v1 user's `createdAt` before people existed (nothing changes for them). */
const FIRST_ADMIN_CREATED_AT = new Date("2025-01-01T00:00:00.000Z");

/** Creates the first admin if absent, and keeps its name the environment's. */
export async function ensureFirstAdmin(ctx: PeopleContext, name: string): Promise<void> {
  const inserted = await store.insertPersonIfAbsent(ctx.db, {
    id: FIRST_ADMIN_ID,
    email: FIRST_ADMIN_EMAIL,
    name,
    role: "admin",
    createdAt: FIRST_ADMIN_CREATED_AT,
    updatedAt: ctx.now(),
  });
  if (inserted) return;
  const row = await store.personById(ctx.db, FIRST_ADMIN_ID);
  if (row && row.name !== name) await store.updatePerson(ctx.db, FIRST_ADMIN_ID, { name }, ctx.now(), false);
}

/** 404 for an unknown or deleted member; `field` names the body field that named them. */
const memberNotFound = (id: string, field?: string) =>
  new HttpError(404, `${field ? `${field}: ` : ""}Member ${id.slice(0, 100)} not found`, "member_not_found");

export const emailTaken = () => new HttpError(409, "A person with this email already exists.", "email_taken");

const firstAdminProtected = (what: string) =>
  new HttpError(
    409,
    `The first admin (the environment's account, the break-glass login) cannot be ${what}: there must always be an admin.`,
    "first_admin_protected",
  );

/** A person not deleted, or 404 (naming `field`, the body field that named them). */
export async function liveMember(ctx: PeopleContext, id: string, field?: string): Promise<PersonRow> {
  const row = await store.personById(ctx.db, id);
  if (!row || row.deletedAt) throw memberNotFound(id, field);
  return row;
}

export async function listMembers(ctx: PeopleContext): Promise<Member[]> {
  return (await store.livePeople(ctx.db)).map(memberView);
}

export async function createMember(ctx: PeopleContext, caller: Caller, body: CreateMemberBody): Promise<Member> {
  const email = body.email;
  const at = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      if (await store.livePersonByEmail(tx, email)) throw emailTaken();
      const row = await store.insertPerson(tx, {
        id: newId("user"),
        email,
        name: body.name ?? email.split("@")[0]!,
        role: body.role as Role,
        createdAt: at,
        updatedAt: at,
      });
      await ctx.audit.record(
        { actor: caller.personId, action: "member.created", target: row.id, detail: { email, role: row.role } },
        tx,
      );
      return memberView(row);
    });
  } catch (error) {
    if (store.isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function updateMember(
  ctx: PeopleContext,
  caller: Caller,
  id: string,
  body: UpdateMemberBody,
): Promise<Member> {
  return ctx.db.transaction(async (tx) => {
    const before = await liveMember({ ...ctx, db: tx }, id);
    const role = body.role !== undefined && body.role !== before.role ? (body.role as Role) : undefined;
    const disabled = body.disabled !== undefined && body.disabled !== before.disabled ? body.disabled : undefined;
    if (id === FIRST_ADMIN_ID && role !== undefined) throw firstAdminProtected("demoted");
    if (id === FIRST_ADMIN_ID && disabled) throw firstAdminProtected("disabled");
    if (role === undefined && disabled === undefined) return memberView(before);
    const after = await store.updatePerson(tx, id, { role, disabled }, ctx.now(), true);
    if (role !== undefined)
      await ctx.audit.record(
        { actor: caller.personId, action: "member.role_changed", target: id, detail: { from: before.role, to: role } },
        tx,
      );
    if (disabled !== undefined)
      await ctx.audit.record(
        { actor: caller.personId, action: disabled ? "member.disabled" : "member.enabled", target: id, detail: {} },
        tx,
      );
    return memberView(after!);
  });
}

/** Soft delete: the person's chats stay theirs; their keys go; they no longer sign in or appear in lists. */
export async function deleteMember(ctx: PeopleContext, caller: Caller, id: string): Promise<void> {
  if (id === FIRST_ADMIN_ID) throw firstAdminProtected("deleted");
  await ctx.db.transaction(async (tx) => {
    const before = await liveMember({ ...ctx, db: tx }, id);
    await store.updatePerson(tx, id, { deletedAt: ctx.now() }, ctx.now(), true);
    await store.deleteApiKeysOf(tx, id);
    await ctx.audit.record(
      { actor: caller.personId, action: "member.deleted", target: id, detail: { email: before.email } },
      tx,
    );
  });
}

/** Hands every chat authored by `id` (deleted or not) to a person not deleted; how many. */
export async function transferChats(ctx: PeopleContext, caller: Caller, id: string, toId: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const from = await store.personById(tx, id);
    if (!from) throw memberNotFound(id);
    await liveMember({ ...ctx, db: tx }, toId, "toMemberId");
    const transferred = id === toId ? 0 : await store.transferChats(tx, id, toId);
    await ctx.audit.record(
      {
        actor: caller.personId,
        action: "member.chats_transferred",
        target: id,
        detail: { toMemberId: toId, transferred },
      },
      tx,
    );
    return transferred;
  });
}
