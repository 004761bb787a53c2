import { Role, ROLES, roleAtLeast } from "@/lib/api/schemas/team";

const higherRole = (a: Role, b: Role): Role => (roleAtLeast(a, b) ? a : b);

/**
 * Single sign-on through any OpenID Connect provider (OIDC_* variables; README "Configuration", docs/people.md): who
 * may sign in and with which role is decided here, from the claims, at every sign-in. No "server-only": pure.
 */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Null: a public client (PKCE only, no client authentication at the token endpoint). */
  clientSecret: string | null;
  /** The button says "Sign in with <name>". */
  name: string;
  /** The claim holding the person's groups or roles: a string or an array of strings; a dotted path reaches nested ones. */
  roleClaim: string;
  /** Claim values per role (the highest role matched wins). */
  values: Record<Role, string[]>;
  /** Email domains allowed to sign in (lowercase); empty: any. */
  allowedDomains: string[];
  /** The role of someone whose claim matches no value; null: refused. */
  defaultRole: Role | null;
}

type Env = Record<string, string | undefined>;

const list = (raw: string | undefined) =>
  (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** The OIDC_* variables; null without OIDC_ISSUER. A variable set wrong stops the start with a message naming it. */
export function readOidcConfig(env: Env): OidcConfig | null {
  const issuerRaw = env.OIDC_ISSUER?.trim();
  if (!issuerRaw) return null;
  let issuer: URL;
  try {
    issuer = new URL(issuerRaw);
  } catch {
    throw new Error(`OIDC_ISSUER must be an http(s) URL (got ${JSON.stringify(issuerRaw)})`);
  }
  if (issuer.protocol !== "https:" && issuer.protocol !== "http:")
    throw new Error(`OIDC_ISSUER must be an http(s) URL (got ${JSON.stringify(issuerRaw)})`);
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new Error("OIDC_ISSUER is set but OIDC_CLIENT_ID is not");
  const defaultRaw = env.OIDC_DEFAULT_ROLE?.trim().toLowerCase();
  if (defaultRaw && !Role.safeParse(defaultRaw).success)
    throw new Error(
      `OIDC_DEFAULT_ROLE must be one of ${ROLES.join(", ")} (got ${JSON.stringify(env.OIDC_DEFAULT_ROLE)})`,
    );
  return {
    issuer: issuerRaw,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET || null,
    name: env.OIDC_NAME?.trim() || issuer.host,
    roleClaim: env.OIDC_ROLE_CLAIM?.trim() || "groups",
    values: {
      admin: list(env.OIDC_ADMIN_VALUES),
      member: list(env.OIDC_MEMBER_VALUES),
      viewer: list(env.OIDC_VIEWER_VALUES),
    },
    allowedDomains: list(env.OIDC_ALLOWED_DOMAINS).map((d) => d.replace(/^@/, "").toLowerCase()),
    defaultRole: defaultRaw ? (defaultRaw as Role) : null,
  };
}

/** Why the claims refuse someone; the refusal page says it in words (app/(auth)/sign-in/refused). */
export type OidcRefusal = "no-role" | "domain" | "no-email";

export type OidcDecision =
  | { ok: true; email: string; name: string | undefined; role: Role }
  | { ok: false; refusal: OidcRefusal; email: string | null };

type Claims = Record<string, unknown>;

/** The claim's values in one source: a string is one value, an array gives its strings; a dotted path is followed. */
function claimValues(claims: Claims, name: string): string[] {
  let value: unknown = claims[name];
  if (value === undefined && name.includes(".")) {
    value = claims;
    for (const key of name.split(".")) {
      value = value && typeof value === "object" && !Array.isArray(value) ? (value as Claims)[key] : undefined;
    }
  }
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return [];
}

/**
 * The decision for one sign-in from the ID token's claims and the userinfo answer (both read: a provider may put the
 * groups in either): refused without an email, outside OIDC_ALLOWED_DOMAINS (an email its provider says is unverified
 * counts as outside them), or without a matching claim value unless OIDC_DEFAULT_ROLE is set; else the highest role
 * any value gives.
 */
export function decideOidcSignIn(sources: Claims[], config: OidcConfig): OidcDecision {
  const first = <T>(pick: (c: Claims) => T | undefined) => sources.map(pick).find((v) => v !== undefined);
  const emailRaw = first((c) => (typeof c.email === "string" && c.email.includes("@") ? c.email : undefined));
  const email = emailRaw?.trim().toLowerCase() ?? null;
  if (!email) return { ok: false, refusal: "no-email", email: null };
  if (config.allowedDomains.length) {
    const domain = email.slice(email.lastIndexOf("@") + 1);
    const verified = first((c) => (typeof c.email_verified === "boolean" ? c.email_verified : undefined));
    if (verified === false || !config.allowedDomains.includes(domain)) return { ok: false, refusal: "domain", email };
  }
  const values = new Set(sources.flatMap((c) => claimValues(c, config.roleClaim)));
  let role: Role | null = null;
  for (const candidate of ROLES) {
    if (config.values[candidate].some((v) => values.has(v))) role = role ? higherRole(role, candidate) : candidate;
  }
  role ??= config.defaultRole;
  if (!role) return { ok: false, refusal: "no-role", email };
  const name = first((c) =>
    typeof c.name === "string" && c.name.trim()
      ? c.name.trim()
      : typeof c.preferred_username === "string" && c.preferred_username.trim()
        ? c.preferred_username.trim()
        : undefined,
  );
  return { ok: true, email, name, role };
}
