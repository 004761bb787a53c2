import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { Chat, ChatList, Message, MessageList } from "@/lib/api/schemas";
import { queryKeys, spendKeys } from "./query-keys";

/**
 * Writes live news (a streamed title, a polled message, a closing chat snapshot) into the TanStack cache, so
 * every view of it (chat header, chats list, sidebar, timeline) updates at once without a refetch.
 */

/** A chat snapshot from a `chat` event, without the event's `object` field. */
export function chatOf(snapshot: Chat): Chat {
  const { object: _object, ...chat } = snapshot as Chat & { object?: unknown };
  return chat;
}

/** Patches one chat in the cached chat and in every cached page of the chats list; true when the list had it. */
export function patchChat(queryClient: QueryClient, chatId: string, patch: Partial<Chat>): boolean {
  queryClient.setQueryData<Chat>(queryKeys.chat(chatId), (chat) => (chat ? { ...chat, ...patch } : chat));
  let listed = false;
  queryClient.setQueryData<InfiniteData<ChatList>>(queryKeys.chats(), (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        if (!page.chats.some((c) => c.id === chatId)) return page;
        listed = true;
        return { ...page, chats: page.chats.map((c) => (c.id === chatId ? { ...c, ...patch } : c)) };
      }),
    };
  });
  return listed;
}

/**
 * A chat this tab has just created goes first in every cached chats list (newest first), so the lists show it at once
 * without being read again while the agent starts (they are read again when its answer settles).
 */
export function prependChat(queryClient: QueryClient, chat: Chat): void {
  queryClient.setQueriesData<InfiniteData<ChatList>>({ queryKey: queryKeys.chats() }, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || !Array.isArray(first.chats)) return data;
    if (data.pages.some((page) => page.chats.some((c) => c.id === chat.id))) return data;
    return { ...data, pages: [{ ...first, chats: [chat, ...first.chats] }, ...rest] };
  });
}

/** A `chat.title` event: the header, the list and the sidebar show it now. */
export function applyLiveTitle(queryClient: QueryClient, chatId: string, title: string): void {
  const listed = patchChat(queryClient, chatId, { title });
  // A brand-new chat may not be in the cached list yet: fetch the list (it will carry the title).
  if (!listed) void queryClient.invalidateQueries({ queryKey: queryKeys.chats() });
}

/** Replaces a message (by id) in the cached pages of its chat; true when it was there. */
export function patchCachedMessage(queryClient: QueryClient, message: Message): boolean {
  let found = false;
  queryClient.setQueryData<InfiniteData<MessageList>>(queryKeys.messages(message.chatId), (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const index = page.messages.findIndex((m) => m.id === message.id);
        if (index < 0) return page;
        found = true;
        const messages = [...page.messages];
        messages[index] = message;
        return { ...page, messages };
      }),
    };
  });
  return found;
}

/** A generation ended: take the closing snapshot, then refetch what it changed. */
export function settleChat(queryClient: QueryClient, chatId: string | null, closing?: Chat | null): void {
  if (chatId && closing) {
    const chat = chatOf(closing);
    queryClient.setQueryData(queryKeys.chat(chatId), chat);
    patchChat(queryClient, chatId, chat);
  }
  void refetchFresh(queryClient, queryKeys.chats());
  // An answer spent credits: the budgets' standing and the ledger's sums move.
  void refetchFresh(queryClient, spendKeys.budgets());
  void refetchFresh(queryClient, spendKeys.ledger());
  if (!chatId) return;
  void refetchFresh(queryClient, queryKeys.chat(chatId));
  void refetchFresh(queryClient, queryKeys.messages(chatId));
}

/**
 * Invalidates a query so that what is shown is read after this moment. A plain invalidation joins a first fetch
 * still in flight (TanStack only restarts fetches that already have data), and that fetch may have been answered
 * before the generation ended: the chat would then show its answer as generating for good. So cancel first.
 */
export async function refetchFresh(queryClient: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
