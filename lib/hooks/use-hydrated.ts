import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from then on. A subtree that reads
 * the query cache inside a Suspense boundary renders only once it is true: such a boundary hydrates later than the
 * rest of the page, and data that arrived meanwhile would make its first render differ from the server's HTML
 * (React error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
