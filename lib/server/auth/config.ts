import "server-only";
import type { NextAuthConfig, User } from "next-auth";
import { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import type { AppConfig } from "../config";
import type { PeopleDirectory, PersonRecord } from "../people/directory";
import type { Role } from "@/lib/api/schemas/team";
import { livePerson } from "../people/session";
import { passwordSignIn, SIGN_IN, SIGN_OUT } from "./credentials";
import { logAuthError } from "./logger";
import { oidcProvider, oidcSignIn, OIDC_PROVIDER_ID } from "./oidc";

declare module "next-auth" {
  interface User {
    role?: Role;
    sessionEpoch?: number;
  }
  interface Session {
    user: { id: string; name: string; email: string; role: Role };
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    personId?: string;
    sessionEpoch?: number;
    role?: Role;
  }
}

/** What a session names: the signed-in person as stored when the request began. */
export interface SessionPerson {
  id: string;
  name: string;
  email: string;
  role: Role;
}

interface AuthDeps {
  config: AppConfig;
  /** The people directory (app/_wiring/people.ts): the embedded service's people part. */
  directory: () => Promise<PeopleDirectory>;
}

/** An invitation that cannot be accepted: its code is the directory's message, shown on the invitation page. */
class InvitationRefused extends CredentialsSignin {
  constructor(message: string) {
    super(message);
    this.code = message;
  }
}

const asUser = (person: PersonRecord): User => ({
  id: person.id,
  name: person.name,
  email: person.email,
  role: person.role,
  sessionEpoch: person.sessionEpoch,
});

/** The provider ids: the password form (and the break-glass account), an accepted invitation, single sign-on. */
const PASSWORD_PROVIDER_ID = "credentials";
export const INVITATION_PROVIDER_ID = "invitation";

/**
 * Auth.js's configuration (docs/people.md): sessions are JWTs naming the person and the session's epoch, checked
 * against the directory on every `auth()` (the jwt callback: a person gone, disabled or on a newer epoch ends the
 * session, which Auth.js then clears); the role a session carries is the stored one.
 */
export function authConfig({ config, directory }: AuthDeps): NextAuthConfig {
  return {
    secret: config.authSecret,
    // Self-hosted: the Host header is trusted; same-origin checks for mutations are done against APP_URL.
    trustHost: true,
    session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
    // Auth.js's own pages are not used: errors (e.g. a failed single sign-on) come back to the sign-in page.
    pages: { signIn: "/sign-in", error: "/sign-in" },
    logger: { error: logAuthError },
    providers: [
      Credentials({
        id: PASSWORD_PROVIDER_ID,
        credentials: { username: { label: "Email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          const person = await passwordSignIn(
            { config, directory: await directory() },
            credentials?.username,
            credentials?.password,
            request.headers,
          );
          return person ? asUser(person) : null;
        },
      }),
      Credentials({
        id: INVITATION_PROVIDER_ID,
        credentials: { token: {}, name: {}, password: { type: "password" } },
        async authorize(credentials) {
          const { token, name, password } = credentials ?? {};
          if (typeof token !== "string" || typeof name !== "string" || typeof password !== "string") return null;
          const people = await directory();
          let person: PersonRecord;
          try {
            person = await people.acceptInvitation(token, { name, password });
          } catch (error) {
            throw new InvitationRefused(error instanceof Error ? error.message : "The invitation cannot be used.");
          }
          await people.recordAudit({
            actor: person.id,
            action: SIGN_IN,
            target: person.id,
            detail: { method: "invitation" },
          });
          return asUser(person);
        },
      }),
      ...(config.oidc ? [oidcProvider(config.oidc)] : []),
    ],
    events: {
      async signOut(message) {
        const personId = "token" in message ? message.token?.personId : undefined;
        if (typeof personId === "string")
          await (await directory()).recordAudit({ actor: personId, action: SIGN_OUT, target: personId });
      },
    },
    callbacks: {
      async signIn({ user, account }) {
        if (account?.provider !== OIDC_PROVIDER_ID || !config.oidc) return true;
        return oidcSignIn(await directory(), config.oidc, user, account);
      },
      async jwt({ token, user }) {
        if (user) {
          // Signing in: the person the provider's step settled on.
          token.personId = user.id;
          token.sessionEpoch = user.sessionEpoch;
          token.role = user.role;
          return token;
        }
        const { personId, sessionEpoch } = token;
        if (typeof personId !== "string" || typeof sessionEpoch !== "number") return null;
        const person = await livePerson(await directory(), { personId, sessionEpoch });
        if (!person) return null;
        token.name = person.name;
        token.email = person.email;
        token.role = person.role;
        return token;
      },
      session({ session, token }) {
        session.user = {
          ...session.user,
          id: token.personId ?? "",
          name: token.name ?? "",
          email: token.email ?? "",
          role: token.role ?? "viewer",
        };
        return session;
      },
    },
  };
}
