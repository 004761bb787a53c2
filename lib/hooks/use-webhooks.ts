"use client";

import {
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from "@tanstack/react-query";
import { ServiceError } from "@/lib/api/errors";
import type { Inbox } from "@/lib/api/inbox";
import type { WebhookRead } from "@/lib/api/lenient";
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryFilter,
  type WebhookDeliveryList,
  type WebhookEvent,
} from "@/lib/api/schemas";
import { inboxKeys, webhookKeys } from "./query-keys";
import { useInboxApi, useServiceClient } from "./service-clients";

/**
 * Webhooks over the proxy (v2 /hooks) and the deliveries listing of the embedded service (an extension: a
 * real deployment may answer 404, then `useHookDeliveries` reports `unsupported`).
 */

/** The seven events of interface.md 6.1 with what causes them (lib/api's event catalog), in the order shown. */
export const WEBHOOK_EVENTS: ReadonlyArray<{ event: WebhookEvent; description: string }> = (
  [
    "chat.created",
    "chat.updated",
    "chat.deleted",
    "message.created",
    "message.updated",
    "message.finished",
    "message.deleted",
  ] as const
).map((event) => ({ event, description: WEBHOOK_EVENT_DESCRIPTIONS[event] }));

/** What "Deliver to this dashboard" subscribes to by default: everything but the frequent progress events. */
export const DASHBOARD_EVENTS: WebhookEvent[] = WEBHOOK_EVENTS.map((e) => e.event).filter(
  (e) => e !== "message.updated",
);

/** The webhooks, newest first, each with its settings (the list operation only gives id and name). */
export function useWebhookList() {
  const client = useServiceClient();
  const list = useQuery({ queryKey: webhookKeys.list(), queryFn: () => client.listHooks() });
  const items = list.data?.items ?? [];
  const details = useQueries({
    queries: items.map((item) => ({ queryKey: webhookKeys.hook(item.id), queryFn: () => client.getHook(item.id) })),
  });
  const hooks = items.map((item, i) => ({ ...item, hook: details[i]?.data ?? null, error: details[i]?.error ?? null }));
  return { ...list, hooks };
}

export function useWebhook(hookId: string) {
  const client = useServiceClient();
  return useQuery({ queryKey: webhookKeys.hook(hookId), queryFn: () => client.getHook(hookId) });
}

export function useCreateWebhook() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => client.createHook(body),
    onSuccess: (created) => {
      queryClient.setQueryData(webhookKeys.hook(created.id), withoutSecret(created));
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

export function useUpdateWebhook() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hookId, body }: { hookId: string; body: UpdateWebhookBody }) => client.updateHook(hookId, body),
    onSuccess: (hook) => {
      queryClient.setQueryData(webhookKeys.hook(hook.id), hook);
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

export function useDeleteWebhook() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hookId: string) => client.deleteHook(hookId),
    onSuccess: (_r, hookId) => {
      queryClient.removeQueries({ queryKey: webhookKeys.hook(hookId), exact: true });
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(hookId) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

/** One page of the deliveries listing; `unsupported`: the upstream has none (404 although the webhook exists). */
type DeliveriesPage = { unsupported: true } | ({ unsupported: false } & WebhookDeliveryList);

/** Deliveries shown per page on the webhook page. */
const DELIVERIES_PAGE_SIZE = 50;

/**
 * A webhook's deliveries with their attempts, newest first, a page at a time ("Show older" loads the next); every
 * loaded page is refreshed together (every 2 s while one is pending, else 10 s), so no delivery falls between pages.
 */
export function useHookDeliveries(
  hookId: string,
  opts: { enabled?: boolean; pageSize?: number; filter?: WebhookDeliveryFilter } = {},
) {
  const client = useServiceClient();
  const pageSize = opts.pageSize ?? DELIVERIES_PAGE_SIZE;
  const query = useInfiniteQuery<
    DeliveriesPage,
    Error,
    InfiniteData<DeliveriesPage, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: [...webhookKeys.deliveries(hookId), pageSize, opts.filter ?? {}],
    initialPageParam: null,
    queryFn: async ({ pageParam }) => {
      try {
        const page = await client.listHookDeliveries(hookId, {
          limit: pageSize,
          ...opts.filter,
          ...(pageParam ? { cursor: pageParam } : {}),
        });
        return { unsupported: false, ...page };
      } catch (error) {
        if (error instanceof ServiceError && (error.status === 404 || error.status === 501))
          return { unsupported: true };
        throw error;
      }
    },
    getNextPageParam: (last) => (last.unsupported ? undefined : (last.cursor ?? undefined)),
    enabled: opts.enabled ?? true,
    refetchInterval: (q) => {
      const pages = q.state.data?.pages ?? [];
      if (!pages.length || pages[0]!.unsupported) return false;
      return pages.some((p) => !p.unsupported && p.deliveries.some((d) => d.status === "pending")) ? 2_000 : 10_000;
    },
  });
  const pages = query.data?.pages ?? [];
  const unsupported = pages[0]?.unsupported === true;
  // Pages refetched one after another can overlap by a delivery or two when new ones arrive meanwhile.
  const seen = new Set<string>();
  const deliveries: WebhookDelivery[] = [];
  for (const page of pages) {
    if (page.unsupported) continue;
    for (const d of page.deliveries) {
      if (seen.has(d.id)) continue;
      seen.add(d.id);
      deliveries.push(d);
    }
  }
  return { ...query, unsupported, deliveries };
}

