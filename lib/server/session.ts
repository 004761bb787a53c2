import "server-only";
import { decode, getToken } from "next-auth/jwt";

/**
 * The proxy's session check, without Auth.js's `auth()`: that one decrypts the session token and then encrypts and
 * re-issues it on every call, which was most of the proxy's cost. Here the token (the session cookie only, never an
 * Authorization header) is decrypted and its expiry checked once; a token that passed is remembered until it expires
 * (at most five minutes), so repeated calls cost a map lookup. A token cannot be forged without AUTH_SECRET, and a
 * JWT session cannot be revoked before it expires anyway, so remembering a valid one weakens nothing. Pages still go
 * through `auth()`, which keeps the session sliding.
 */

const REMEMBER_MS = 5 * 60_000;
const MAX_REMEMBERED = 1_000;
const NAMES = [
  { secureCookie: true, name: "__Secure-authjs.session-token" },
  { secureCookie: false, name: "authjs.session-token" },
] as const;

type SessionCheck = (headers: Headers) => Promise<boolean>;

export function createSessionCheck(secret: string, now: () => number = Date.now): SessionCheck {
  const valid = new Map<string, number>(); // token → remembered until (ms)
  return async (headers) => {
    const cookie = headers.get("cookie");
    if (!cookie) return false;
    const cookieOnly = { headers: new Headers({ cookie }) };
    for (const { secureCookie, name } of NAMES) {
      if (!cookie.includes(name)) continue;
      const token = await getToken({ req: cookieOnly, secret, secureCookie, raw: true });
      if (!token) continue;
      const until = valid.get(token);
      if (until !== undefined) {
        if (until > now()) return true;
        valid.delete(token);
      }
      let exp: unknown;
      try {
        exp = ((await decode({ token, secret, salt: name })) as { exp?: unknown } | null)?.exp;
      } catch {
        exp = undefined;
      }
      const expMs = typeof exp === "number" ? exp * 1000 : 0;
      if (expMs <= now()) continue;
      if (valid.size >= MAX_REMEMBERED) valid.delete(valid.keys().next().value!);
      valid.set(token, Math.min(expMs, now() + REMEMBER_MS));
      return true;
    }
    return false;
  };
}

let shared: { secret: string; check: SessionCheck } | null = null;

/** The process's session check for `secret` (AUTH_SECRET). */
export function sessionCheck(secret: string): SessionCheck {
  if (shared?.secret !== secret) shared = { secret, check: createSessionCheck(secret) };
  return shared.check;
}
