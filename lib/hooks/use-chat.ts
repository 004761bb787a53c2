"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

/** One chat (v2 Chat). */
export function useChat(chatId: string) {
  const client = useServiceClient();
  return useQuery({ queryKey: queryKeys.chat(chatId), queryFn: () => client.getChat(chatId) });
}
