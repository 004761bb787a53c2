"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ServiceError } from "@/lib/api/errors";
import type { CreateGitCredentialBody, GitPushBody } from "@/lib/api/schemas";
import { filesKeys, queryKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

/** The chat's Git remote, or null when it has none (the service answers 404) or the service has no Git support. */
export function useGitRemote(chatId: string) {
  const client = useServiceClient();
  return useQuery({
    queryKey: queryKeys.gitRemote(chatId),
    queryFn: async () => {
      try {
        return await client.getGitRemote(chatId);
      } catch (error) {
        if (error instanceof ServiceError && (error.status === 404 || error.status === 405)) return null;
        throw error;
      }
    },
  });
}

/**
 * What a pull would bring (the service fetches the branch: a network round trip, so it is not refetched on focus and
 * not retried); only asked for a chat that has a remote.
 */
export function useGitIncoming(chatId: string, enabled: boolean) {
  const client = useServiceClient();
  return useQuery({
    queryKey: queryKeys.gitIncoming(chatId),
    queryFn: () => client.getGitIncoming(chatId),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 30_000,
  });
}

/**
 * After a push or a pull: the remote (and what a pull would bring, under the same key), the timeline, and (a pull)
 * the files and versions are read again.
 */
function useSyncInvalidation(chatId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.gitRemote(chatId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.messages(chatId) }),
      queryClient.invalidateQueries({ queryKey: filesKeys.files(chatId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.chat(chatId), exact: true }),
    ]);
}

export function usePushToGit(chatId: string) {
  const client = useServiceClient();
  const refresh = useSyncInvalidation(chatId);
  return useMutation({
    mutationFn: (body: GitPushBody) => client.pushToGit(chatId, body),
    onSettled: refresh,
  });
}

/** Pulls the remote's branch; the answer is the messages recording what it brought (none when unchanged). */
export function usePullFromGit(chatId: string) {
  const client = useServiceClient();
  const refresh = useSyncInvalidation(chatId);
  return useMutation({
    mutationFn: () => client.pullFromGit(chatId),
    onSettled: refresh,
  });
}

/** Starts a chat from a Git repository or a zip archive's URL; no agent runs. */
export function useImportFromUrl() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { kind: "repo"; url: string; branch?: string } | { kind: "zip"; url: string }) =>
      (input.kind === "repo"
        ? await client.createChatFromRepo({
            repo: { url: input.url, ...(input.branch ? { branch: input.branch } : {}) },
          })
        : await client.createChatFromZip({ url: input.url })
      ).chat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chats() }),
  });
}

export function useGitCredentials() {
  const client = useServiceClient();
  return useQuery({ queryKey: queryKeys.gitCredentials(), queryFn: () => client.listGitCredentials() });
}

export function useCreateGitCredential() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGitCredentialBody) => client.createGitCredential(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.gitCredentials() }),
  });
}

export function useDeleteGitCredential() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.deleteGitCredential(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.gitCredentials() }),
  });
}
