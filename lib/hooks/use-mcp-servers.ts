"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateMcpServerBody, UpdateMcpServerBody } from "@/lib/api/schemas";
import type { McpServer } from "@/lib/api/lenient/mcp";
import { ServiceError } from "@/lib/api/errors";
import { queryKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

/**
 * MCP servers over the proxy (v2 /mcp-servers). Used by the MCP servers page, the OAuth landing page and the
 * new-chat form's MCP picker: `useMcpServers()` + `mcpConnectionState()` give the list with each server's state.
 */

export type McpConnectionState = "connected" | "disconnected" | "error";

/** A server's connection state as the dashboard shows it: an error the service reports wins over `connected`. */
export function mcpConnectionState(server: McpServer): McpConnectionState {
  if (server.auth.error) return "error";
  return server.auth.connected ? "connected" : "disconnected";
}

/** Where the provider round trip comes back to: the dashboard's landing page (same origin). */
const MCP_OAUTH_RETURN_PATH = "/mcp-servers/oauth/return";
function mcpOAuthReturnUrl(origin: string): string {
  return `${origin}${MCP_OAUTH_RETURN_PATH}`;
}

/** Only absolute http(s) URLs are followed (never `javascript:`, `data:` or relative ones). */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** The registered MCP servers, in the service's order. */
export function useMcpServers(options: { enabled?: boolean } = {}) {
  const client = useServiceClient();
  const query = useQuery({
    queryKey: queryKeys.mcpServers(),
    queryFn: () => client.listMcpServers(),
    enabled: options.enabled ?? true,
  });
  return { ...query, servers: query.data?.items ?? [] };
}

/** One MCP server (fresh from the service, e.g. after the OAuth round trip). */
export function useMcpServer(mcpServerId: string | null) {
  const client = useServiceClient();
  return useQuery({
    queryKey: queryKeys.mcpServer(mcpServerId ?? ""),
    queryFn: () => client.getMcpServer(mcpServerId!),
    enabled: mcpServerId !== null && mcpServerId !== "",
    staleTime: 0,
  });
}

function useInvalidateMcp() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.mcpServers() });
}

export function useCreateMcpServer() {
  const client = useServiceClient();
  const invalidate = useInvalidateMcp();
  return useMutation({
    mutationFn: (body: CreateMcpServerBody) => client.createMcpServer(body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateMcpServer() {
  const client = useServiceClient();
  const invalidate = useInvalidateMcp();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateMcpServerBody }) => client.updateMcpServer(id, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteMcpServer() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.deleteMcpServer(id),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.mcpServer(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: queryKeys.mcpServers() });
    },
  });
}

/** Sends the browser somewhere (tests pass their own). */
export type Navigate = (url: string) => void;
const assignLocation: Navigate = (url) => window.location.assign(url);

/**
 * "Connect": asks the service for the provider's authorization URL (returning to the landing page) and sends
 * the browser there — only when the URL is http(s). Resolves with the URL it followed.
 */
export function useConnectMcpServer(options: { navigate?: Navigate; origin?: string } = {}) {
  const client = useServiceClient();
  const navigate = options.navigate ?? assignLocation;
  return useMutation({
    mutationFn: async (id: string) => {
      const origin = options.origin ?? window.location.origin;
      const { url } = await client.authorizeMcpServer(id, { returnUrl: mcpOAuthReturnUrl(origin) });
      if (!isHttpUrl(url)) {
        throw new ServiceError({
          status: 502,
          code: "unsafe_authorization_url",
          message: "The service returned an authorization URL that is not an http(s) address; it was not opened.",
          body: { url },
        });
      }
      navigate(url);
      return url;
    },
  });
}
