import "server-only";

/**
 * Whether this process has started its embedded service (it starts on first use). Apart from embedded.ts, so that
 * asking loads none of the service's code; on globalThis, since Next may load these modules more than once.
 */
const STARTED = Symbol.for("atelier.embeddedServiceStarted");
type Holder = { [STARTED]?: boolean };

export function embeddedServiceStarted(): boolean {
  return (globalThis as Holder)[STARTED] === true;
}

export function markEmbeddedServiceStarted(): void {
  (globalThis as Holder)[STARTED] = true;
}
