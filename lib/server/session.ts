import "server-only";
import { decode, getToken } from "next-auth/jwt";

/**
 * The proxy's session-cookie reading, without Auth.js's `auth()`: that one decrypts the session token and then
 * encrypts and re-issues it on every call, which was most of the proxy's cost. Here the token (the session cookie
 * only, never an Authorization header) is decrypted and its expiry checked once; what it says (the person and the
 * session's epoch) is remembered until it expires (at most five minutes), so repeated calls cost a map lookup. Only the
 * token's own content is remembered, never the person's state: every request still asks the people directory whether
 * the person is there, enabled and on the same epoch (lib/server/people/session.ts), so a disabled person or a changed
 * role takes effect on the next request.
 */

const REMEMBER_MS = 5 * 60_000;
const MAX_REMEMBERED = 1_000;
const NAMES = [
  { secureCookie: true, name: "__Secure-authjs.session-token" },
  { secureCookie: false, name: "authjs.session-token" },
] as const;

/** What a session token says about who signed in (app/_wiring/auth.ts writes it at sign-in). */
export interface SessionClaims {
  personId: string;
  sessionEpoch: number;
}

type SessionReader = (headers: Headers) => Promise<SessionClaims | null>;

function claimsOf(payload: Record<string, unknown> | null): SessionClaims | null {
  const personId = payload?.personId;
  const sessionEpoch = payload?.sessionEpoch;
  if (typeof personId !== "string" || !personId || typeof sessionEpoch !== "number") return null;
  return { personId, sessionEpoch };
}

export function createSessionReader(secret: string, now: () => number = Date.now): SessionReader {
  const valid = new Map<string, { claims: SessionClaims; until: number }>(); // token → what it says, remembered until (ms)
  return async (headers) => {
    const cookie = headers.get("cookie");
    if (!cookie) return null;
    const cookieOnly = { headers: new Headers({ cookie }) };
    for (const { secureCookie, name } of NAMES) {
      if (!cookie.includes(name)) continue;
      const token = await getToken({ req: cookieOnly, secret, secureCookie, raw: true });
      if (!token) continue;
      const known = valid.get(token);
      if (known !== undefined) {
        if (known.until > now()) return known.claims;
        valid.delete(token);
      }
      let payload: Record<string, unknown> | null;
      try {
        payload = (await decode({ token, secret, salt: name })) as Record<string, unknown> | null;
      } catch {
        payload = null;
      }
      const exp = payload?.exp;
      const expMs = typeof exp === "number" ? exp * 1000 : 0;
      const claims = claimsOf(payload);
      // A token from before people (no person in it) signs in again.
      if (expMs <= now() || !claims) continue;
      if (valid.size >= MAX_REMEMBERED) valid.delete(valid.keys().next().value!);
      valid.set(token, { claims, until: Math.min(expMs, now() + REMEMBER_MS) });
      return claims;
    }
    return null;
  };
}

let shared: { secret: string; read: SessionReader } | null = null;

/** The process's session reader for `secret` (AUTH_SECRET). */
export function sessionReader(secret: string): SessionReader {
  if (shared?.secret !== secret) shared = { secret, read: createSessionReader(secret) };
  return shared.read;
}
