import "server-only";
import NextAuth from "next-auth";
import { authConfig, type SessionPerson } from "@/lib/server/auth/config";
import { getConfig } from "@/lib/server/config";
import { peopleDirectory } from "./people";

// Lazy configuration: nothing reads DATA_DIR or opens the directory until the first request (not during `next build`).
export const { handlers, auth, signIn, signOut } = NextAuth(() =>
  authConfig({ config: getConfig(), directory: peopleDirectory }),
);

/**
 * The signed-in person, checked against the directory now (Auth.js's jwt callback): null without a session, or when
 * the person is gone, disabled, or their sessions were ended (a new session epoch). Pages, server actions and the
 * dashboard's own routes call this; the proxy reads the cookie itself (app/_wiring/proxy-caller.ts).
 */
export async function signedInPerson(): Promise<SessionPerson | null> {
  const session = await auth();
  const user = session?.user;
  return user?.id ? { id: user.id, name: user.name, email: user.email, role: user.role } : null;
}
