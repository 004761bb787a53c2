"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createServiceClient, type ServiceClient } from "@/lib/api/client";
import { createServiceClientV1, type ServiceClientV1 } from "@/lib/api/client-v1";
import { createInboxApi, type InboxApi } from "@/lib/api/inbox-client";

/** The browser's only door to the service is the dashboard's proxy. */
const SERVICE_PROXY_BASE = "/api/service";

/** Every client the dashboard's hooks use: the service's v2 and v1 interfaces and the dashboard's own inbox. */
interface ServiceClients {
  v2: ServiceClient;
  /** Versions and file locks live in v1 (docs/wire-decisions.md 6); projects too. */
  v1: ServiceClientV1;
  inbox: InboxApi;
}

let defaults: ServiceClients | null = null;

/** The browser's clients: the service over the proxy (no key: the server holds it), the inbox over its routes. */
function defaultClients(): ServiceClients {
  return (defaults ??= {
    v2: createServiceClient({ baseUrl: SERVICE_PROXY_BASE }),
    v1: createServiceClientV1({ baseUrl: SERVICE_PROXY_BASE }),
    inbox: createInboxApi(),
  });
}

const ServiceClientsContext = createContext<Partial<ServiceClients> | null>(null);

/**
 * Overrides some or all of the clients (tests, or clients with another transport); the others come from an
 * enclosing provider, else the defaults.
 */
export function ServiceClientsProvider({ children, ...clients }: Partial<ServiceClients> & { children: ReactNode }) {
  const outer = useContext(ServiceClientsContext);
  const v2 = clients.v2 ?? outer?.v2;
  const v1 = clients.v1 ?? outer?.v1;
  const inbox = clients.inbox ?? outer?.inbox;
  const value = useMemo(() => ({ v2, v1, inbox }), [v2, v1, inbox]);
  return <ServiceClientsContext.Provider value={value}>{children}</ServiceClientsContext.Provider>;
}

function useClient<K extends keyof ServiceClients>(key: K): ServiceClients[K] {
  return useContext(ServiceClientsContext)?.[key] ?? defaultClients()[key];
}

export const useServiceClient = (): ServiceClient => useClient("v2");
export const useServiceClientV1 = (): ServiceClientV1 => useClient("v1");
export const useInboxApi = (): InboxApi => useClient("inbox");
