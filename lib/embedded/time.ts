import "server-only";

export const iso = (d: Date): string => d.toISOString();

/**
 * Waits `ms`; `sleep(0)` still yields one turn of the event loop (setImmediate), so an unpaced generation
 * (EMBEDDED_AGENT_DELAY_MS=0) lets its stream flush and other requests run between its steps.
 */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
