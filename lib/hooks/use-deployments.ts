"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateDeploymentBodyV1, DeploymentReadV1 } from "@/lib/api/schemas/v1";
import { listDeployments, type DeploymentListing } from "@/lib/api/deployment-listing";
import { deploymentKeys } from "./query-keys";
import { useServiceClientV1 } from "./service-clients";

/**
 * v1 deployments over the proxy (wire-decisions.md "Deployments"): lists per chat or project (or per chat version
 * where the service needs it), polled while one is pending; its logs (polled while pending) and errors; create and delete.
 */

/** How often a list with a pending deployment, and a pending deployment's logs, are read again. */
const PENDING_POLL_MS = 1_000;

const isPending = (d: Pick<DeploymentReadV1, "status">) => d.status === "pending";

export function useDeployments(filter: { chatId: string } | { projectId: string }) {
  const client = useServiceClientV1();
  const queryClient = useQueryClient();
  const queryKey = deploymentKeys.list(filter);
  const query = useQuery({
    queryKey,
    // A service that lists only per chat version is asked that way from then on (lib/api/deployment-listing.ts).
    queryFn: () =>
      listDeployments(client, filter, queryClient.getQueryData<DeploymentListing>(queryKey)?.perVersion ?? false),
    refetchInterval: (q) => (q.state.data?.deployments.some(isPending) ? PENDING_POLL_MS : false),
  });
  return {
    ...query,
    deployments: query.data?.deployments ?? [],
    /** This service cannot list a project's deployments (only a chat version's). */
    unsupported: query.data?.unsupported ?? false,
  };
}

/** The build log; read again every second while the deployment is pending, and once more when it settles. */
export function useDeploymentLogs(deployment: DeploymentReadV1, enabled: boolean) {
  const client = useServiceClientV1();
  return useQuery({
    queryKey: deploymentKeys.logs(deployment.id, deployment.status),
    queryFn: () => client.deploymentLogs(deployment.id),
    enabled,
    // The lines read so far stay on screen while the settled log is read.
    placeholderData: keepPreviousData,
    refetchInterval: isPending(deployment) ? PENDING_POLL_MS : false,
  });
}

/** The deployment's errors (`{}` when none); read once it is in error. */
export function useDeploymentErrors(deployment: DeploymentReadV1) {
  const client = useServiceClientV1();
  return useQuery({
    queryKey: deploymentKeys.errors(deployment.id),
    queryFn: () => client.deploymentErrors(deployment.id),
    enabled: deployment.status === "error",
  });
}

/** The chat's versions, newest first (the Deploy dialog offers the completed ones). */
export function useChatVersions(chatId: string, enabled: boolean) {
  const client = useServiceClientV1();
  return useQuery({
    queryKey: deploymentKeys.versions(chatId),
    queryFn: () => client.listVersions(chatId, { limit: 50 }),
    enabled,
  });
}

export function useCreateDeployment() {
  const client = useServiceClientV1();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeploymentBodyV1) => client.createDeployment(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deploymentKeys.all() }),
  });
}

export function useDeleteDeployment() {
  const client = useServiceClientV1();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deploymentId: string) => client.deleteDeployment(deploymentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deploymentKeys.all() }),
  });
}
