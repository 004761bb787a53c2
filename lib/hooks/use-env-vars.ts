"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateEnvVarsBodyV1 } from "@/lib/api/schemas/v1";
import { queryKeys } from "./query-keys";
import { useServiceClientV1 } from "./service-clients";

/** A project's environment variables, values not decrypted (the list never holds a plain value). */
export function useEnvVars(projectId: string) {
  const v1 = useServiceClientV1();
  return useQuery({ queryKey: queryKeys.envVars(projectId), queryFn: () => v1.listEnvVars(projectId) });
}

/** Add, change, reveal and delete; every change reads the list again. */
export function useEnvVarActions(projectId: string) {
  const v1 = useServiceClientV1();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.envVars(projectId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateEnvVarsBodyV1) => v1.createEnvVars(projectId, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, value }: { id: string; value: string }) =>
        v1.updateEnvVars(projectId, { environmentVariables: [{ id, value }] }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => v1.deleteEnvVars(projectId, [id]), onSuccess: refresh }),
    /** The plain value of one variable, asked for when the user reveals it (not kept in the query cache). */
    reveal: (id: string) => v1.getEnvVar(projectId, id, { decrypted: true }).then((r) => r.data.value),
  };
}
