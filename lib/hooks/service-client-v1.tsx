"use client";

import { createContext, useContext, type ReactNode } from "react";
import { createServiceClientV1, type ServiceClientV1 } from "@/lib/api/client-v1";
import { SERVICE_PROXY_BASE } from "./service-client";

let defaultClient: ServiceClientV1 | null = null;

/** The v1 client over the dashboard's proxy (versions and file locks live in v1, wire-decisions.md 6). */
export function getDefaultServiceClientV1(): ServiceClientV1 {
  return (defaultClient ??= createServiceClientV1({ baseUrl: SERVICE_PROXY_BASE }));
}

const ServiceClientV1Context = createContext<ServiceClientV1 | null>(null);

/** Overrides the v1 client (tests). Without it hooks use the proxy client. */
export function ServiceClientV1Provider({ client, children }: { client: ServiceClientV1; children: ReactNode }) {
  return <ServiceClientV1Context.Provider value={client}>{children}</ServiceClientV1Context.Provider>;
}

export function useServiceClientV1(): ServiceClientV1 {
  return useContext(ServiceClientV1Context) ?? getDefaultServiceClientV1();
}
