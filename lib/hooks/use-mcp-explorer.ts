"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CallMcpToolBody, GetMcpPromptBody } from "@/lib/api/schemas";
import { ServiceError } from "@/lib/api/errors";
import { queryKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

/**
 * The MCP explorer of one server (the embedded service's extension endpoints): its tools, resources, prompts and
 * connection log. Every use of the server adds to its log, so each call refreshes the log. A deployment without the
 * explorer answers 404: `explorerMissing` tells the tabs to say so.
 */

/** Whether an error means the deployment has no MCP explorer (404 on the explorer's paths). */
export function explorerMissing(error: unknown): boolean {
  return error instanceof ServiceError && error.status === 404;
}

/** Errors are shown as they come (a refused credential is not worth retrying). */
const once = { retry: false, staleTime: 30_000 } as const;

export function useMcpTools(mcpServerId: string) {
  const client = useServiceClient();
  return useQuery({
    queryKey: queryKeys.mcpExplorer(mcpServerId, "tools"),
    queryFn: () => client.listMcpTools(mcpServerId),
    ...once,
  });
}

export function useMcpResources(mcpServerId: string, enabled: boolean) {
  const client = useServiceClient();
  return useQuery({
    queryKey: queryKeys.mcpExplorer(mcpServerId, "resources"),
    queryFn: () => client.listMcpResources(mcpServerId),
    enabled,
    ...once,
  });
}

export function useMcpPrompts(mcpServerId: string, enabled: boolean) {
  const client = useServiceClient();
  return useQuery({
    queryKey: queryKeys.mcpExplorer(mcpServerId, "prompts"),
    queryFn: () => client.listMcpPrompts(mcpServerId),
    enabled,
    ...once,
  });
}

export function useMcpLog(mcpServerId: string, enabled: boolean) {
  const client = useServiceClient();
  return useQuery({
    queryKey: queryKeys.mcpExplorer(mcpServerId, "log"),
    queryFn: () => client.mcpConnectionLog(mcpServerId),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** After any use of the server: its log has grown, and a refresh may have changed its connection state. */
function useAfterUse(mcpServerId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.mcpExplorer(mcpServerId, "log") });
    void queryClient.invalidateQueries({ queryKey: queryKeys.mcpServer(mcpServerId), exact: true });
  };
}

export function useCallMcpTool(mcpServerId: string) {
  const client = useServiceClient();
  const onSettled = useAfterUse(mcpServerId);
  return useMutation({ mutationFn: (body: CallMcpToolBody) => client.callMcpTool(mcpServerId, body), onSettled });
}

export function useReadMcpResource(mcpServerId: string) {
  const client = useServiceClient();
  const onSettled = useAfterUse(mcpServerId);
  return useMutation({ mutationFn: (uri: string) => client.readMcpResource(mcpServerId, uri), onSettled });
}

export function useGetMcpPrompt(mcpServerId: string) {
  const client = useServiceClient();
  const onSettled = useAfterUse(mcpServerId);
  return useMutation({ mutationFn: (body: GetMcpPromptBody) => client.getMcpPrompt(mcpServerId, body), onSettled });
}
