"use client";

import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import type { AsyncChatRef, Chat, CreateChatBody, MessageList, SendMessageBody } from "@/lib/api/schemas";
import type { ServiceClient } from "@/lib/api/client";
import { applyLiveTitle, chatOf, prependChat, refetchFresh, settleChat } from "./chat-cache";
import { queryKeys } from "./query-keys";
import type { ResponseMode } from "./response-mode";
import { useServiceClient } from "./service-clients";
import { nextFrame } from "./next-frame";
import { sleep } from "./sleep";
import {
  isLiveStream,
  streamRegistry,
  type ActiveStream,
  type StreamRun,
  type StreamRunOptions,
} from "./stream-registry";

/** The stream this tab follows for a chat (live while generating, kept after it ends until cleared). */
export function useActiveStream(chatId: string): ActiveStream | undefined {
  return useSyncExternalStore(
    streamRegistry.subscribe,
    () => streamRegistry.get(chatId),
    () => undefined,
  );
}

/** What every stream of the dashboard does besides following: recovery by id, live title, settling the cache. */
export function liveOptions(
  client: ServiceClient,
  queryClient: QueryClient,
): Pick<StreamRunOptions, "getMessage" | "onTitle" | "onSettled"> {
  return {
    getMessage: (chatId, messageId) => client.getMessage(chatId, messageId),
    onTitle: (chatId, title) => applyLiveTitle(queryClient, chatId, title),
    onSettled: (entry) => settleChat(queryClient, entry.chatId, entry.state.closed ? entry.state.chat : null),
  };
}

/** How long a new chat waits for its first part before it opens without (an agent slow to start). */
const OPEN_WITHOUT_FIRST_PART_MS = 300;

interface CreateChatInput {
  body: CreateChatBody;
  mode: Exclude<ResponseMode, "stream">;
}

/** async: the chat and the ids to follow; sync: the finished chat. */
type CreateChatResult = { chat: Chat; ref?: AsyncChatRef };

/**
 * Creates a chat without streaming (POST /v2/chats[/async]): async resolves once the service accepted it (the chat page
 * polls the message), sync once the answer is finished. Streaming: useCreateChatStream.
 */
export function useCreateChat() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, mode }: CreateChatInput): Promise<CreateChatResult> => {
      if (mode === "async") {
        const ref = await client.createChatAsync(body);
        const chat = await queryClient.fetchQuery({
          queryKey: queryKeys.chat(ref.chatId),
          queryFn: () => client.getChat(ref.chatId),
        });
        void queryClient.invalidateQueries({ queryKey: queryKeys.chats() });
        return { chat, ref };
      }
      const { chat } = await client.createChat(body);
      queryClient.setQueryData(queryKeys.chat(chat.id), chat);
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats() });
      return { chat };
    },
  });
}

/**
 * Creates a chat streaming (POST /v2/chats/stream). `onStream` gets the stream as soon as it is requested (to draw it
 * before the chat exists). Resolves with the chat once the answer's first part has been painted, or
 * OPEN_WITHOUT_FIRST_PART_MS after the `chat` event without one (open the chat then; the stream goes on in the
 * registry); rejects when the service refused
 * it. Not a mutation: its pending state would render the page while the service starts the chat.
 */
export function useCreateChatStream() {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useCallback(
    async (body: CreateChatBody, onStream: (run: StreamRun) => void): Promise<Chat> => {
      const live = liveOptions(client, queryClient);
      let listed = false;
      const run = streamRegistry.run({
        prompt: body.message ?? body.prompt ?? "",
        open: (signal) => client.createChatStream(body, { signal }),
        ...live,
        // Until the chat is in the cached lists (below, with the title so far), its title lives in the stream's state
        // (the draft shows it): the lists are not read again for it while the agent starts.
        onTitle: (chatId, title) => listed && live.onTitle?.(chatId, title),
      });
      onStream(run);
      const snapshot = chatOf(await run.chat);
      await Promise.race([run.firstPart, sleep(OPEN_WITHOUT_FIRST_PART_MS)]);
      // The first part the caller's draft draws goes on screen first; then the cache is written for the chat view
      // that replaces the draft (at the caller's openNewChat).
      await nextFrame();
      const title = run.current().state.title;
      const chat = title === null ? snapshot : { ...snapshot, title };
      // A stream that has already ended (a fast agent's answer, blocked or finished, can end before its first part is
      // painted) has settled the chat (liveOptions' onSettled): its closing snapshot is cached and its messages are
      // to be read (its answer is stored). Seeding them now would say the chat has none, and for good (fresh data):
      // no approval banner, no stored answer.
      if (isLiveStream(run.current())) {
        queryClient.setQueryData(queryKeys.chat(chat.id), chat);
        // A new chat has no stored message the stream does not show: its page draws the stream at once instead of
        // waiting for the list (read again when the stream settles).
        queryClient.setQueryData<InfiniteData<MessageList, string | null>>(queryKeys.messages(chat.id), {
          pages: [{ messages: [], cursor: null }],
          pageParams: [null],
        });
      }
      prependChat(queryClient, chat);
      listed = true;
      return chat;
    },
    [client, queryClient],
  );
}

interface SendInput {
  prompt: string;
  mode: ResponseMode;
  mcpServerIds?: SendMessageBody["mcpServerIds"];
  attachments?: SendMessageBody["attachments"];
}

/**
 * Sends a follow-up (POST /v2/chats/{chatId}/messages[/stream|/async]). Stream resolves once the stream
 * opened (the registry follows it); async once accepted, after refetching the messages (the chat view then
 * polls the unfinished answer by id); sync once the answer arrived (the registry shows the prompt meanwhile).
 * Rejects when the service refused the message (the text stays in the box).
 */
export function useSendMessage(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ prompt, mode, mcpServerIds, attachments }: SendInput): Promise<void> => {
      const body: SendMessageBody = { message: prompt };
      if (mcpServerIds?.length) body.mcpServerIds = mcpServerIds;
      if (attachments?.length) body.attachments = attachments;
      if (mode === "stream") {
        const run = streamRegistry.run({
          chatId,
          prompt,
          open: (signal) => client.sendMessageStream(chatId, body, { signal }),
          ...liveOptions(client, queryClient),
        });
        await run.opened;
        return;
      }
      if (mode === "async") {
        streamRegistry.clear(chatId); // an older finished stream must not stand in for the new answer
        await client.sendMessageAsync(chatId, body);
        await refetchFresh(queryClient, queryKeys.messages(chatId));
        return;
      }
      const entry = await streamRegistry.runRequest({
        chatId,
        prompt,
        send: () => client.sendMessage(chatId, body),
        onSettled: (e) => settleChat(queryClient, e.chatId),
      });
      if (entry.failure) throw entry.failure;
    },
  });
}

/**
 * Stops the generating answer (POST …/messages/{messageId}/stop). The service answers once the message is stored
 * finished; the stream this tab follows closes on its own, and the chat's queries are refetched either way (a
 * 409 means it had already finished: the refetch shows that too).
 */
export function useStopMessage(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => client.stopMessage(chatId, messageId),
    onSettled: () => settleChat(queryClient, chatId),
  });
}
