"use client";

import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { chatIdOfPath } from "./chat-path";
import { ChatView } from "./chat-view";
import { openedChat } from "./opened-chat";

/**
 * The /chats section's frame: on a chat's address (`/chats/<id>`) it shows that chat, elsewhere the page. The chat
 * view is chosen from the address rather than by the chat route's server page, so a chat opened with
 * `history.pushState` (a new chat, as soon as its stream names it: `openNewChat`, components/chat/opened-chat.ts) shows
 * at once, without waiting for the server's render of the route, and a new chat shows before its address is taken;
 * a link or a reload reaches the same view through the route.
 */
export function ChatsShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const justOpened = useSyncExternalStore(openedChat.subscribe, openedChat.get, () => null);
  const routed = chatIdOfPath(pathname);
  // The chat just opened is drawn by a synchronous render, ahead of the router's transition to its address.
  const chatId = routed ?? justOpened;
  useEffect(() => {
    if (justOpened === null) return;
    // Caught up (or left: Back, another chat's link before the address was taken): from now on the address decides.
    if (routed === justOpened || (routed !== null && !openedChat.addressed())) openedChat.set(null);
    const forget = () => openedChat.set(null);
    window.addEventListener("popstate", forget);
    return () => window.removeEventListener("popstate", forget);
  }, [justOpened, routed]);
  // Leaving the section (another page): a chat opened here and not yet at its address must not take that page over,
  // nor show again when the section's page is opened next.
  useEffect(() => () => openedChat.set(null), []);
  return chatId === null ? children : <ChatView key={chatId} chatId={chatId} />;
}
