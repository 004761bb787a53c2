import { pageValue } from "@/lib/hooks/page-value";
import { chatPath } from "./chat-path";

/**
 * Moving around the chats section from anywhere on the page, without importing the views that follow the move: a
 * new chat opened in place (ChatsShell draws it), the chat page's right panel on a tab (ChatSidePanel opens it).
 */

/**
 * The chat this tab has just opened in place (openNewChat), until the router's pathname has caught up with the address
 * bar: Next applies `pushState` to its state in a transition, which under load takes a while to render.
 */
export const openedChat = pageValue<string | null>(null);

/**
 * Opens a chat this tab has just created: drawn at once with what the tab already has (the stream, the cached chat),
 * and the address changes in place (Next's router follows `pushState`: the pathname, Back and Forward), with no round
 * trip to the server first.
 */
export function openNewChat(chatId: string): void {
  openedChat.set(chatId);
  window.history.pushState(null, "", chatPath(chatId));
}

/** The chat page's right panel's tabs. */
export type SidePanelTab = "files" | "preview" | "details";

const OPEN_EVENT = "atelier:side-panel";

/**
 * Opens the chat page's right panel on a tab from elsewhere on the page (the header's "Details" button, a deployment's
 * toast): through the address bar, which the panel follows, so the deep link stays true.
 */
export function openSidePanelTab(tab: SidePanelTab): void {
  const url = new URL(window.location.href);
  url.searchParams.delete("file");
  url.searchParams.set("tab", tab);
  window.history.replaceState(null, "", url);
  window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: tab }));
}

/** Calls `listener` with the tab each openSidePanelTab asks for; returns the unsubscribe. */
export function onSidePanelTab(listener: (tab: SidePanelTab) => void): () => void {
  const onOpen = (event: Event) => listener((event as CustomEvent<SidePanelTab>).detail);
  window.addEventListener(OPEN_EVENT, onOpen);
  return () => window.removeEventListener(OPEN_EVENT, onOpen);
}
