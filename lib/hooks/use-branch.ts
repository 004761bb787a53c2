"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "./query-keys";
import { useServiceClient, useServiceClientV1 } from "./service-clients";

const WALK = 100;

/**
 * "Branch from here" (`POST /v1/chats/{chatId}/fork` with the version the answer made). The v2 message does not name
 * its version: each answer that made one (`restorable`) made exactly one completed version, and versions without an
 * answer (an initialization's) come first, so the answers and the completed versions are matched from the newest.
 */
export function useBranchChat(chatId: string) {
  const v1 = useServiceClientV1();
  const v2 = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) => {
      const [messages, versions] = await Promise.all([
        v2.listMessages(chatId, { limit: WALK }),
        v1.listVersions(chatId, { limit: WALK }),
      ]);
      const answers = messages.messages.filter((m) => m.role === "assistant" && m.restorable === true);
      const completed = versions.data.filter((v) => v.status === "completed");
      const index = answers.findIndex((m) => m.id === messageId);
      const version = index < 0 ? undefined : completed[index];
      if (!version) throw new Error("The version this answer made was not found.");
      return v1.forkChat(chatId, { versionId: version.id });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chats() }),
  });
}

/** The chat's source when it is a branch (the v1 chat's `forkedFrom`, the embedded service's extension). */
export function useBranchSource(chatId: string) {
  const v1 = useServiceClientV1();
  return useQuery({
    queryKey: queryKeys.chatV1(chatId),
    queryFn: () => v1.getChat(chatId),
    select: (chat) => chat.forkedFrom ?? null,
  });
}
