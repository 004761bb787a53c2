import "server-only";
import type { ProxyCaller } from "../proxy";
import type { SessionClaims } from "../session";
import type { PeopleDirectory, PersonRecord } from "./directory";
import { livePerson } from "./session";

export interface CallerDeps {
  /** The session cookie's claims (lib/server/session.ts: decoding remembered, never the person's state). */
  readSession: (headers: Headers) => Promise<SessionClaims | null>;
  directory: () => Promise<PeopleDirectory>;
  /** SERVICE_API_KEY. */
  serverKey: string;
  /** A remote deployment (SERVICE_BASE_URL): the person's own key for it, if they stored one; null: the embedded service. */
  remote: { ownKey(personId: string): Promise<string | null> } | null;
}

/** The person a request's session cookie names, checked against the directory at this request. */
export async function requestPersonFrom(
  deps: Pick<CallerDeps, "readSession" | "directory">,
  headers: Headers,
): Promise<PersonRecord | null> {
  const claims = await deps.readSession(headers);
  return claims ? livePerson(await deps.directory(), claims) : null;
}

/**
 * Who a proxied request acts for and with which credentials: with the embedded service, the server-held key and the
 * person as `x-atelier-acting-as` (the service then acts with that person's role); with a remote deployment, the
 * person's own key for it if they stored one (Settings → Account), else the server-held key, never the header.
 */
export async function proxyCallerFrom(deps: CallerDeps, headers: Headers): Promise<ProxyCaller | null> {
  const person = await requestPersonFrom(deps, headers);
  if (!person) return null;
  const base = { personId: person.id, role: person.role };
  if (!deps.remote) return { ...base, apiKey: deps.serverKey, actingAs: person.id };
  const own = await deps.remote.ownKey(person.id);
  return { ...base, apiKey: own ?? deps.serverKey, actingAs: null };
}
