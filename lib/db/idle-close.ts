import "server-only";

/**
 * Closing what holds a database once nothing has used it for a while (docs/architecture.md "Memory": an idle
 * PGlite's WebAssembly memory goes back to the OS). The caller says what "in use" means; a use (`touch`) or any
 * check that finds it in use starts the quiet period again. Checks run on a timer that never keeps the process
 * alive: `close` is called between `idleMs` and 1.25 × `idleMs` after the last use, once, and the watch then stops.
 */
export interface IdleWatch {
  /** Used now: the quiet period starts again. */
  touch(): void;
  /** No more checks (closed for another reason). */
  stop(): void;
}

export function closeWhenIdle(opts: { idleMs: number; inUse: () => boolean; close: () => void }): IdleWatch {
  let lastUse = Date.now();
  const timer = setInterval(
    () => {
      if (opts.inUse()) lastUse = Date.now();
      else if (Date.now() - lastUse >= opts.idleMs) {
        clearInterval(timer);
        opts.close();
      }
    },
    Math.max(50, Math.floor(opts.idleMs / 4)),
  );
  timer.unref();
  return {
    touch: () => void (lastUse = Date.now()),
    stop: () => clearInterval(timer),
  };
}
