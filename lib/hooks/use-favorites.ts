"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Privacy } from "@/lib/api/schemas";
import { queryKeys } from "./query-keys";
import { useServiceClientV1 } from "./service-clients";

/** A favorite chat as the sidebar and the toggles need it. */
export interface FavoriteChat {
  id: string;
  title: string | null;
  /** The sidebar marks shared chats (absent where the toggle made the entry). */
  privacy?: Privacy;
}

const FAVORITES_LIMIT = 60;

/**
 * The favorite chats, newest first (`GET /v1/chats?isFavorite=true`, the v1 document's filter). `refetchOnMount: false`
 * for a reader that mounts with a page of its own (a chat's star) and relies on the sidebar's copy, which a toggle
 * reads again: a new chat's header would otherwise read the list while the agent writes the first part.
 */
export function useFavorites({ refetchOnMount = true }: { refetchOnMount?: boolean } = {}) {
  const v1 = useServiceClientV1();
  return useQuery({
    refetchOnMount,
    queryKey: queryKeys.favorites(),
    queryFn: async (): Promise<FavoriteChat[]> =>
      (await v1.listChats({ isFavorite: true, limit: FAVORITES_LIMIT })).data.map((c) => ({
        id: c.id,
        title: c.title ?? null,
        privacy: c.privacy,
      })),
  });
}

/**
 * Marks or unmarks a chat as a favorite (`PUT /v1/chats/{chatId}/favorite`). Optimistic: the favorites list changes
 * at once and goes back to what it was when the service refuses; it is read again once the call settles.
 */
export function useToggleFavorite() {
  const v1 = useServiceClientV1();
  const queryClient = useQueryClient();
  const key = queryKeys.favorites();
  return useMutation({
    mutationFn: ({ chat, favorite }: { chat: FavoriteChat; favorite: boolean }) => v1.favoriteChat(chat.id, favorite),
    onMutate: async ({ chat, favorite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<FavoriteChat[]>(key);
      const others = (before ?? []).filter((c) => c.id !== chat.id);
      queryClient.setQueryData<FavoriteChat[]>(key, favorite ? [chat, ...others] : others);
      return { before };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