export function useResendDelivery(hookId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => client.resendHookDelivery(hookId, deliveryId),
    onSuccess: (delivery) => {
      queryClient.setQueriesData<InfiniteData<DeliveriesPage, string | null>>(
        { queryKey: webhookKeys.deliveries(hookId) },
        (old) =>
          old
            ? {
                ...old,
                pages: old.pages.map((p) =>
                  p.unsupported ? p : { ...p, deliveries: replaceDelivery(p.deliveries, delivery) },
                ),
              }
            : old,
      );
    },
  });
}

function replaceDelivery(list: readonly WebhookDelivery[], delivery: WebhookDelivery): WebhookDelivery[] {
  return list.map((d) => (d.id === delivery.id ? delivery : d));
}

function withoutSecret(created: WebhookRead): Webhook {
  const { secret: _secret, ...hook } = created;
  return hook;
}

export interface DeliverToDashboardInput {
  name: string;
  events: WebhookEvent[];
  chatId?: string | null;
}

interface DeliverToDashboardResult {
  inbox: Inbox;
  hook: Webhook;
}

/**
 * "Deliver to this dashboard": creates an inbox, a webhook whose url is the inbox's receiver, and hands the
 * webhook's one-time secret to the inbox so it verifies the signatures (or, when the service reveals none, marks the
 * inbox as receiving unverified deliveries). If the webhook cannot be created the
 * new inbox is removed again; if the secret cannot be attached the webhook is removed (it could never be
 * verified) — nothing half-made is left behind.
 */
export function useDeliverToDashboard() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  const inboxApi = useInboxApi();
  return useMutation({
    mutationFn: async (input: DeliverToDashboardInput): Promise<DeliverToDashboardResult> => {
      const inbox = await inboxApi.create(input.name);
      let created: WebhookRead;
      try {
        created = await client.createHook({
          name: input.name,
          url: inbox.url,
          events: input.events,
          chatId: input.chatId ?? null,
        });
      } catch (error) {
        await inboxApi.remove(inbox.id).catch(() => {});
        throw error;
      }
      try {
        // A service that reveals no signing secret (the real service's document): the inbox keeps what arrives, unverified.
        const attached = await inboxApi.attachSecret(
          inbox.id,
          created.secret
            ? { secret: created.secret, webhookId: created.id }
            : { unsigned: true, webhookId: created.id },
        );
        return { inbox: attached, hook: withoutSecret(created) };
      } catch (error) {
        await client.deleteHook(created.id).catch(() => {});
        await inboxApi.remove(inbox.id).catch(() => {});
        throw error;
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
        queryClient.invalidateQueries({ queryKey: inboxKeys.all() }),
      ]),
  });
}
