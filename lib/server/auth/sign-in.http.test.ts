import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Account } from "next-auth";
import { describe, expect, test } from "vitest";
import { AuditLogPage, InvitationCreated } from "@/lib/api";
import { BASE, serviceForFile, TEST_KEY } from "@/lib/embedded/test-support";
import { readConfig } from "../config";
import { decideOidcSignIn, readOidcConfig } from "../people/oidc";
import { passwordSignIn } from "./credentials";
import { oidcSignIn } from "./oidc";

/**
 * Signing in against the real people directory (the embedded service's): the break-glass account, a person's email
 * and password, AUTH_PASSWORD_SIGN_IN=off, and single sign-on's decision acted on (the person created, their role
 * updated later, a refusal); each sign-in and failed sign-in is in the audit log, never the password.
 */

// The sign-in throttle reads the process's configuration (DATABASE_URL): a data directory of its own for the test.
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "atelier-sign-in-"));
delete process.env.DATABASE_URL;

const svc = serviceForFile({ firstAdminName: "admin" });
const config = (env: Record<string, string> = {}) =>
  readConfig({ DATA_DIR: process.env.DATA_DIR!, DASHBOARD_PASSWORD: "break-glass-password-1", ...env });
const headers = () => new Headers({ "x-forwarded-for": "203.0.113.7" });

async function admin(method: string, p: string, body?: unknown): Promise<unknown> {
  const res = await svc.handle(
    new Request(`${BASE}${p}`, {
      method,
      headers: { authorization: `Bearer ${TEST_KEY}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
}

const audit = async () => AuditLogPage.parse(await admin("GET", "/v2/audit-log?limit=100")).entries;

/** A person with a password: invited, and their invitation accepted as the invitation page does. */
async function invited(email: string, role: "member" | "viewer", password: string) {
  const { url } = InvitationCreated.parse(await admin("POST", "/v2/team/invitations", { email, role }));
  const token = decodeURIComponent(url.slice(url.lastIndexOf("/") + 1));
  expect(await svc.people.invitation(token)).toMatchObject({ email, role });
  const person = await svc.people.acceptInvitation(token, { name: email.split("@")[0]!, password });
  expect(await svc.people.invitation(token)).toBeNull(); // used up
  return person;
}

describe("password sign-in against the directory", () => {
  test("the break-glass account is the first admin; a wrong password is refused; both are in the audit log", async () => {
    const deps = { config: config(), directory: svc.people };
    const first = await passwordSignIn(deps, "admin", "break-glass-password-1", headers());
    expect(first).toMatchObject({ id: "user_embedded", role: "admin" });
    expect(await passwordSignIn(deps, "admin", "wrong-password", headers())).toBeNull();
    const entries = await audit();
    expect(entries.find((e) => e.action === "sign_in")).toMatchObject({
      actor: "user_embedded",
      detail: { method: "break-glass" },
    });
    const failed = entries.find((e) => e.action === "sign_in.failed");
    expect(failed).toMatchObject({ actor: null, detail: { method: "password", account: "admin" } });
    expect(JSON.stringify(entries)).not.toContain("wrong-password");
    expect(JSON.stringify(entries)).not.toContain("break-glass-password-1");
  });

  test("a person signs in with their email (any case) and password; a disabled one no longer can", async () => {
    const ada = await invited("ada@example.com", "member", "ada-password-1");
    const deps = { config: config(), directory: svc.people };
    expect(await passwordSignIn(deps, " Ada@Example.com ", "ada-password-1", headers())).toMatchObject({
      id: ada.id,
      role: "member",
    });
    expect(await passwordSignIn(deps, "ada@example.com", "not-hers", headers())).toBeNull();
    await admin("PATCH", `/v2/team/members/${ada.id}`, { disabled: true });
    expect(await passwordSignIn(deps, "ada@example.com", "ada-password-1", headers())).toBeNull();
  });

  test("AUTH_PASSWORD_SIGN_IN=off: people's passwords are refused, the break-glass account still signs in", async () => {
    await invited("bo@example.com", "viewer", "bo-password-12");
    const off = { config: config({ AUTH_PASSWORD_SIGN_IN: "off" }), directory: svc.people };
    expect(await passwordSignIn(off, "bo@example.com", "bo-password-12", headers())).toBeNull();
    expect(await passwordSignIn(off, "admin", "break-glass-password-1", headers())).toMatchObject({
      id: "user_embedded",
    });
    const on = { config: config(), directory: svc.people };
    expect(await passwordSignIn(on, "bo@example.com", "bo-password-12", headers())).toMatchObject({ role: "viewer" });
  });
});

describe("single sign-on acted on", () => {
  const oidc = readOidcConfig({
    OIDC_ISSUER: "https://sso.example.com",
    OIDC_CLIENT_ID: "atelier",
    OIDC_MEMBER_VALUES: "engineering",
    OIDC_VIEWER_VALUES: "readers",
  })!;
  const account = (sub: string) => ({ provider: "oidc", type: "oidc", providerAccountId: sub }) as Account;
  const user = (claims: Record<string, unknown>) => ({
    id: String(claims.sub),
    oidc: { issuer: oidc.issuer, decision: decideOidcSignIn([claims], oidc) },
  });

  test("the first sign-in creates the person with the claim's role; a later one updates it; the session is theirs", async () => {
    const first = user({ sub: "kc-1", email: "cy@example.com", name: "Cy", groups: ["engineering"] });
    expect(await oidcSignIn(svc.people, oidc, first, account("kc-1"))).toBe(true);
    expect(first).toMatchObject({ name: "Cy", email: "cy@example.com", role: "member" });
    const id = first.id;
    expect(id).toMatch(/^user_/);
    const again = user({ sub: "kc-1", email: "cy@example.com", name: "Cy", groups: "readers" });
    expect(await oidcSignIn(svc.people, oidc, again, account("kc-1"))).toBe(true);
    expect(again).toMatchObject({ id, role: "viewer" });
    expect((await svc.people.person(id))?.role).toBe("viewer");
    expect((await audit()).find((e) => e.action === "sign_in" && e.actor === id)).toMatchObject({
      detail: { method: "oidc", role: "viewer" },
    });
  });

  test("no matching claim value: refused with the page that says so, recorded as a failed sign-in, nobody created", async () => {
    const nobody = user({ sub: "kc-2", email: "dee@example.com", groups: ["sales"] });
    expect(await oidcSignIn(svc.people, oidc, nobody, account("kc-2"))).toBe("/sign-in/refused?reason=no-role");
    const failed = (await audit()).find((e) => e.action === "sign_in.failed" && e.detail.email === "dee@example.com");
    expect(failed).toMatchObject({ detail: { method: "oidc", reason: "no-role" } });
    const members = (await admin("GET", "/v2/team/members")) as { members: { email: string }[] };
    expect(members.members.map((m) => m.email)).not.toContain("dee@example.com");
  });

  test("a disabled person is refused at the provider's return too", async () => {
    const eve = user({ sub: "kc-3", email: "eve@example.com", groups: ["engineering"] });
    expect(await oidcSignIn(svc.people, oidc, eve, account("kc-3"))).toBe(true);
    await admin("PATCH", `/v2/team/members/${eve.id}`, { disabled: true });
    const back = user({ sub: "kc-3", email: "eve@example.com", groups: ["engineering"] });
    expect(await oidcSignIn(svc.people, oidc, back, account("kc-3"))).toBe("/sign-in/refused?reason=disabled");
  });
});
