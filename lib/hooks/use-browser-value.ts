import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * A value only the browser knows and that does not change while the page lives (its origin, its platform):
 * `serverValue` while the server renders and while the page hydrates, then `read()` (a primitive: it is compared).
 */
export function useBrowserValue<T extends string | number | boolean | null>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(subscribe, read, () => serverValue);
}
