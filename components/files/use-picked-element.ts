"use client";

import { useCallback, useSyncExternalStore } from "react";
import type { PickedElement } from "./picked-element";

/**
 * The element picked in a chat's preview, per chat, for this page: the preview panel sets it, the composer shows it
 * as a chip and puts it into the next prompt (then clears it). Two siblings of the chat page share it here.
 */
const picked = new Map<string, PickedElement>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePickedElement(chatId: string): [PickedElement | null, (el: PickedElement | null) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => picked.get(chatId) ?? null,
    () => null,
  );
  const set = useCallback(
    (el: PickedElement | null) => {
      if (el) picked.set(chatId, el);
      else picked.delete(chatId);
      for (const listener of listeners) listener();
    },
    [chatId],
  );
  return [value, set];
}
