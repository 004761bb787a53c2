import "server-only";
import { getConfig } from "@/lib/server/config";
import type { PersonRecord } from "@/lib/server/people/directory";
import { proxyCallerFrom, requestPersonFrom, type CallerDeps } from "@/lib/server/people/proxy-caller";
import type { ProxyCaller } from "@/lib/server/proxy";
import { sessionReader } from "@/lib/server/session";
import { peopleDirectory } from "./people";

/** The remote deployment's base URL; null: the embedded service. */
function remoteBaseUrl(): string | null {
  const config = getConfig();
  return config.embedded ? null : config.serviceBaseUrl;
}

function callerDeps(): CallerDeps {
  const config = getConfig();
  const baseUrl = remoteBaseUrl();
  return {
    readSession: sessionReader(config.authSecret),
    directory: peopleDirectory,
    serverKey: config.serviceApiKey,
    remote: baseUrl
      ? {
          ownKey: async (personId) => {
            const { upstreamKeyStore } = await import("@/lib/server/people/upstream-keys");
            return (await upstreamKeyStore()).key(personId, baseUrl);
          },
        }
      : null,
  };
}

/**
 * The person a request's session cookie names, checked against the directory at this request (gone, disabled, deleted
 * or a newer session epoch: null). For the proxy and the dashboard's JSON routes, which skip Auth.js's `auth()` (it
 * re-issues the cookie on every call).
 */
export function requestPerson(headers: Headers): Promise<PersonRecord | null> {
  return requestPersonFrom(callerDeps(), headers);
}

/** The proxy's caller: the person and the credentials their request goes upstream with (lib/server/people/proxy-caller.ts). */
export function proxyCaller(headers: Headers): Promise<ProxyCaller | null> {
  return proxyCallerFrom(callerDeps(), headers);
}

/**
 * The person's id as the service knows them (what its chats' `authorId` names), when the dashboard knows it: with the
 * embedded service the proxy acts as the person (`x-atelier-acting-as`), so it is their id; a remote deployment's ids
 * are not Atelier's people's (null).
 */
export function serviceIdOf(person: Pick<PersonRecord, "id">): string | null {
  return remoteBaseUrl() ? null : person.id;
}
