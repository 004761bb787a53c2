import "server-only";
import { getConfig } from "../config";
import { SignInThrottle, type Throttle } from "./throttle";

/** The PostgreSQL one, its code (drizzle, pg) loaded with the first sign-in: most requests never need it. */
function sharedThrottle(databaseUrl: string): Throttle {
  let shared: Promise<Throttle> | null = null;
  const get = () =>
    (shared ??= import("./shared").then(({ SharedSignInThrottle }) => new SharedSignInThrottle(databaseUrl)));
  return {
    check: async (key) => (await get()).check(key),
    admit: async (key) => (await get()).admit(key),
    recordFailure: async (key) => (await get()).recordFailure(key),
    recordSuccess: async (key) => (await get()).recordSuccess(key),
  };
}

const KEY = Symbol.for("atelier.signInThrottle");
type Holder = { [KEY]?: Throttle };

/**
 * The process-wide throttle: with DATABASE_URL the counts are kept in PostgreSQL, so that every instance sharing it
 * sees the same failures (one lock, not one per instance); else in this process's memory.
 */
export function signInThrottle(): Throttle {
  const g = globalThis as Holder;
  if (!g[KEY]) {
    const databaseUrl = getConfig().databaseUrl;
    g[KEY] = databaseUrl ? sharedThrottle(databaseUrl) : new SignInThrottle();
  }
  return g[KEY];
}

export { clientAddress, lockedMessage, throttleKey, trustProxyFrom } from "./throttle";
