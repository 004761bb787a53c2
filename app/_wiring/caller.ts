import "server-only";
import { getConfig } from "@/lib/server/config";
import type { PersonRecord } from "@/lib/server/people/directory";
import { livePerson } from "@/lib/server/people/session";
import type { ProxyCaller } from "@/lib/server/proxy";
import { sessionReader } from "@/lib/server/session";
import { peopleDirectory } from "./people";

/**
 * The person a request's session cookie names, checked against the directory at this request (gone, disabled, deleted
 * or a newer session epoch: null). For the proxy and the dashboard's JSON routes, which skip Auth.js's `auth()` (it
 * re-issues the cookie on every call): the cookie's decoding is remembered, the person's state never.
 */
export async function requestPerson(headers: Headers): Promise<PersonRecord | null> {
  const claims = await sessionReader(getConfig().authSecret)(headers);
  return claims ? livePerson(await peopleDirectory(), claims) : null;
}

/**
 * Who a proxied request acts for and with which credentials: with the embedded service, the server-held key and the
 * person as `x-atelier-acting-as` (the service then acts with that person's role); with a remote deployment, the
 * person's own key for it if they stored one (Settings → Account), else the server-held key, never the header.
 */
export async function proxyCaller(headers: Headers): Promise<ProxyCaller | null> {
  const person = await requestPerson(headers);
  if (!person) return null;
  const config = getConfig();
  const base = { personId: person.id, role: person.role };
  if (config.embedded || !config.serviceBaseUrl) return { ...base, apiKey: config.serviceApiKey, actingAs: person.id };
  const { upstreamKeyStore } = await import("@/lib/server/people/upstream-keys");
  const own = await (await upstreamKeyStore()).key(person.id, config.serviceBaseUrl);
  return { ...base, apiKey: own ?? config.serviceApiKey, actingAs: null };
}
