import { useSyncExternalStore } from "react";

/**
 * The current time for relative displays ("3 min ago"), the same for every component: read again right after
 * components subscribe (a page hydrated from older server HTML then shows the browser's time) and every 30 s while
 * one shows it.
 */
const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
let refresh: ReturnType<typeof setTimeout> | undefined;

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(tick, TICK_MS);
  // Once for all the components that subscribe together, after they have rendered.
  refresh ??= setTimeout(() => {
    refresh = undefined;
    tick();
  }, 0);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
