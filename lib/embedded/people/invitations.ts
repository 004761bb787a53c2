import "server-only";
import {
  PERSON_NAME_MAX,
  type CreateInvitationBody,
  type Invitation,
  type InvitationCreated,
  type Role,
} from "@/lib/api";
import { HttpError } from "../errors";
import { newId } from "../ids";
import type { PeopleContext } from "./context";
import { emailTaken } from "./members";
import { hashPassword, newToken, passwordProblem, sha256Hex } from "./secrets";
import * as store from "./store";
import { PeopleError, type Caller, type InvitationPreview, type PersonRecord } from "./types";
import { invitationView, personRecord } from "./views";

/** Invitations (docs/people.md): a one-time link valid 7 days; its token stored as a SHA-256 only. */

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function createInvitation(
  ctx: PeopleContext,
  caller: Caller,
  body: CreateInvitationBody,
): Promise<InvitationCreated> {
  const email = body.email;
  const { token, hash } = newToken();
  const at = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    if (await store.livePersonByEmail(tx, email)) throw emailTaken();
    // A new invitation for the same email replaces the pending one (its link stops working).
    for (const replaced of await store.revokePendingInvitationsFor(tx, email, at))
      await ctx.audit.record(
        { actor: caller.personId, action: "invitation.revoked", target: replaced, detail: { email, replaced: true } },
        tx,
      );
    const created = await store.insertInvitation(tx, {
      id: newId("inv"),
      tokenHash: hash,
      email,
      role: body.role as Role,
      invitedBy: caller.personId,
      createdAt: at,
      expiresAt: new Date(at.getTime() + INVITATION_TTL_MS),
    });
    await ctx.audit.record(
      {
        actor: caller.personId,
        action: "invitation.created",
        target: created.id,
        detail: { email, role: created.role },
      },
      tx,
    );
    return created;
  });
  return { ...invitationView(row), url: ctx.invitationUrl(token) };
}

export async function listInvitations(ctx: PeopleContext): Promise<Invitation[]> {
  return (await store.pendingInvitations(ctx.db, ctx.now())).map(invitationView);
}

export async function revokeInvitation(ctx: PeopleContext, caller: Caller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await store.revokeInvitation(tx, id, ctx.now());
    if (!row) throw new HttpError(404, `Invitation ${id.slice(0, 100)} not found`, "invitation_not_found");
    await ctx.audit.record(
      { actor: caller.personId, action: "invitation.revoked", target: id, detail: { email: row.email } },
      tx,
    );
  });
}

/** A token's invitation, pending only (not used, revoked or expired). */
export async function previewInvitation(ctx: PeopleContext, token: string): Promise<InvitationPreview | null> {
  const row = await store.pendingInvitationByHash(ctx.db, sha256Hex(token), ctx.now());
  if (!row) return null;
  const names = await store.namesOf(ctx.db, [row.invitedBy]);
  return {
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    invitedBy: names.get(row.invitedBy) ?? null,
  };
}

const invalidInvitation = () =>
  new PeopleError("invitation_invalid", "This invitation link is not valid: it was used, revoked or has expired.");

/** Creates the invited person with a name and password; the token is used up in the same transaction. */
export async function acceptInvitation(
  ctx: PeopleContext,
  token: string,
  input: { name: string; password: string },
): Promise<PersonRecord> {
  const name = input.name.trim();
  if (!name || name.length > PERSON_NAME_MAX)
    throw new PeopleError("invalid_input", `Give a name of 1 to ${PERSON_NAME_MAX} characters.`);
  const problem = passwordProblem(input.password);
  if (problem) throw new PeopleError("invalid_input", problem);
  // Looked up first so that a wrong token costs no scrypt.
  if (!(await previewInvitation(ctx, token))) throw invalidInvitation();
  const passwordHash = await hashPassword(input.password);
  const at = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const invitation = await store.pendingInvitationByHash(tx, sha256Hex(token), at);
      if (!invitation) throw invalidInvitation();
      if (await store.livePersonByEmail(tx, invitation.email))
        throw new PeopleError("email_taken", "A person with this email already exists.");
      const person = await store.insertPerson(tx, {
        id: newId("user"),
        email: invitation.email,
        name,
        role: invitation.role,
        passwordHash,
        createdAt: at,
        updatedAt: at,
      });
      if (!(await store.markInvitationAccepted(tx, invitation.id, person.id, at))) throw invalidInvitation();
      await ctx.audit.record(
        {
          actor: person.id,
          action: "invitation.accepted",
          target: invitation.id,
          detail: { email: invitation.email, role: invitation.role },
        },
        tx,
      );
      return personRecord(person);
    });
  } catch (error) {
    // Two acceptances at once: the second meets the first's person (its email) or its used token.
    if (store.isUniqueViolation(error)) throw invalidInvitation();
    throw error;
  }
}
