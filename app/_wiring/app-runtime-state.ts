import "server-only";

/**
 * Why this server serves app chats as files although APP_RUNTIME is `auto`: its check at start found no working
 * sandbox (app/_wiring/command-sandbox.ts). On globalThis, since Next may load these modules more than once; null
 * while the runtime may run apps.
 */
const UNAVAILABLE = Symbol.for("atelier.appRuntimeUnavailable");
type Holder = { [UNAVAILABLE]?: string };

export function appRuntimeUnavailable(): string | null {
  return (globalThis as Holder)[UNAVAILABLE] ?? null;
}

export function markAppRuntimeUnavailable(why: string): void {
  (globalThis as Holder)[UNAVAILABLE] = why;
}
