"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isUnsupported } from "./use-chats";
import { liveOptions } from "./use-chat-mutations";
import { useServiceClient } from "./service-clients";
import { streamRegistry } from "./stream-registry";

/** Messages this tab already tried to resume: one attempt each (after it, polling follows). */
const attempted = new Set<string>();
/** The service has no resume (404/405): every chat polls. */
let unsupported = false;

/**
 * Re-attaches to a generating answer this tab is not streaming (a reload, another tab's send, back navigation)
 * with POST /v2/chats/{chatId}/resume: the stream registry follows it as any stream, so the page shows the parts
 * so far and then every delta, without a gap or a duplicate. When it cannot (the service lacks the operation, the
 * stream will not open), the failed attempt is forgotten and the chat page polls the message by id instead.
 */
export function useResumeGeneration(chatId: string, messageId: string | null): void {
  const client = useServiceClient();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!messageId || unsupported || attempted.has(messageId) || streamRegistry.isActive(chatId)) return;
    attempted.add(messageId);
    const live = liveOptions(client, queryClient);
    const run = streamRegistry.run({
      chatId,
      prompt: "", // a resume stores no user message: the persisted one is shown
      open: (signal) => client.resumeChat(chatId, { signal }),
      ...live,
      onSettled: (entry) => {
        if (entry.status === "failed") streamRegistry.clear(chatId);
        else live.onSettled?.(entry);
      },
    });
    run.opened.catch((error: unknown) => {
      if (isUnsupported(error, chatId)) unsupported = true;
    });
  }, [chatId, messageId, client, queryClient]);
}
