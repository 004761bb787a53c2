"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { ServiceError } from "@/lib/api/errors";
import { MAX_INLINE_FILES, type Chat, type DuplicateChatBody, type UpdateChatBody } from "@/lib/api/schemas";
import { patchChat } from "./chat-cache";
import { queryKeys } from "./query-keys";
import { useServiceClient, useServiceClientV1 } from "./service-clients";

const CHATS_PAGE_SIZE = 20;

/** The chats list, newest first, one page per cursor ("Load more"). */
export function useChats(pageSize: number = CHATS_PAGE_SIZE) {
  const client = useServiceClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.chats(),
    queryFn: ({ pageParam }) => client.listChats({ limit: pageSize, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  const chats = useMemo(() => dedupeById(query.data?.pages.flatMap((p) => p.chats) ?? []), [query.data]);
  /** Items of the loaded pages that could not be read (shown as such; the rest of the list stands). */
  const unreadable = useMemo(() => query.data?.pages.flatMap((p) => p.unreadable) ?? [], [query.data]);
  return { ...query, chats, unreadable };
}

const PUBLIC_LIMIT = 20;

/**
 * The public chats of every person, newest first (`GET /v2/chats?scope=public`, issue 40): the sidebar's Public group.
 * Under the chats' key, so whatever refreshes the chats list refreshes it. Only chats that say they are public are
 * kept: a service that ignores `scope` answers with every chat the caller may read.
 */
export function usePublicChats() {
  const client = useServiceClient();
  return useQuery({
    queryKey: queryKeys.publicChats(),
    queryFn: async () => (await client.listChats({ scope: "public", limit: PUBLIC_LIMIT })).chats,
    select: (chats: Chat[]) => chats.filter((c) => c.privacy === "public"),
  });
}

function dedupeById(chats: Chat[]): Chat[] {
  const seen = new Set<string>();
  return chats.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
}

/**
 * Deletes a chat (DELETE /v2/chats/{chatId}, with its messages, files and versions; the service answers 409 while
 * it generates). Afterwards the chat's cached data is dropped and the lists that showed it refresh.
 */
export function useDeleteChat() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => client.deleteChat(chatId),
    onSuccess: (_result, chatId) => {
      // The chat page that asked is still mounted (it navigates away now): removing its queries at once would make
      // it refetch a chat that is gone. Drop them once they are inactive, so Back shows "not found", not stale data.
      setTimeout(() => {
        for (const key of [
          queryKeys.chat(chatId),
          queryKeys.messages(chatId),
          ["message", chatId],
          ["files", chatId],
        ]) {
          queryClient.removeQueries({ queryKey: key, type: "inactive" });
        }
      }, 2_000);
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
      return queryClient.invalidateQueries({ queryKey: queryKeys.chats() });
    },
  });
}

/**
 * Starts a chat from files; no agent runs until the user sends a prompt. Small imports without a context use the
 * document's POST /v2/chats/from-files (≤ 20 inline files); larger ones, those with a context for the agent, and
 * services without that operation use the v1 initialization (`POST /v1/chats {type: "files", files, initialContext}`).
 */
export function useImportChat() {
  const v1 = useServiceClientV1();
  const v2 = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      files: { name: string; content: string }[];
      initialContext?: string;
    }): Promise<{ id: string }> => {
      if (input.files.length <= MAX_INLINE_FILES && !input.initialContext) {
        try {
          return (await v2.createChatFromFiles({ files: input.files })).chat;
        } catch (error) {
          // 404/405: this service has no from-files (there is no chat yet whose 404 it could be).
          if (!(error instanceof ServiceError) || (error.status !== 404 && error.status !== 405)) throw error;
        }
      }
      return v1.createChat({
        type: "files",
        files: input.files,
        ...(input.initialContext ? { initialContext: input.initialContext } : {}),
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chats() }),
  });
}

/**
 * Whether the service lacks an operation: an older or other deployment answers 405, or 404 for the path itself
 * (a 404 that names the chat means the chat is gone, not the operation).
 */
export function isUnsupported(error: unknown, chatId: string): boolean {
  if (!(error instanceof ServiceError)) return false;
  return error.status === 405 || (error.status === 404 && !error.message.includes(chatId));
}

/**
 * Updates a chat (PATCH /v2/chats/{chatId}: title, privacy, metadata). The answer replaces the cached chat at once
 * (header, list, sidebar); the lists refresh behind it.
 */
export function useUpdateChat(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChatBody) => client.updateChat(chatId, body),
    onSuccess: (chat) => {
      queryClient.setQueryData(queryKeys.chat(chatId), chat);
      patchChat(queryClient, chatId, chat);
      return queryClient.invalidateQueries({ queryKey: queryKeys.chats() });
    },
  });
}

/** A new share link for an unlisted or public chat (POST /v2/chats/{chatId}/share/rotate): the old one stops at once. */
export function useRotateShare(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.rotateShare(chatId),
    onSuccess: (chat) => {
      queryClient.setQueryData(queryKeys.chat(chatId), chat);
    },
  });
}

/** Duplicates a chat (POST /v2/chats/{chatId}/duplicate): the copy, with its messages, files and locks. */
export function useDuplicateChat(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DuplicateChatBody) => client.duplicateChat(chatId, body),
    onSuccess: (copy) => {
      queryClient.setQueryData(queryKeys.chat(copy.id), copy);
      return queryClient.invalidateQueries({ queryKey: queryKeys.chats() });
    },
  });
}
