"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { createContext, createElement, useContext, type ReactNode } from "react";
import type { z } from "zod";
import { describeZodError } from "@/lib/api/error-body";
import { errorFromResponse, ServiceError } from "@/lib/api/errors";
import { Inbox, InboxDeliveryList, InboxList, type InboxDelivery } from "@/lib/api/inbox";

/**
 * The dashboard's own webhook inbox over its session-protected routes (/api/inbox-admin/…, README "Webhook
 * inbox"). Responses are validated with the lib/api/inbox schemas; errors are `{message}` → ServiceError.
 */

export const INBOX_ADMIN_BASE = "/api/inbox-admin";
/** How often the inbox page asks for new deliveries. */
export const INBOX_POLL_MS = 1_500;
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
  attachSecret(id: string, body: { secret: string; webhookId?: string }): Promise<Inbox>;
  remove(id: string): Promise<{ id: string; deleted: true }>;
  /** Newest first; `after` = the highest `seq` already held. */
  deliveries(id: string, after?: number): Promise<InboxDeliveryList>;
}

export function createInboxApi(opts: { baseUrl?: string; fetch?: typeof fetch } = {}): InboxApi {
  const base = (opts.baseUrl ?? INBOX_ADMIN_BASE).replace(/\/+$/, "");
  const transport = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  async function call<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.infer<S>> {
    let res: Response;
    try {
      res = await transport(`${base}${path}`, {
        method,
        headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ServiceError({ status: 0, code: "network_error", message: `${method} ${path} failed: ${(error as Error).message}`, cause: error });
    }
    if (!res.ok) throw await errorFromResponse(res);
    const data: unknown = await res.json().catch(() => undefined);
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new ServiceError({ status: 502, code: "invalid_response", message: `invalid response from ${method} ${path}: ${describeZodError(parsed.error)}`, body: data });
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
    deliveries: (id, after) => call(InboxDeliveryList, "GET", `/${seg(id)}/deliveries${after === undefined ? "" : `?after=${after}`}`),
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
 * An inbox's deliveries, live: polls every 1.5 s for those after the newest one held and puts them in front
 * (newest first). A redelivery is never shown twice (the receiver stores one row per `webhook-id`).
 */
export function useInboxDeliveries(id: string, opts: { pollMs?: number } = {}) {
  const api = useInboxApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: inboxKeys.deliveries(id),
    queryFn: async () => {
      const held = queryClient.getQueryData<InboxDelivery[]>(inboxKeys.deliveries(id)) ?? [];
      const { deliveries } = await api.deliveries(id, held[0]?.seq);
      return mergeNewest(deliveries, held);
    },
    refetchInterval: opts.pollMs ?? INBOX_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  return { ...query, deliveries: query.data ?? [] };
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
