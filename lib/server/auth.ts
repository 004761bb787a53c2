import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import NextAuth from "next-auth";
import { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { logAuthError } from "./auth-logger";
import { getConfig } from "./config";
import { clientAddress, signInThrottle, throttleKey, trustProxyFrom } from "./sign-in";

function sameSecret(a: string, b: string): boolean {
  // Hash first so the comparison is constant-time whatever the lengths.
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** Whether the given sign-in matches DASHBOARD_USERNAME / DASHBOARD_PASSWORD (or the generated password). */
function checkCredentials(username: unknown, password: unknown): boolean {
  if (typeof username !== "string" || typeof password !== "string") return false;
  const config = getConfig();
  const userOk = sameSecret(username, config.dashboardUsername);
  const passOk = sameSecret(password, config.dashboardPassword);
  return userOk && passOk;
}

/** Refused by the throttle (too many failures): the sign-in form says for how long. */
class SignInLocked extends CredentialsSignin {
  code = "locked";
}

/** The throttle key of a sign-in attempt: the username tried and the client's address (sign-in-throttle.ts). */
export function signInKey(username: unknown, headers: Headers): string {
  return throttleKey(typeof username === "string" ? username : "", clientAddress(headers, trustProxyFrom(process.env)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The credentials check behind both sign-in paths (the form's server action and Auth.js's HTTP callback): refused
 * while locked or when its turn is too far away, else checked when its turn comes; a failure is counted and answered
 * after the throttle's delay; a success resets the count (lib/server/sign-in/policy.ts).
 */
async function authorizeSignIn(username: unknown, password: unknown, headers: Headers): Promise<boolean> {
  const throttle = signInThrottle();
  const key = signInKey(username, headers);
  if ((await throttle.admit(key)).locked) throw new SignInLocked();
  if (!checkCredentials(username, password)) {
    const failure = await throttle.recordFailure(key);
    await sleep(failure.delayMs);
    if (failure.locked) throw new SignInLocked();
    return false;
  }
  await throttle.recordSuccess(key);
  return true;
}

// Lazy configuration: nothing reads DATA_DIR until the first request (not during `next build`).
export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const config = getConfig();
  return {
    secret: config.authSecret,
    // Self-hosted: the Host header is trusted; same-origin checks for mutations are done against APP_URL.
    trustHost: true,
    session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
    pages: { signIn: "/sign-in" },
    logger: { error: logAuthError },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          if (!(await authorizeSignIn(credentials?.username, credentials?.password, request.headers))) return null;
          const name = String(credentials.username);
          return { id: name, name };
        },
      }),
    ],
  };
});
