"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { InboxDelivery } from "@/lib/api/inbox";
import { inboxKeys } from "./query-keys";
import { useInboxApi } from "./service-clients";

/** The dashboard's own webhook inbox (docs/dashboard.md "Webhook inbox"): queries and mutations over lib/api/inbox-client. */

/** How often the inbox page asks for new deliveries when its event stream is not connected. */
const INBOX_POLL_MS = 1_500;
/** While the event stream is live, a slow poll still catches deliveries stored by another server process. */
const INBOX_BACKUP_POLL_MS = 15_000;
/** Deliveries kept in memory per inbox page. */
const KEEP = 500;

export function useInboxes() {
  const api = useInboxApi();
  const query = useQuery({ queryKey: inboxKeys.all(), queryFn: () => api.list() });
  return { ...query, inboxes: query.data?.inboxes ?? [] };
}

export function useInbox(id: string) {
  const api = useInboxApi();
  return useQuery({ queryKey: inboxKeys.inbox(id), queryFn: () => api.get(id) });
}

/**
 * An inbox's deliveries, live: the server's event stream announces each new delivery and the page then asks for
 * those after the newest one held, putting them in front (newest first). Without the stream (not connected yet,
 * dropped, or no EventSource) it polls every 1.5 s; with it, every 15 s as a backstop. A redelivery is never shown
 * twice (the receiver stores one row per `webhook-id`).
 */
export function useInboxDeliveries(id: string, opts: { pollMs?: number } = {}) {
  const api = useInboxApi();
  const queryClient = useQueryClient();
  const live = useServerEvents(
    api.eventsUrl?.(id) ?? null,
    () => void queryClient.invalidateQueries({ queryKey: inboxKeys.deliveries(id) }),
  );
  const query = useQuery({
    queryKey: inboxKeys.deliveries(id),
    queryFn: async () => {
      const held = queryClient.getQueryData<InboxDelivery[]>(inboxKeys.deliveries(id)) ?? [];
      const { deliveries } = await api.deliveries(id, held[0]?.seq);
      return mergeNewest(deliveries, held);
    },
    refetchInterval: live ? INBOX_BACKUP_POLL_MS : (opts.pollMs ?? INBOX_POLL_MS),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  return { ...query, deliveries: query.data ?? [], live };
}

/**
 * Follows a server-sent events URL: `onEvent` on `ready` (each (re)connect, to catch up) and on `delivery`.
 * Returns whether the stream is connected; EventSource reconnects by itself after an error.
 */
function useServerEvents(url: string | null, onEvent: () => void): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    source.addEventListener("ready", () => {
      setLive(true);
      handler.current();
    });
    source.addEventListener("delivery", () => handler.current());
    source.onerror = () => setLive(false);
    return () => {
      source.close();
      setLive(false);
    };
  }, [url]);
  return live;
}

/** `fresh` (newest first) in front of `held`, without duplicates by seq, at most KEEP. */
export function mergeNewest(fresh: readonly InboxDelivery[], held: readonly InboxDelivery[]): InboxDelivery[] {
  if (!fresh.length) return held as InboxDelivery[];
  const seen = new Set(fresh.map((d) => d.seq));
  return [...fresh, ...held.filter((d) => !seen.has(d.seq))].sort((a, b) => b.seq - a.seq).slice(0, KEEP);
}

export function useDeleteInbox() {
  const api = useInboxApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.remove(id),
    onSuccess: (_r, id) => forgetInbox(queryClient, id),
  });
}

function forgetInbox(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: inboxKeys.deliveries(id) });
  queryClient.removeQueries({ queryKey: inboxKeys.inbox(id), exact: true });
  return queryClient.invalidateQueries({ queryKey: inboxKeys.all() });
}
