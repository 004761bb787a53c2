import "server-only";
import type { Account, User } from "next-auth";
import type { OIDCConfig } from "next-auth/providers";
import type { PeopleDirectory } from "../people/directory";
import { decideOidcSignIn, type OidcConfig, type OidcDecision } from "../people/oidc";
import { SIGN_IN, SIGN_IN_FAILED } from "./credentials";

/** The provider's id: its callback is `<APP_URL>/api/auth/callback/oidc`. */
export const OIDC_PROVIDER_ID = "oidc";

type Claims = Record<string, unknown>;

/** What the provider step hands the sign-in callback: the decision taken from the claims. */
interface OidcUser extends User {
  oidc?: { issuer: string; decision: OidcDecision };
}

/** The payload of an ID token Auth.js has already validated (signature, issuer, audience, expiry, nonce). */
function idTokenClaims(idToken: unknown): Claims {
  if (typeof idToken !== "string") return {};
  try {
    const payload = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8")) as unknown;
    return payload && typeof payload === "object" ? (payload as Claims) : {};
  } catch {
    return {};
  }
}

/**
 * Auth.js's generic OIDC provider for OIDC_ISSUER: discovery, the authorization code flow with PKCE, state and nonce,
 * the ID token validated by Auth.js. `idToken: false` makes Auth.js also ask the userinfo endpoint, so that the role
 * claim is found in either; the profile step only decides (lib/server/people/oidc.ts), the sign-in callback acts.
 */
export function oidcProvider(oidc: OidcConfig): OIDCConfig<Claims> {
  return {
    id: OIDC_PROVIDER_ID,
    name: oidc.name,
    type: "oidc",
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    ...(oidc.clientSecret ? { clientSecret: oidc.clientSecret } : { client: { token_endpoint_auth_method: "none" } }),
    checks: ["pkce", "state", "nonce"],
    idToken: false,
    authorization: { params: { scope: "openid email profile" } },
    profile(userinfo, tokens): OidcUser {
      const idClaims = idTokenClaims(tokens.id_token);
      const sub = typeof idClaims.sub === "string" ? idClaims.sub : String(userinfo.sub ?? "");
      const issuer = typeof idClaims.iss === "string" ? idClaims.iss : oidc.issuer;
      return { id: sub, oidc: { issuer, decision: decideOidcSignIn([idClaims, userinfo], oidc) } };
    },
  };
}

/**
 * The sign-in callback for single sign-on: someone the claims refuse goes to the refusal page that says why; else the
 * directory creates the person (first sign-in) or updates their role, name and email, and the session is theirs.
 * Both outcomes are written to the audit log.
 */
export async function oidcSignIn(
  directory: PeopleDirectory,
  oidc: OidcConfig,
  user: OidcUser,
  account: Account,
): Promise<true | string> {
  const { issuer, decision } = user.oidc ?? { issuer: oidc.issuer, decision: null };
  const refuse = async (reason: string, email: string | null, personId: string | null = null) => {
    await directory.recordAudit({
      actor: personId,
      action: SIGN_IN_FAILED,
      target: personId,
      detail: { method: "oidc", reason, ...(email ? { email } : {}) },
    });
    return `/sign-in/refused?reason=${encodeURIComponent(reason)}`;
  };
  if (!decision) return refuse("no-email", null);
  if (!decision.ok) return refuse(decision.refusal, decision.email);
  let person;
  try {
    person = await directory.signInWithOidc({
      issuer,
      subject: account.providerAccountId,
      email: decision.email,
      ...(decision.name ? { name: decision.name } : {}),
      role: decision.role,
    });
  } catch (error) {
    // The directory's typed refusals (PEOPLE-CONTRACT.md): a disabled or deleted person, an email another identity has.
    const code = (error as { code?: unknown }).code;
    if (code === "disabled" || code === "deleted") return refuse("disabled", decision.email);
    if (code === "email_taken") return refuse("email-taken", decision.email);
    throw error;
  }
  if (person.disabled || person.deleted) return refuse("disabled", person.email, person.id);
  Object.assign(user, {
    id: person.id,
    name: person.name,
    email: person.email,
    role: person.role,
    sessionEpoch: person.sessionEpoch,
  });
  await directory.recordAudit({
    actor: person.id,
    action: SIGN_IN,
    target: person.id,
    detail: { method: "oidc", role: person.role },
  });
  return true;
}
