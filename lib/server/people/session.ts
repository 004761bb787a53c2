import "server-only";
import type { SessionClaims } from "../session";
import type { PeopleDirectory, PersonRecord } from "./directory";

/**
 * The session check of every request (pages, the proxy, server actions, routes): the person the session names, as
 * stored now, or null when they are gone, deleted, disabled, or their session epoch moved on (the service bumps it
 * on disable, role change, password change and delete): such a session is signed out, open or not. The role used
 * afterwards is the stored one, never the one the session was opened with.
 */
export async function livePerson(directory: PeopleDirectory, claims: SessionClaims): Promise<PersonRecord | null> {
  const person = await directory.person(claims.personId);
  if (!person || person.deleted || person.disabled || person.sessionEpoch !== claims.sessionEpoch) return null;
  return person;
}
