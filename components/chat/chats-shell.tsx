"use client";

import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { chatIdOfPath } from "./chat-path";
import { openedChat } from "./chat-navigation";
import { ChatView } from "./chat-view";
import { NewChatDraft, newChatDraft } from "./new-chat-draft";

/**
 * The /chats section's frame: on a chat's address (`/chats/<id>`) it shows that chat, elsewhere the page (or, while a
 * new chat is being created, its draft: NewChatDraft). The chat view is chosen from the address rather than by the
 * chat route's server page, so a chat opened with `history.pushState` (a new chat, once its draft has drawn the first
 * part: `openNewChat`) shows at once, without waiting for the server's render of the route; a link or a reload reaches
 * the same view through the route.
 */
export function ChatsShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const justOpened = useSyncExternalStore(openedChat.subscribe, openedChat.get, () => null);
  const draft = useSyncExternalStore(newChatDraft.subscribe, newChatDraft.get, () => null);
  const drafting = draft?.run ?? null;
  const shown = draft?.shown ? draft.run : null;
  const routed = chatIdOfPath(pathname);
  // The chat just opened is drawn by a synchronous render, ahead of the router's transition to its address.
  const chatId = routed ?? justOpened;
  useEffect(() => {
    if (justOpened === null) return;
    // Caught up (or left: Back, another page): from now on the address alone decides.
    if (routed === justOpened) openedChat.set(null);
    const forget = () => openedChat.set(null);
    window.addEventListener("popstate", forget);
    return () => window.removeEventListener("popstate", forget);
  }, [justOpened, routed]);
  // A draft ends when its chat opens, or when this page is left (another address, Back) before it does.
  useEffect(() => {
    if (drafting === null) return;
    if (chatId !== null) newChatDraft.close(drafting);
    return () => newChatDraft.close(drafting);
  }, [drafting, chatId, pathname]);
  if (chatId !== null) return <ChatView key={chatId} chatId={chatId} />;
  return (
    <>
      {shown ? <NewChatDraft run={shown} /> : null}
      {/* Hidden, not unmounted, under a draft: the form that sent it shows again if the service refuses it. */}
      <div hidden={shown !== null} className={shown ? undefined : "contents"}>
        {children}
      </div>
    </>
  );
}
