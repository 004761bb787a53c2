"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateProjectBodyV1, ProjectV1 } from "@/lib/api/schemas/v1";
import { queryKeys } from "./query-keys";
import { useServiceClientV1 } from "./service-clients";

/** v1 projects over the proxy (interface.md 4.2; bodies per wire-decisions.md "Projects (v1)"). */

export function useProjects() {
  const client = useServiceClientV1();
  const query = useQuery({ queryKey: queryKeys.projects(), queryFn: () => client.listProjects() });
  return { ...query, projects: query.data?.data ?? [] };
}

export function useProject(projectId: string) {
  const client = useServiceClientV1();
  return useQuery({ queryKey: queryKeys.project(projectId), queryFn: () => client.getProject(projectId) });
}

/** Creates a project (no `id`) or replaces one's name, description and, when given, chats (PUT). */
export function useSaveProject() {
  const client = useServiceClientV1();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateProjectBodyV1 }) =>
      id ? client.updateProject(id, body) : client.createProject(body),
    onSuccess: (project: ProjectV1) => {
      queryClient.setQueryData(queryKeys.project(project.id), project);
      // The list, and any other project a chat moved out of.
      return queryClient.invalidateQueries({
        queryKey: queryKeys.projects(),
        predicate: (q) => q.queryKey[1] !== project.id,
      });
    },
  });
}

export function useDeleteProject() {
  const client = useServiceClientV1();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.deleteProject(id),
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.project(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects(), exact: true });
    },
  });
}
