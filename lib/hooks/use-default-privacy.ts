"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ServiceError } from "@/lib/api/errors";
import type { DefaultPrivacy, Privacy } from "@/lib/api/schemas";
import { queryKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

/** A service without the team default (it is the embedded service's extension) answers 404 or 405. */
const isDefaultPrivacyUnsupported = (error: unknown): boolean =>
  error instanceof ServiceError && (error.status === 404 || error.status === 405);

/** The team's default privacy for new chats (every person reads it: Settings and the new-chat form show it). */
export function useDefaultPrivacy() {
  const client = useServiceClient();
  const query = useQuery({
    queryKey: queryKeys.defaultPrivacy(),
    queryFn: () => client.defaultPrivacy(),
    retry: (count, error) => !isDefaultPrivacyUnsupported(error) && count < 2,
  });
  return { ...query, privacy: query.data?.privacy, unsupported: isDefaultPrivacyUnsupported(query.error) };
}

/** Sets the team's default privacy (admins; audited by the service); the answer becomes the cached value. */
export function useSetDefaultPrivacy() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (privacy: Privacy) => client.setDefaultPrivacy({ privacy }),
    onSuccess: (answer: DefaultPrivacy) => queryClient.setQueryData(queryKeys.defaultPrivacy(), answer),
  });
}
