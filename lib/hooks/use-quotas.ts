"use client";

import { useQuery } from "@tanstack/react-query";
import { ServiceError } from "@/lib/api/errors";
import { queryKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

/** A service without GET /v2/quotas (it is the embedded service's extension) answers 404 or 405. */
export const isQuotasUnsupported = (error: unknown): boolean =>
  error instanceof ServiceError && (error.status === 404 || error.status === 405);

/** The service's daily quotas and today's use, refreshed every minute while shown. */
export function useQuotas() {
  const client = useServiceClient();
  return useQuery({
    queryKey: queryKeys.quotas(),
    queryFn: () => client.quotas(),
    refetchInterval: 60_000,
    retry: (count, error) => !isQuotasUnsupported(error) && count < 2,
  });
}
