"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Chat } from "@/lib/api/schemas";
import { queryKeys } from "./query-keys";
import { useServiceClient } from "./service-client";

export const CHATS_PAGE_SIZE = 20;

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
  return { ...query, chats };
}

function dedupeById(chats: Chat[]): Chat[] {
  const seen = new Set<string>();
  return chats.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
}
