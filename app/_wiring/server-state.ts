import "server-only";

/**
 * Where the server is in its life, for the health route: `starting` until startup (instrumentation) has finished,
 * `ready`, then `draining` from the first SIGTERM / SIGINT until it exits. On globalThis, since Next loads the
 * instrumentation and the route handlers as separate module instances.
 */
type ServerState = "starting" | "ready" | "draining";

const STATE = Symbol.for("atelier.serverState");
type Holder = { [STATE]?: ServerState };

export function serverState(): ServerState {
  return (globalThis as Holder)[STATE] ?? "starting";
}

export function setServerState(state: ServerState): void {
  (globalThis as Holder)[STATE] = state;
}
