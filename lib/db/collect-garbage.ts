import "server-only";

/**
 * After a PGlite database has closed, its WebAssembly memory (128 MB and more) is freed only when V8 collects the
 * instance, and an idle server allocates so little that V8 may not run a full collection for a long while (not
 * measured how long). When the process runs
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
