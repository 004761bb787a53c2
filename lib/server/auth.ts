import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getConfig } from "./config";

function sameSecret(a: string, b: string): boolean {
  // Hash first so the comparison is constant-time whatever the lengths.
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** Whether the given sign-in matches DASHBOARD_USERNAME / DASHBOARD_PASSWORD (or the generated password). */
export function checkCredentials(username: unknown, password: unknown): boolean {
  if (typeof username !== "string" || typeof password !== "string") return false;
  const config = getConfig();
  const userOk = sameSecret(username, config.dashboardUsername);
  const passOk = sameSecret(password, config.dashboardPassword);
  return userOk && passOk;
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
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize(credentials) {
          if (!checkCredentials(credentials?.username, credentials?.password)) return null;
          const name = String(credentials.username);
          return { id: name, name };
        },
      }),
    ],
  };
});
