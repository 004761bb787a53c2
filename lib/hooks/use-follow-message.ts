"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Message } from "@/lib/api/schemas";
import { patchCachedMessage, settleChat } from "./chat-cache";
import { queryKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";
import { isGenerating } from "@/lib/api/message-state";

const FOLLOW_POLL_MS = 700;

/** The newest message when it is an assistant message still generating (what a chat page should follow). */
export function unfinishedNewest(messages: readonly Message[]): Message | null {
  const newest = messages.at(-1);
  return newest && newest.role === "assistant" && isGenerating(newest) ? newest : null;
}

/**
 * Follows a generating message by polling it by id (GET /v2/chats/{chatId}/messages/{messageId}) until its
 * `finishReason` is set: async answers, and a generation this tab is not streaming (opened from elsewhere,
 * after a reload, or navigating back). Every poll replaces the message in the cached timeline pages, so its
 * parts show as they grow; when it finishes, the chat and the lists are refetched.
 */
export function useFollowMessage(chatId: string, messageId: string | null, options: { intervalMs?: number } = {}) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.message(chatId, messageId ?? ""),
    queryFn: () => client.getMessage(chatId, messageId!),
    enabled: !!messageId,
    staleTime: 0,
    gcTime: 10_000,
    refetchInterval: (q) =>
      q.state.data && !isGenerating(q.state.data) ? false : (options.intervalMs ?? FOLLOW_POLL_MS),
    refetchIntervalInBackground: true,
  });
  const message = query.data;
  useEffect(() => {
    if (!message || message.id !== messageId) return;
    const found = patchCachedMessage(queryClient, message);
    if (!isGenerating(message) || !found) settleChat(queryClient, chatId);
  }, [message, messageId, chatId, queryClient]);
  return query;
}
