import { describe, expect, it } from "vitest";
import { decideOidcSignIn, readOidcConfig } from "./oidc";

const env = (over: Record<string, string> = {}) => ({
  OIDC_ISSUER: "https://sso.example.com/realms/acme",
  OIDC_CLIENT_ID: "atelier",
  OIDC_CLIENT_SECRET: "s3cret",
  OIDC_ADMIN_VALUES: "atelier-admins",
  OIDC_MEMBER_VALUES: "engineering, design",
  OIDC_VIEWER_VALUES: "everyone",
  ...over,
});
const config = (over: Record<string, string> = {}) => readOidcConfig(env(over))!;
const person = { sub: "u1", email: "Ada@Example.com", name: "Ada Lovelace" };

describe("OIDC configuration", () => {
  it("is off without OIDC_ISSUER, and reads every variable with its default", () => {
    expect(readOidcConfig({})).toBeNull();
    expect(config()).toEqual({
      issuer: "https://sso.example.com/realms/acme",
      clientId: "atelier",
      clientSecret: "s3cret",
      name: "sso.example.com",
      roleClaim: "groups",
      values: { admin: ["atelier-admins"], member: ["engineering", "design"], viewer: ["everyone"] },
      allowedDomains: [],
      defaultRole: null,
    });
    expect(
      config({ OIDC_NAME: "Keycloak", OIDC_ROLE_CLAIM: "roles", OIDC_ALLOWED_DOMAINS: "@Example.com, acme.org" }),
    ).toMatchObject({ name: "Keycloak", roleClaim: "roles", allowedDomains: ["example.com", "acme.org"] });
    expect(readOidcConfig({ ...env(), OIDC_CLIENT_SECRET: "" })?.clientSecret).toBeNull();
  });

  it("stops the start on a variable set wrong, naming it", () => {
    expect(() => readOidcConfig(env({ OIDC_ISSUER: "not a url" }))).toThrow(/OIDC_ISSUER/);
    expect(() => readOidcConfig(env({ OIDC_ISSUER: "ftp://sso.example.com" }))).toThrow(/OIDC_ISSUER/);
    expect(() => readOidcConfig(env({ OIDC_CLIENT_ID: "" }))).toThrow(/OIDC_CLIENT_ID/);
    expect(() => readOidcConfig(env({ OIDC_DEFAULT_ROLE: "owner" }))).toThrow(/OIDC_DEFAULT_ROLE/);
    expect(config({ OIDC_DEFAULT_ROLE: "Viewer" }).defaultRole).toBe("viewer");
  });
});

describe("the role from the claims", () => {
  it("a string claim or an array of strings; the highest role matched wins", () => {
    expect(decideOidcSignIn([{ ...person, groups: "engineering" }], config())).toEqual({
      ok: true,
      email: "ada@example.com",
      name: "Ada Lovelace",
      role: "member",
    });
    expect(decideOidcSignIn([{ ...person, groups: ["everyone"] }], config())).toMatchObject({ role: "viewer" });
    expect(
      decideOidcSignIn([{ ...person, groups: ["everyone", "atelier-admins", "design", 42] }], config()),
    ).toMatchObject({ role: "admin" });
    expect(decideOidcSignIn([{ ...person, groups: ["design", "everyone"] }], config())).toMatchObject({
      role: "member",
    });
  });

  it("reads the ID token's claims and the userinfo answer together, and follows a dotted claim name", () => {
    const idToken = { sub: "u1", groups: ["everyone"] };
    const userinfo = { sub: "u1", email: "ada@example.com", groups: ["engineering"] };
    expect(decideOidcSignIn([idToken, userinfo], config())).toMatchObject({ ok: true, role: "member" });
    const keycloak = { ...person, realm_access: { roles: ["atelier-admins"] } };
    expect(decideOidcSignIn([keycloak], config({ OIDC_ROLE_CLAIM: "realm_access.roles" }))).toMatchObject({
      role: "admin",
    });
    expect(decideOidcSignIn([{ ...person, roles: "design" }], config({ OIDC_ROLE_CLAIM: "roles" }))).toMatchObject({
      role: "member",
    });
  });

  it("no matching value is refused, unless OIDC_DEFAULT_ROLE gives one", () => {
    expect(decideOidcSignIn([{ ...person, groups: ["sales"] }], config())).toEqual({
      ok: false,
      refusal: "no-role",
      email: "ada@example.com",
    });
    expect(decideOidcSignIn([person], config())).toMatchObject({ ok: false, refusal: "no-role" });
    expect(decideOidcSignIn([{ ...person, groups: { engineering: true } }], config())).toMatchObject({
      refusal: "no-role",
    });
    expect(decideOidcSignIn([{ ...person, groups: ["sales"] }], config({ OIDC_DEFAULT_ROLE: "viewer" }))).toMatchObject(
      { ok: true, role: "viewer" },
    );
    // A matching value still wins over the default.
    expect(
      decideOidcSignIn([{ ...person, groups: ["engineering"] }], config({ OIDC_DEFAULT_ROLE: "viewer" })),
    ).toMatchObject({ role: "member" });
  });

  it("only the allowed domains, with an email the provider does not call unverified; no email, no entry", () => {
    const domains = config({ OIDC_ALLOWED_DOMAINS: "example.com" });
    const member = { ...person, groups: "engineering" };
    expect(decideOidcSignIn([member], domains)).toMatchObject({ ok: true });
    expect(decideOidcSignIn([{ ...member, email: "ada@evil.com" }], domains)).toMatchObject({
      ok: false,
      refusal: "domain",
    });
    expect(decideOidcSignIn([{ ...member, email: "ada@sub.example.com" }], domains)).toMatchObject({
      refusal: "domain",
    });
    expect(decideOidcSignIn([{ ...member, email: "ada@example.com.evil.com" }], domains)).toMatchObject({
      refusal: "domain",
    });
    expect(decideOidcSignIn([{ ...member, email_verified: false }], domains)).toMatchObject({ refusal: "domain" });
    expect(decideOidcSignIn([{ ...member, email_verified: true }], domains)).toMatchObject({ ok: true });
    expect(decideOidcSignIn([{ sub: "u1", groups: "engineering" }], config())).toEqual({
      ok: false,
      refusal: "no-email",
      email: null,
    });
  });

  it("the name from `name`, else `preferred_username`, else none (the directory then uses the email)", () => {
    const c = config({ OIDC_DEFAULT_ROLE: "viewer" });
    expect(decideOidcSignIn([{ sub: "u", email: "a@b.c", preferred_username: "ada" }], c)).toMatchObject({
      name: "ada",
    });
    expect(decideOidcSignIn([{ sub: "u", email: "a@b.c" }], c)).toMatchObject({ name: undefined });
  });
});
