"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { Chat } from "@/lib/api/schemas";
import type { ServiceClient } from "@/lib/api/client";
import { queryKeys } from "./query-keys";
import { useServiceClient } from "./service-client";
import { streamRegistry, type ActiveStream } from "./stream-registry";

/** The stream this tab follows for a chat (live while generating, kept after it ends until cleared). */
export function useActiveStream(chatId: string): ActiveStream | undefined {
  return useSyncExternalStore(
    streamRegistry.subscribe,
    () => streamRegistry.get(chatId),
    () => undefined,
  );
}

function invalidateChat(queryClient: QueryClient, chatId: string | null) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.chats() });
  if (!chatId) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.chat(chatId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.messages(chatId) });
}

/** A chat snapshot from a `chat` event, without the event's `object` field. */
function chatOf(snapshot: Chat): Chat {
  const { object: _object, ...chat } = snapshot as Chat & { object?: unknown };
  return chat;
}

function recoveryOf(client: ServiceClient) {
  return (chatId: string, messageId: string) => client.getMessage(chatId, messageId);
}

/**
 * Creates a chat by streaming (POST /v2/chats/stream). Resolves with the chat as soon as the first `chat`
 * event arrives (navigate then); the stream goes on in the registry and the chat page follows it.
 */
export function useCreateChatStream() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prompt: string): Promise<Chat> => {
      const run = streamRegistry.run({
        prompt,
        open: (signal) => client.createChatStream({ message: prompt }, { signal }),
        getMessage: recoveryOf(client),
        onSettled: (entry) => invalidateChat(queryClient, entry.chatId),
      });
      const chat = chatOf(await run.chat);
      queryClient.setQueryData(queryKeys.chat(chat.id), chat);
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats() });
      return chat;
    },
  });
}

/** Sends a follow-up by streaming (POST /v2/chats/{chatId}/messages/stream); resolves once the stream opened. */
export function useSendMessageStream(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prompt: string): Promise<void> => {
      const run = streamRegistry.run({
        chatId,
        prompt,
        open: (signal) => client.sendMessageStream(chatId, { message: prompt }, { signal }),
        getMessage: recoveryOf(client),
        onSettled: (entry) => invalidateChat(queryClient, entry.chatId),
      });
      await run.opened;
    },
  });
}
