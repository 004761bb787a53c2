import { chatPath } from "./chat-path";

/**
 * The chat this tab has just opened in place (openNewChat), until the router's pathname has caught up with the address
 * bar: Next applies `pushState` to its state in a transition, which under load takes a while to render.
 */
let opened: string | null = null;
const listeners = new Set<() => void>();
export const openedChat = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => opened,
  /** Whether the chat just opened has taken its address (it has unless opened with `addressOnFirstPart`). */
  addressed: () => unaddressed?.chatId !== opened,
  set(chatId: string | null) {
    if (opened === chatId) return;
    opened = chatId;
    if (unaddressed !== null && unaddressed.chatId !== chatId) forgetUnaddressed();
    for (const listener of listeners) listener();
  },
};

/**
 * A new chat drawn before its address is taken (`openNewChat(id, { addressOnFirstPart: true })`): the address
 * changes once its first part is on screen (`addressOpenedChat`), at the latest after ADDRESS_WITHIN_MS.
 */
let unaddressed: { chatId: string; timer: ReturnType<typeof setTimeout> } | null = null;
/** However long the first part takes (a remote service may think for seconds), the address follows within this. */
const ADDRESS_WITHIN_MS = 1000;

function forgetUnaddressed() {
  if (unaddressed) clearTimeout(unaddressed.timer);
  unaddressed = null;
}

/**
 * Opens a chat this tab has just created: drawn at once with what the tab already has (the stream, the cached chat),
 * and the address changes in place (Next's router follows `pushState`: the pathname, Back and Forward), with no round
 * trip to the server first.
 *
 * `addressOnFirstPart`: the address changes once the chat's first part is on screen (the chat view calls
 * `addressOpenedChat`), or after ADDRESS_WITHIN_MS. Next's router takes a new address with a render of the whole
 * layout (sidebar, shell, chat view); on a busy machine that render competes with drawing the first part.
 */
export function openNewChat(chatId: string, options: { addressOnFirstPart?: boolean } = {}): void {
  openedChat.set(chatId);
  if (!options.addressOnFirstPart) {
    window.history.pushState(null, "", chatPath(chatId));
    return;
  }
  forgetUnaddressed();
  unaddressed = { chatId, timer: setTimeout(() => addressOpenedChat(chatId), ADDRESS_WITHIN_MS) };
}

/** The chat view of `chatId` has its first part on screen: a new chat opened without its address takes it now. */
export function addressOpenedChat(chatId: string): void {
  if (unaddressed?.chatId !== chatId || opened !== chatId) return;
  forgetUnaddressed();
  window.history.pushState(null, "", chatPath(chatId));
}
