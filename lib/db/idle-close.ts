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

/**
 * After a PGlite database has closed, its WebAssembly memory (128 MB and more) is freed only when V8 collects the
 * instance, and an idle server allocates too little to start a full collection for minutes. When the process runs
 * with `--expose-gc` (`npm start` does), collect now: twice, since the first collection frees the instance and
 * only the next one its memory.
 */
export function collectGarbageSoon(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== "function") return;
  const later = (ms: number, then?: () => void) =>
    setTimeout(() => {
      gc();
      then?.();
    }, ms).unref();
  later(100, () => later(500));
}
