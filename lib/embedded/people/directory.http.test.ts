import { describe, expect, test } from "vitest";
import { Me } from "@/lib/api";
import { expectSchema, serviceForFile } from "../test-support";
import { callAs } from "./test-people";

/**
 * The in-process directory the dashboard signs people in with (docs/people.md "The in-process directory"): the first
 * admin, passwords, OIDC identities (created on first sign-in, role/name/email following the claims), session
 * epochs, and what it refuses.
 */

const svc = serviceForFile({ firstAdminName: "root" });
const ISSUER = "https://idp.example.com";

describe("the people directory", () => {
  test("the first admin: user_embedded, named after the environment's account, never a password here", async () => {
    expect(await svc.people.firstAdmin()).toEqual({
      id: "user_embedded",
      email: "embedded@atelier.invalid",
      name: "root",
      role: "admin",
      disabled: false,
      deleted: false,
      sessionEpoch: 0,
    });
    expect(await svc.people.verifyPassword("embedded@atelier.invalid", "")).toBeNull();
    await expect(svc.people.setPassword("user_embedded", "a long password")).rejects.toMatchObject({
      code: "invalid_input",
    });
    expect(await svc.people.person("user_nobody")).toBeNull();
  });

  test("OIDC: the first sign-in creates the person; later ones follow the claims' role, name and email", async () => {
    const first = await svc.people.signInWithOidc({
      issuer: ISSUER,
      subject: "sub-1",
      email: "Erin@Example.com",
      name: "Erin",
      role: "member",
    });
    expect(first).toMatchObject({ email: "erin@example.com", name: "Erin", role: "member", sessionEpoch: 0 });
    expect(first.id).toMatch(/^user_/);
    // The same identity again, same claims: nothing changes (the epoch stays).
    expect(
      await svc.people.signInWithOidc({
        issuer: ISSUER,
        subject: "sub-1",
        email: "erin@example.com",
        role: "member",
        name: "Erin",
      }),
    ).toEqual(first);
    // A new role from the claims: the role follows and older sessions end (the epoch moves).
    const demoted = await svc.people.signInWithOidc({
      issuer: ISSUER,
      subject: "sub-1",
      email: "erin@new.example.com",
      name: "Erin B",
      role: "viewer",
    });
    expect(demoted).toMatchObject({ id: first.id, role: "viewer", name: "Erin B", email: "erin@new.example.com" });
    expect(demoted.sessionEpoch).toBe(first.sessionEpoch + 1);
    // Acting as them through the service's key uses that role.
    const me = await callAs(svc, { actingAs: first.id }, "GET", "/v2/team/me");
    expect(expectSchema(Me, me.body).role).toBe("viewer");
  });

  test("OIDC: a person with that email and no identity is linked; the first admin or another identity never is", async () => {
    const made = await callAs(svc, {}, "POST", "/v2/team/members", { email: "frank@example.com", role: "viewer" });
    const id = (made.body as { id: string }).id;
    const linked = await svc.people.signInWithOidc({
      issuer: ISSUER,
      subject: "sub-2",
      email: "frank@example.com",
      role: "member",
    });
    expect(linked).toMatchObject({ id, role: "member" });
    await expect(
      svc.people.signInWithOidc({ issuer: ISSUER, subject: "sub-3", email: "frank@example.com", role: "admin" }),
    ).rejects.toMatchObject({ code: "email_taken" });
    await expect(
      svc.people.signInWithOidc({ issuer: ISSUER, subject: "sub-4", email: "embedded@atelier.invalid", role: "admin" }),
    ).rejects.toMatchObject({ code: "email_taken" });
    expect((await svc.people.firstAdmin()).role).toBe("admin");
  });

  test("OIDC: a disabled or deleted person is refused; added again by an admin, they sign in", async () => {
    const person = await svc.people.signInWithOidc({
      issuer: ISSUER,
      subject: "sub-5",
      email: "gus@example.com",
      role: "member",
    });
    await callAs(svc, {}, "PATCH", `/v2/team/members/${person.id}`, { disabled: true });
    await expect(
      svc.people.signInWithOidc({ issuer: ISSUER, subject: "sub-5", email: "gus@example.com", role: "member" }),
    ).rejects.toMatchObject({ code: "disabled" });
    const after = await svc.people.person(person.id);
    expect(after).toMatchObject({ disabled: true });
    expect(after!.sessionEpoch).toBe(person.sessionEpoch + 1);
    await callAs(svc, {}, "DELETE", `/v2/team/members/${person.id}`);
    expect(await svc.people.person(person.id)).toMatchObject({ deleted: true, name: "gus" });
    await expect(
      svc.people.signInWithOidc({ issuer: ISSUER, subject: "sub-5", email: "gus@example.com", role: "member" }),
    ).rejects.toMatchObject({ code: "deleted" });
    const added = await callAs(svc, {}, "POST", "/v2/team/members", { email: "gus@example.com", role: "viewer" });
    const again = await svc.people.signInWithOidc({
      issuer: ISSUER,
      subject: "sub-5",
      email: "gus@example.com",
      role: "viewer",
    });
    expect(again.id).toBe((added.body as { id: string }).id);
  });

  test("passwords: set (scrypt), checked, and changing one ends the person's sessions; disabled people are refused", async () => {
    const made = await callAs(svc, {}, "POST", "/v2/team/members", { email: "hana@example.com", role: "member" });
    const id = (made.body as { id: string }).id;
    expect(await svc.people.verifyPassword("hana@example.com", "")).toBeNull(); // no password yet
    await expect(svc.people.setPassword(id, "short")).rejects.toMatchObject({ code: "invalid_input" });
    const set = await svc.people.setPassword(id, "a long passphrase");
    expect(set.sessionEpoch).toBe(1);
    expect(await svc.people.verifyPassword(" HANA@example.com ", "a long passphrase")).toMatchObject({ id });
    expect(await svc.people.verifyPassword("hana@example.com", "a long passphrasE")).toBeNull();
    await callAs(svc, {}, "PATCH", `/v2/team/members/${id}`, { disabled: true });
    expect(await svc.people.verifyPassword("hana@example.com", "a long passphrase")).toBeNull();
    await expect(svc.people.setPassword("user_nobody", "a long passphrase")).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
