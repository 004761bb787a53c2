"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Message } from "@/lib/api/schemas";
import { queryKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

const MESSAGES_PAGE_SIZE = 50;
/** Older pages are larger: a long chat scrolled to its top needs fewer requests. */
const EARLIER_PAGE_SIZE = 100;

/**
 * A chat's messages, oldest → newest. The service lists newest first with a cursor to older ones:
 * the first page is the newest, "load earlier" fetches the next. A generating message is followed by the stream of
 * this tab or by use-follow-message (the one poller), never by refetching the list.
 */
export function useMessages(chatId: string) {
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
  });
  const messages = useMemo(() => chronological(query.data?.pages.map((p) => p.messages) ?? []), [query.data]);
  return { ...query, messages };
}

/** Pages of newest-first messages → one oldest-first list without duplicates. */
function chronological(pages: Message[][]): Message[] {
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
