"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { createContext, createElement, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import type { z } from "zod";
import { describeZodError } from "@/lib/api/error-body";
import { errorFromResponse, ServiceError } from "@/lib/api/errors";
import { Inbox, InboxDeliveryList, InboxList, type AttachInboxSecretBody, type InboxDelivery } from "@/lib/api/inbox";

/**
 * The dashboard's own webhook inbox over its session-protected routes (/api/inbox-admin/…, README "Webhook
 * inbox"). Responses are validated with the lib/api/inbox schemas; errors are `{message}` → ServiceError.
 */

export const INBOX_ADMIN_BASE = "/api/inbox-admin";
/** How often the inbox page asks for new deliveries when its event stream is not connected. */
export const INBOX_POLL_MS = 1_500;
/** While the event stream is live, a slow poll still catches deliveries stored by another server process. */
export const INBOX_BACKUP_POLL_MS = 15_000;
/** Deliveries kept in memory per inbox page. */
const KEEP = 500;

export const inboxKeys = {
  all: () => ["inboxes"] as const,
  inbox: (id: string) => ["inboxes", id] as const,
  deliveries: (id: string) => ["inbox-deliveries", id] as const,
};

export interface InboxApi {
  list(): Promise<InboxList>;
  get(id: string): Promise<Inbox>;
  create(name: string): Promise<Inbox>;
  attachSecret(id: string, body: AttachInboxSecretBody): Promise<Inbox>;
  remove(id: string): Promise<{ id: string; deleted: true }>;
  /** Newest first; `after` = the highest `seq` already held. */
  deliveries(id: string, after?: number): Promise<InboxDeliveryList>;
  /** The server-sent events URL that announces new deliveries (none: polling only). */
  eventsUrl?(id: string): string;
}

export function createInboxApi(opts: { baseUrl?: string; fetch?: typeof fetch } = {}): InboxApi {
  const base = (opts.baseUrl ?? INBOX_ADMIN_BASE).replace(/\/+$/, "");
  const transport = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  async function call<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<z.infer<S>> {
    let res: Response;
    try {
      res = await transport(`${base}${path}`, {
        method,
        headers:
          body === undefined
            ? { accept: "application/json" }
            : { accept: "application/json", "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ServiceError({
        status: 0,
        code: "network_error",
        message: `${method} ${path} failed: ${(error as Error).message}`,
        cause: error,
      });
    }
    if (!res.ok) throw await errorFromResponse(res);
    const data: unknown = await res.json().catch(() => undefined);
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new ServiceError({
        status: 502,
        code: "invalid_response",
        message: `invalid response from ${method} ${path}: ${describeZodError(parsed.error)}`,
        body: data,
      });
    }
    return parsed.data;
  }
  const seg = encodeURIComponent;
  return {
    list: () => call(InboxList, "GET", ""),
    get: (id) => call(Inbox, "GET", `/${seg(id)}`),
    create: (name) => call(Inbox, "POST", "", { name }),
    attachSecret: (id, body) => call(Inbox, "POST", `/${seg(id)}/secret`, body),
    remove: async (id) => {
      await call(Inbox.pick({ id: true }), "DELETE", `/${seg(id)}`);
      return { id, deleted: true };
    },
    deliveries: (id, after) =>
      call(InboxDeliveryList, "GET", `/${seg(id)}/deliveries${after === undefined ? "" : `?after=${after}`}`),
    eventsUrl: (id) => `${base}/${seg(id)}/events`,
  };
}

let defaultApi: InboxApi | null = null;
/** The browser's inbox API: the dashboard's own routes. */
export const getInboxApi = (): InboxApi => (defaultApi ??= createInboxApi());

const InboxApiContext = createContext<InboxApi | null>(null);

/** Overrides the inbox API (tests). Without it the hooks use the dashboard's routes. */
export function InboxApiProvider({ api, children }: { api: InboxApi; children: ReactNode }) {
  return createElement(InboxApiContext.Provider, { value: api }, children);
}

export function useInboxApi(): InboxApi {
  return useContext(InboxApiContext) ?? getInboxApi();
}

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
