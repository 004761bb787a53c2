import { useCallback, useSyncExternalStore } from "react";

/**
 * One localStorage entry as React state: read where the browser keeps it (useSyncExternalStore: null while the server
 * renders and while the page hydrates, the stored value from then on), written by the setter, followed across tabs.
 * Where storage is unavailable (private mode) a value set lasts for the page only.
 */
const listeners = new Set<() => void>();
/** Values set while storage refused them. */
const unsaved = new Map<string, string | null>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** The stored value (null when there is none or storage is unavailable). */
export function readLocalStorage(key: string): string | null {
  if (unsaved.has(key)) return unsaved.get(key) ?? null;
  try {
    return typeof window === "undefined" ? null : window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeLocalStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
    unsaved.delete(key);
  } catch {
    unsaved.set(key, value);
  }
  for (const listener of listeners) listener();
}

export function useLocalStorage(key: string): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readLocalStorage(key),
    () => null,
  );
  const set = useCallback((next: string | null) => writeLocalStorage(key, next), [key]);
  return [value, set];
}
