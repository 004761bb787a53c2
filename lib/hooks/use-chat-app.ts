"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatApp } from "@/lib/api/schemas";
import { filesKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

/**
 * How often the Preview tab asks for the app's state (ms), by what it is doing: often while it installs or starts
 * (its log grows), less once it runs or crashed (an edit restarts a crashed app by itself); never for an app a person
 * stopped, files that are no app or a service without the runtime. react-query stops while the page is hidden and
 * when the Preview tab is closed (nothing observes the query then).
 */
function appPollMs(app: ChatApp | undefined): number | false {
  if (!app) return false;
  if (!app.enabled || !app.runnable) return false;
  switch (app.state) {
    case "installing":
    case "starting":
      return 1_000;
    case "running":
      return 3_000;
    case "crashed":
      return 5_000;
    case "stopped":
      return app.stopReason === "person" ? false : 5_000;
    default:
      return 2_000; // never started: opening the preview starts it
  }
}

/** GET /v2/chats/{chatId}/app, polled while it changes (appPollMs). */
export function useChatApp(chatId: string, enabled = true) {
  const client = useServiceClient();
  return useQuery({
    queryKey: filesKeys.app(chatId),
    queryFn: () => client.getChatApp(chatId),
    enabled,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.error ? false : appPollMs(q.state.data)),
  });
}

/** POST …/app/restart or …/app/stop: the answer is the app as it is then (the cache takes it). */
export function useAppAction(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: "restart" | "stop") =>
      action === "restart" ? client.restartChatApp(chatId) : client.stopChatApp(chatId),
    onSuccess: (app) => queryClient.setQueryData(filesKeys.app(chatId), app),
  });
}
