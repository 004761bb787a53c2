import "server-only";
import { FIRST_ADMIN_ID } from "@/lib/api";
import { newId } from "../ids";
import type { PeopleContext } from "./context";
import { acceptInvitation, previewInvitation } from "./invitations";
import type { PersonRow } from "./schema";
import { hashPassword, passwordProblem, verifyPassword } from "./secrets";
import * as store from "./store";
import { PeopleError, type OidcClaims, type PeopleDirectory, type PersonRecord } from "./types";
import { personRecord } from "./views";

/** The in-process directory the dashboard signs people in with (PEOPLE-CONTRACT.md; docs/people.md). */
export function peopleDirectory(ctx: PeopleContext): PeopleDirectory {
  return {
    firstAdmin: async () => personRecord((await store.personById(ctx.db, FIRST_ADMIN_ID))!),
    verifyPassword: async (email, password) => {
      const row = await store.livePersonByEmail(ctx.db, email.trim().toLowerCase());
      // Checked even for an unknown email or a person without a password: every answer takes one scrypt.
      const ok = await verifyPassword(password, row?.passwordHash ?? null);
      return ok && row && !row.disabled ? personRecord(row) : null;
    },
    person: async (id) => {
      const row = await store.personById(ctx.db, id);
      return row ? personRecord(row) : null;
    },
    signInWithOidc: (claims) => signInWithOidc(ctx, claims),
    invitation: (token) => previewInvitation(ctx, token),
    acceptInvitation: (token, input) => acceptInvitation(ctx, token, input),
    setPassword: (personId, password) => setPassword(ctx, personId, password),
    recordAudit: (entry) => ctx.audit.record(entry),
  };
}

async function setPassword(ctx: PeopleContext, personId: string, password: string): Promise<PersonRecord> {
  if (personId === FIRST_ADMIN_ID)
    throw new PeopleError("invalid_input", "The first admin's password is the environment's (DASHBOARD_PASSWORD).");
  const problem = passwordProblem(password);
  if (problem) throw new PeopleError("invalid_input", problem);
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const row = await store.personById(tx, personId);
    if (!row || row.deletedAt) throw new PeopleError("not_found", "No such person.");
    const after = await store.updatePerson(tx, personId, { passwordHash }, ctx.now(), true);
    await ctx.audit.record({ actor: personId, action: "member.password_changed", target: personId, detail: {} }, tx);
    return personRecord(after!);
  });
}

const emailTaken = () => new PeopleError("email_taken", "Another person already has this email.");

/**
 * The person of an OIDC identity. Found by issuer + subject; else a person with the same email and no identity yet
 * is linked (never the first admin); else, when the identity's person was deleted, refused ("deleted": an admin
 * lets them back by adding a member with their email); else a new person. Role, name and email follow the claims at
 * every sign-in (a role change ends their other sessions).
 */
async function signInWithOidc(ctx: PeopleContext, claims: OidcClaims): Promise<PersonRecord> {
  const email = claims.email.trim().toLowerCase();
  const name = claims.name?.trim() || email.split("@")[0]!;
  const at = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      let row: PersonRow | null = await store.livePersonByOidc(tx, claims.issuer, claims.subject);
      if (!row) {
        const byEmail = await store.livePersonByEmail(tx, email);
        if (byEmail && (byEmail.id === FIRST_ADMIN_ID || byEmail.oidcSubject !== null)) throw emailTaken();
        if (byEmail) {
          row = (await store.updatePerson(
            tx,
            byEmail.id,
            { oidcIssuer: claims.issuer, oidcSubject: claims.subject },
            at,
            false,
          ))!;
        }
      }
      if (!row && (await store.deletedPersonByOidc(tx, claims.issuer, claims.subject)))
        throw new PeopleError("deleted", "This person was removed from this Atelier.");
      if (!row) {
        const created = await store.insertPerson(tx, {
          id: newId("user"),
          email,
          name,
          role: claims.role,
          oidcIssuer: claims.issuer,
          oidcSubject: claims.subject,
          createdAt: at,
          updatedAt: at,
        });
        await ctx.audit.record(
          {
            actor: null,
            action: "member.created",
            target: created.id,
            detail: { email, role: claims.role, via: "oidc" },
          },
          tx,
        );
        return personRecord(created);
      }
      if (row.disabled) throw new PeopleError("disabled", "This person is disabled.");
      if (email !== row.email && (await store.livePersonByEmail(tx, email))) throw emailTaken();
      const roleChanged = row.role !== claims.role;
      if (roleChanged || name !== row.name || email !== row.email) {
        const before = row.role;
        row = (await store.updatePerson(tx, row.id, { role: claims.role, name, email }, at, roleChanged))!;
        if (roleChanged)
          await ctx.audit.record(
            {
              actor: null,
              action: "member.role_changed",
              target: row.id,
              detail: { from: before, to: claims.role, via: "oidc" },
            },
            tx,
          );
      }
      return personRecord(row);
    });
  } catch (error) {
    if (store.isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
