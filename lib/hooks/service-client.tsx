"use client";

import { createContext, useContext, type ReactNode } from "react";
import { createServiceClient, type ServiceClient } from "@/lib/api/client";

/** The browser's only door to the service is the dashboard's proxy. */
export const SERVICE_PROXY_BASE = "/api/service";

let defaultClient: ServiceClient | null = null;

export function getDefaultServiceClient(): ServiceClient {
  return (defaultClient ??= createServiceClient({ baseUrl: SERVICE_PROXY_BASE }));
}

const ServiceClientContext = createContext<ServiceClient | null>(null);

/** Overrides the client (tests, or a client with another fetch). Without it hooks use the proxy client. */
export function ServiceClientProvider({ client, children }: { client: ServiceClient; children: ReactNode }) {
  return <ServiceClientContext.Provider value={client}>{children}</ServiceClientContext.Provider>;
}

export function useServiceClient(): ServiceClient {
  return useContext(ServiceClientContext) ?? getDefaultServiceClient();
}
