/**
 * One value kept for this page (module state outside React), with the subscribe/get pair useSyncExternalStore reads:
 * for what siblings far apart in the tree share, e.g. the chat a tab has just opened in place.
 */
interface PageValue<T> {
  subscribe: (listener: () => void) => () => void;
  get: () => T;
  /** Sets the value; listeners hear of a change only. */
  set: (value: T) => void;
}

export function pageValue<T>(initial: T): PageValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get: () => value,
    set(next) {
      if (Object.is(value, next)) return;
      value = next;
      for (const listener of listeners) listener();
    },
  };
}
