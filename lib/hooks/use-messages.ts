"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Message } from "@/lib/api/schemas";
import { queryKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

export const MESSAGES_PAGE_SIZE = 50;
/** Older pages are larger: a long chat scrolled to its top needs fewer requests. */
export const EARLIER_PAGE_SIZE = 100;

/**
 * A chat's messages, oldest → newest. The service lists newest first with a cursor to older ones:
 * the first page is the newest, "load earlier" fetches the next. `pollUnfinished` refetches while the
 * newest assistant message is still generating and no stream of this tab is following it.
 */
export function useMessages(chatId: string, options: { pollUnfinished?: boolean } = {}) {
  const client = useServiceClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.messages(chatId),
    queryFn: ({ pageParam }) =>
      client.listMessages(chatId, { limit: pageParam ? EARLIER_PAGE_SIZE : MESSAGES_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
    // A long chat has many pages and a refetch fetches them all: live updates come from the stream or the
    // poll of the generating message instead (use-follow-message), and a generation's end refetches.
    refetchOnWindowFocus: false,
    refetchInterval: (q) => {
      if (!options.pollUnfinished) return false;
      const newest = q.state.data?.pages[0]?.messages[0];
      return newest && newest.role === "assistant" && newest.finishReason == null ? 1500 : false;
    },
  });
  const messages = useMemo(() => chronological(query.data?.pages.map((p) => p.messages) ?? []), [query.data]);
  return { ...query, messages };
}

/** Pages of newest-first messages → one oldest-first list without duplicates. */
export function chronological(pages: Message[][]): Message[] {
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const page of pages) {
    for (const message of page) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out.reverse();
}
