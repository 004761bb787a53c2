import { isLiveStream, streamRegistry } from "@/lib/hooks/stream-registry";
import { FIRST_PART_WAIT_MS } from "./use-full-chat-view";

/**
 * The chat this tab has just created whose view waits for the stream's first part (at most FIRST_PART_WAIT_MS): the
 * page stays as it is meanwhile (the new-chat form says the chat is being created), so the browser does no drawing
 * while the server writes that part on the same cores, and the chat view is drawn once, with the part in it.
 */
let held: string | null = null;
const listeners = new Set<() => void>();

function setHeld(chatId: string | null) {
  if (held === chatId) return;
  held = chatId;
  for (const listener of listeners) listener();
}

export const heldChat = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => held,
};

/**
 * Holds the chat's view until its stream has a part or has ended (a chat without a stream of this tab: not at all), or
 * FIRST_PART_WAIT_MS have passed; resolves when it is released.
 */
export function holdForFirstPart(chatId: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const stream = streamRegistry.get(chatId);
      if (!isLiveStream(stream) || stream?.state.message?.parts?.length) release();
    };
    const release = () => {
      unsubscribe();
      clearTimeout(timer);
      if (held === chatId) setHeld(null);
      resolve();
    };
    const unsubscribe = streamRegistry.subscribe(check);
    const timer = setTimeout(release, FIRST_PART_WAIT_MS);
    setHeld(chatId);
    check();
  });
}
