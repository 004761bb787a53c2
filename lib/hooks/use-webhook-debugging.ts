"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ServiceError } from "@/lib/api/errors";
import type { ReplayDeliveriesBody, WebhookEvent, WebhookEventTypeList } from "@/lib/api/schemas";
import { webhookKeys } from "./query-keys";
import { useInboxApi, useServiceClient } from "./service-clients";

/**
 * Debugging a webhook in place, over the embedded service's extensions (event catalog, test events, replay, secret
 * rotation). A deployment without one answers 404: `isUnsupported` tells the controls to step aside with a note.
 */

/** A 404 (or 501) from an extension endpoint: the deployment lacks it. */
export const isUnsupported = (error: unknown): boolean =>
  error instanceof ServiceError && (error.status === 404 || error.status === 501);

/** The event catalog; `unsupported` when the deployment has none. */
export function useHookEventTypes() {
  const client = useServiceClient();
  const query = useQuery<WebhookEventTypeList | { unsupported: true }>({
    queryKey: webhookKeys.eventTypes(),
    queryFn: async () => {
      try {
        return await client.listHookEventTypes();
      } catch (error) {
        if (isUnsupported(error)) return { unsupported: true };
        throw error;
      }
    },
    staleTime: Infinity,
  });
  const data = query.data;
  return {
    ...query,
    unsupported: data !== undefined && "unsupported" in data,
    items: data && "items" in data ? data.items : [],
  };
}

/** The deliveries listing changed: every loaded page and filter of this webhook is fetched again. */
function useRefreshDeliveries(hookId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(hookId) });
}

export function useSendTestEvent(hookId: string) {
  const client = useServiceClient();
  const refresh = useRefreshDeliveries(hookId);
  return useMutation({
    mutationFn: (event: WebhookEvent) => client.sendTestEvent(hookId, event),
    onSuccess: refresh,
  });
}

export function useReplayDeliveries(hookId: string) {
  const client = useServiceClient();
  const refresh = useRefreshDeliveries(hookId);
  return useMutation({
    mutationFn: (body: ReplayDeliveriesBody) => client.replayHookDeliveries(hookId, body),
    onSuccess: refresh,
  });
}

/**
 * Rotates the signing secret; `inboxId`: the webhook delivers to this dashboard's inbox, which is given the new
 * secret at once (it verifies the new signature from now on, so nothing fails after the 24-hour overlap).
 */
export function useRotateSecret(hookId: string) {
  const client = useServiceClient();
  const inboxApi = useInboxApi();
  return useMutation({
    mutationFn: async (inboxId: string | null) => {
      const rotated = await client.rotateHookSecret(hookId);
      if (inboxId) await inboxApi.attachSecret(inboxId, { secret: rotated.secret, webhookId: hookId });
      return rotated;
    },
  });
}
