import { beforeAll, describe, expect, test } from "vitest";
import {
  AUDIT_ACTIONS,
  ApiKeyCreated,
  ApiKeyList,
  AuditEntry,
  AuditLogPage,
  ChatWithUsage,
  ErrorV2,
  InvitationCreated,
  InvitationList,
  Me,
  Member,
  MemberList,
  TransferChatsResult,
} from "@/lib/api";
import { UserV1 } from "@/lib/api/schemas/v1";
import { expectSchema, serviceForFile } from "../test-support";
import { PeopleError } from "./types";
import { addPerson, callAs, threePeople, type TestPerson } from "./test-people";

/**
 * People over the API (docs/people.md): the caller of every request (keys, the acting-as header), members,
 * invitations (one use, 7 days, on a clock the test moves), API keys (rotation, deletion, a disabled person's key)
 * and the audit log (every action, never a secret, pruned after the retention period).
 */

let now = new Date("2026-03-01T10:00:00.000Z");
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
const DAY = 24 * 60 * 60 * 1000;
const svc = serviceForFile({
  peopleNow: () => now,
  firstAdminName: "alice",
  invitationUrl: (token) => `https://atelier.test/invite/${token}`,
});

let admin: TestPerson;
let member: TestPerson;
let viewer: TestPerson;
/** Every secret the tests saw (keys, invitation tokens, passwords): none may appear in the audit log. */
const secrets: string[] = [];

beforeAll(async () => {
  ({ admin, member, viewer } = await threePeople(svc));
  secrets.push(admin.key, member.key, viewer.key);
});

const me = async (as: { key?: string; actingAs?: string }) => callAs(svc, as, "GET", "/v2/team/me");
const messageOf = (body: unknown) => expectSchema(ErrorV2, body).message;

describe("the caller of every request", () => {
  test("GET /v1/user and /v2/team/me answer each key's person; the service's key is the first admin", async () => {
    for (const [as, id, role] of [
      [{}, "user_embedded", "admin"],
      [{ key: admin.key }, "user_embedded", "admin"],
      [{ key: member.key }, member.id, "member"],
      [{ key: viewer.key }, viewer.id, "viewer"],
    ] as const) {
      const user = expectSchema(UserV1, (await callAs(svc, as, "GET", "/v1/user")).body);
      expect(user.id).toBe(id);
      expect(expectSchema(Me, (await me(as)).body)).toMatchObject({ id, role });
    }
    const first = expectSchema(UserV1, (await callAs(svc, {}, "GET", "/v1/user")).body);
    expect(first).toMatchObject({
      name: "alice",
      email: "embedded@atelier.invalid",
      createdAt: "2025-01-01T00:00:00.000Z",
    });
  });

  test("a missing, unknown or malformed key is 401; a key's secret changed by one character is 401", async () => {
    const tampered = member.key.slice(0, -1) + (member.key.endsWith("A") ? "B" : "A");
    for (const key of ["", "nope", "atl_", tampered, member.key.slice(0, 17), `${member.key}x`])
      expect((await me({ key })).status, key).toBe(401);
    const res = await svc.handle(new Request("http://svc.test/svc/v2/team/me"));
    expect(res.status).toBe(401);
  });

  test("acting as someone: honoured with the service's key only, with that person's current role", async () => {
    expect(expectSchema(Me, (await me({ actingAs: member.id })).body)).toMatchObject({ id: member.id, role: "member" });
    // The acting person's role decides: a member acting through the service's key is still refused admin routes.
    const refused = await callAs(svc, { actingAs: member.id }, "GET", "/v2/team/members");
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toBe("This needs the admin role; you are a member.");
    // With a person's key the header is refused outright, even naming the key's own person.
    for (const actingAs of [member.id, viewer.id, "user_embedded"]) {
      const res = await me({ key: member.key, actingAs });
      expect(res.status).toBe(403);
      expect(messageOf(res.body)).toMatch(/x-atelier-acting-as is honoured only with the service's key/);
    }
    // Unknown people: 401.
    for (const actingAs of ["user_nobody", "", "viewer@example.com"])
      expect((await me({ actingAs })).status, actingAs).toBe(401);
  });

  test("a disabled person's key and acting-as are refused on the next request; enabled again, they work", async () => {
    const person = await addPerson(svc, "temp@example.com", "member");
    secrets.push(person.key);
    expect((await me({ key: person.key })).status).toBe(200);
    const disabled = await callAs(svc, {}, "PATCH", `/v2/team/members/${person.id}`, { disabled: true });
    expect(expectSchema(Member, disabled.body).disabled).toBe(true);
    expect((await me({ key: person.key })).status).toBe(401);
    expect((await me({ actingAs: person.id })).status).toBe(401);
    expect((await callAs(svc, {}, "PATCH", `/v2/team/members/${person.id}`, { disabled: false })).status).toBe(200);
    expect((await me({ key: person.key })).status).toBe(200);
    // A role change counts from the next request too.
    await callAs(svc, {}, "PATCH", `/v2/team/members/${person.id}`, { role: "viewer" });
    expect(expectSchema(Me, (await me({ key: person.key })).body).role).toBe("viewer");
    expect((await callAs(svc, { key: person.key }, "POST", "/v2/chats", { message: "x" })).status).toBe(403);
    // Deleted: the key goes, acting as them is refused, their name still resolves in the directory.
    expect((await callAs(svc, {}, "DELETE", `/v2/team/members/${person.id}`)).status).toBe(200);
    expect((await me({ key: person.key })).status).toBe(401);
    expect((await me({ actingAs: person.id })).status).toBe(401);
    expect(await svc.people.person(person.id)).toMatchObject({ id: person.id, name: "temp", deleted: true });
    const list = expectSchema(MemberList, (await callAs(svc, {}, "GET", "/v2/team/members")).body);
    expect(list.members.map((m) => m.id)).not.toContain(person.id);
  });
});

describe("API keys", () => {
  test("shown once, stored hashed, listed without the key; rotation ends the old key at once; deletion too", async () => {
    const created = await callAs(svc, { key: member.key }, "POST", "/v2/api-keys", { name: "laptop" });
    expect(created.status).toBe(201);
    const key = expectSchema(ApiKeyCreated, created.body);
    secrets.push(key.key);
    expect(key.key).toMatch(/^atl_[0-9a-z]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    expect(key.memberId).toBe(member.id);
    expect(expectSchema(Me, (await me({ key: key.key })).body).id).toBe(member.id);

    const listed = expectSchema(ApiKeyList, (await callAs(svc, { key: member.key }, "GET", "/v2/api-keys")).body);
    expect(listed.apiKeys.map((k) => k.id).sort()).toEqual([member.keyId, key.id].sort());
    expect(JSON.stringify(listed)).not.toContain(key.key);
    expect(listed.apiKeys.find((k) => k.id === key.id)?.lastUsedAt).toBe(now.toISOString());

    const rotated = expectSchema(
      ApiKeyCreated,
      (await callAs(svc, { key: member.key }, "POST", `/v2/api-keys/${key.id}/rotate`)).body,
    );
    secrets.push(rotated.key);
    expect(rotated).toMatchObject({ id: key.id, name: "laptop", memberId: member.id });
    expect(rotated.key).not.toBe(key.key);
    expect((await me({ key: key.key })).status).toBe(401);
    expect((await me({ key: rotated.key })).status).toBe(200);

    const deleted = await callAs(svc, { key: member.key }, "DELETE", `/v2/api-keys/${key.id}`);
    expect(deleted.body).toEqual({ id: key.id, deleted: true });
    expect((await me({ key: rotated.key })).status).toBe(401);
    expect((await callAs(svc, { key: member.key }, "DELETE", `/v2/api-keys/${key.id}`)).status).toBe(404);
  });

  test("someone else's keys: an admin's business; a member gets 403 or 404 and nothing changes", async () => {
    const before = (await callAs(svc, {}, "GET", "/v2/api-keys?memberId=all")).body;
    const forViewer = await callAs(svc, { key: member.key }, "POST", "/v2/api-keys", {
      name: "x",
      memberId: viewer.id,
    });
    expect(forViewer.status).toBe(403);
    expect(messageOf(forViewer.body)).toBe("This needs the admin role; you are a member.");
    expect((await callAs(svc, { key: member.key }, "GET", `/v2/api-keys?memberId=${viewer.id}`)).status).toBe(403);
    expect((await callAs(svc, { key: member.key }, "GET", "/v2/api-keys?memberId=all")).status).toBe(403);
    expect((await callAs(svc, { key: member.key }, "POST", `/v2/api-keys/${viewer.keyId}/rotate`)).status).toBe(404);
    expect((await callAs(svc, { key: member.key }, "DELETE", `/v2/api-keys/${viewer.keyId}`)).status).toBe(404);
    const after = (await callAs(svc, {}, "GET", "/v2/api-keys?memberId=all")).body as { apiKeys: { id: string }[] };
    expect(after.apiKeys.map((k) => k.id)).toEqual((before as { apiKeys: { id: string }[] }).apiKeys.map((k) => k.id));
    expect((await me({ key: viewer.key })).status).toBe(200);
    // An admin sees a person's keys and makes one for them.
    const viewers = expectSchema(ApiKeyList, (await callAs(svc, {}, "GET", `/v2/api-keys?memberId=${viewer.id}`)).body);
    expect(viewers.apiKeys.map((k) => k.id)).toEqual([viewer.keyId]);
    expect((await callAs(svc, {}, "POST", "/v2/api-keys", { name: "x", memberId: "user_nobody" })).status).toBe(404);
  });
});

describe("members", () => {
  test("409 for an email already used (any case), and for the first admin: nothing changes", async () => {
    const before = (await callAs(svc, {}, "GET", "/v2/team/members")).body;
    const duplicate = await callAs(svc, {}, "POST", "/v2/team/members", {
      email: "MEMBER@Example.com",
      role: "viewer",
    });
    expect(duplicate.status).toBe(409);
    expect(messageOf(duplicate.body)).toBe("A person with this email already exists.");
    for (const change of [{ role: "member" }, { disabled: true }, { role: "viewer", disabled: true }]) {
      const res = await callAs(svc, {}, "PATCH", "/v2/team/members/user_embedded", change);
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(messageOf(res.body)).toMatch(/The first admin .* cannot be (demoted|disabled)/);
    }
    expect((await callAs(svc, {}, "DELETE", "/v2/team/members/user_embedded")).status).toBe(409);
    expect((await callAs(svc, {}, "GET", "/v2/team/members")).body).toEqual(before);
    expect(expectSchema(Me, (await me({})).body).role).toBe("admin");
  });

  test("422 for a bad role or body, 404 for an unknown member: nothing changes", async () => {
    const before = (await callAs(svc, {}, "GET", "/v2/team/members")).body;
    const invitationsBefore = (await callAs(svc, {}, "GET", "/v2/team/invitations")).body;
    for (const [method, path, body] of [
      ["POST", "/v2/team/members", { email: "x@example.com", role: "owner" }],
      ["POST", "/v2/team/members", { email: "not an email", role: "member" }],
      ["POST", "/v2/team/members", { email: "x@example.com", role: "member", admin: true }],
      ["PATCH", `/v2/team/members/${member.id}`, { role: "superuser" }],
      ["PATCH", `/v2/team/members/${member.id}`, {}],
      ["POST", "/v2/team/invitations", { email: "y@example.com", role: "root" }],
    ] as const) {
      const res = await callAs(svc, {}, method, path, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const bad = await callAs(svc, {}, "POST", "/v2/team/members", { email: "x@example.com", role: "owner" });
    expect(messageOf(bad.body)).toMatch(/^role: /);
    expect((await callAs(svc, {}, "PATCH", "/v2/team/members/user_nobody", { role: "member" })).status).toBe(404);
    expect((await callAs(svc, {}, "GET", "/v2/team/members")).body).toEqual(before);
    expect((await callAs(svc, {}, "GET", "/v2/team/invitations")).body).toEqual(invitationsBefore);
  });

  test("a deleted person's chats keep their author until handed on; their email can be used again", async () => {
    const leaving = await addPerson(svc, "leaving@example.com", "member");
    secrets.push(leaving.key);
    const made = await callAs(svc, { key: leaving.key }, "POST", "/v2/chats", { message: "A notes app /fast" });
    const chat = expectSchema(ChatWithUsage, made.body).chat;
    expect(chat.authorId).toBe(leaving.id);
    await callAs(svc, {}, "DELETE", `/v2/team/members/${leaving.id}`);
    // The chat is private (the default): the admin who hands it on does not see it (issue 40), its new author does.
    const authorOf = async (key?: string) => {
      const res = await callAs(svc, { key }, "GET", `/v2/chats/${chat.id}`);
      return res.status === 200 ? (res.body as { authorId: string }).authorId : res.status;
    };
    expect(await authorOf()).toBe(404);
    expect(await authorOf(member.key)).toBe(404);
    const moved = await callAs(svc, {}, "POST", `/v2/team/members/${leaving.id}/transfer-chats`, {
      toMemberId: member.id,
    });
    expect(expectSchema(TransferChatsResult, moved.body).transferred).toBe(1);
    expect(await authorOf(member.key)).toBe(member.id);
    expect(await authorOf()).toBe(404);
    // Not to someone deleted.
    expect(
      (await callAs(svc, {}, "POST", `/v2/team/members/${member.id}/transfer-chats`, { toMemberId: leaving.id }))
        .status,
    ).toBe(404);
    expect(
      (await callAs(svc, {}, "POST", "/v2/team/members", { email: "leaving@example.com", role: "viewer" })).status,
    ).toBe(201);
  });
});

describe("invitations", () => {
  test("a one-time link, 7 days, its token never stored or listed; used once; a new one replaces the pending one", async () => {
    const res = await callAs(svc, {}, "POST", "/v2/team/invitations", { email: "Bob@Example.com", role: "member" });
    expect(res.status).toBe(201);
    const invitation = expectSchema(InvitationCreated, res.body);
    const token = invitation.url.replace("https://atelier.test/invite/", "");
    secrets.push(token);
    expect(invitation).toMatchObject({ email: "bob@example.com", role: "member", invitedBy: "user_embedded" });
    expect(invitation.expiresAt).toBe(new Date(now.getTime() + 7 * DAY).toISOString());
    const listed = expectSchema(InvitationList, (await callAs(svc, {}, "GET", "/v2/team/invitations")).body);
    expect(listed.invitations.map((i) => i.id)).toContain(invitation.id);
    expect(JSON.stringify(listed)).not.toContain(token);

    expect(await svc.people.invitation(token)).toEqual({
      email: "bob@example.com",
      role: "member",
      expiresAt: invitation.expiresAt,
      invitedBy: (await svc.people.firstAdmin()).name,
    });
    expect(await svc.people.invitation(`${token}x`)).toBeNull();
    await expect(svc.people.acceptInvitation(token, { name: "Bob", password: "short" })).rejects.toMatchObject({
      code: "invalid_input",
    });
    const password = "correct horse battery";
    secrets.push(password);
    const bob = await svc.people.acceptInvitation(token, { name: " Bob ", password });
    expect(bob).toMatchObject({
      email: "bob@example.com",
      name: "Bob",
      role: "member",
      disabled: false,
      deleted: false,
    });
    expect(await svc.people.invitation(token)).toBeNull();
    await expect(svc.people.acceptInvitation(token, { name: "Eve", password })).rejects.toBeInstanceOf(PeopleError);
    expect(await svc.people.verifyPassword("BOB@example.com", password)).toMatchObject({ id: bob.id });
    expect(await svc.people.verifyPassword("bob@example.com", "wrong password")).toBeNull();
    expect(await svc.people.verifyPassword("nobody@example.com", password)).toBeNull();
    expect(
      (await callAs(svc, {}, "POST", "/v2/team/invitations", { email: "bob@example.com", role: "viewer" })).status,
    ).toBe(409);

    // A second invitation for one email replaces the first.
    const first = expectSchema(
      InvitationCreated,
      (await callAs(svc, {}, "POST", "/v2/team/invitations", { email: "carol@example.com", role: "viewer" })).body,
    );
    const second = expectSchema(
      InvitationCreated,
      (await callAs(svc, {}, "POST", "/v2/team/invitations", { email: "carol@example.com", role: "member" })).body,
    );
    expect(await svc.people.invitation(first.url.split("/").pop()!)).toBeNull();
    // The page shows who invited: the inviter's name, never their id.
    expect(await svc.people.invitation(second.url.split("/").pop()!)).toEqual({
      email: "carol@example.com",
      role: "member",
      expiresAt: second.expiresAt,
      invitedBy: (await svc.people.firstAdmin()).name,
    });
    // Revoked: the link stops working.
    expect((await callAs(svc, {}, "DELETE", `/v2/team/invitations/${second.id}`)).body).toEqual({
      id: second.id,
      deleted: true,
    });
    expect(await svc.people.invitation(second.url.split("/").pop()!)).toBeNull();
    expect((await callAs(svc, {}, "DELETE", `/v2/team/invitations/${second.id}`)).status).toBe(404);
  });

  test("expires after 7 days (the service's clock, moved)", async () => {
    const made = expectSchema(
      InvitationCreated,
      (await callAs(svc, {}, "POST", "/v2/team/invitations", { email: "dave@example.com", role: "viewer" })).body,
    );
    const token = made.url.split("/").pop()!;
    secrets.push(token);
    advance(7 * DAY - 1000);
    expect(await svc.people.invitation(token)).not.toBeNull();
    advance(1000);
    expect(await svc.people.invitation(token)).toBeNull();
    await expect(
      svc.people.acceptInvitation(token, { name: "Dave", password: "long enough password" }),
    ).rejects.toMatchObject({
      code: "invitation_invalid",
    });
    const listed = expectSchema(InvitationList, (await callAs(svc, {}, "GET", "/v2/team/invitations")).body);
    expect(listed.invitations.map((i) => i.id)).not.toContain(made.id);
  });
});

describe("who made what", () => {
  test("a chat's author and its user messages' authors are the callers; a copy is its copier's", async () => {
    // team-edit: the team may write to it (a private chat is its author's alone, admins included: docs/privacy.md).
    const made = await callAs(svc, { key: member.key }, "POST", "/v2/chats", {
      message: "A notes app /fast",
      privacy: "team-edit",
    });
    const chat = expectSchema(ChatWithUsage, made.body).chat;
    expect(chat.authorId).toBe(member.id);
    // The first admin, acting through the dashboard for the member, then with their own key.
    const send = (as: { key?: string; actingAs?: string }, message: string) =>
      callAs(svc, as, "POST", `/v2/chats/${chat.id}/messages`, { message });
    expect((await send({ actingAs: member.id }, "Add a footer /fast")).status).toBe(200);
    expect((await send({ key: admin.key }, "Add a header /fast")).status).toBe(200);
    const authors = async (chatId: string) =>
      (
        (await callAs(svc, {}, "GET", `/v2/chats/${chatId}/messages?limit=100`)).body as {
          messages: { role: string; authorId: string | null }[];
        }
      ).messages
        .filter((m) => m.role === "user")
        .map((m) => m.authorId)
        .reverse();
    expect(await authors(chat.id)).toEqual([member.id, member.id, "user_embedded"]);
    const v1 = (await callAs(svc, {}, "GET", `/v1/chats/${chat.id}`)).body as { authorId: string };
    expect(v1.authorId).toBe(member.id);
    // A duplicate is a new chat of whoever makes it; the copied messages keep their authors.
    const copy = await callAs(svc, { key: admin.key }, "POST", `/v2/chats/${chat.id}/duplicate`, {});
    const copyId = (copy.body as { id: string; authorId: string }).id;
    expect((copy.body as { authorId: string }).authorId).toBe("user_embedded");
    expect(await authors(copyId)).toEqual([member.id, member.id, "user_embedded"]);
    // A viewer reads it all but sends nothing.
    expect((await send({ key: viewer.key }, "Hi")).status).toBe(403);
    expect(await authors(chat.id)).toHaveLength(3);
  });

  test("privacy changes, chat deletions, webhooks, MCP secrets and settings are in the audit log", async () => {
    const made = await callAs(svc, { key: member.key }, "POST", "/v2/chats", { message: "A shop /fast" });
    const chatId = expectSchema(ChatWithUsage, made.body).chat.id;
    await callAs(svc, { key: member.key }, "PATCH", `/v2/chats/${chatId}`, { privacy: "team" });
    await callAs(svc, { key: member.key }, "PATCH", `/v2/chats/${chatId}`, { title: "Only a title" });
    await callAs(svc, { key: member.key }, "DELETE", `/v2/chats/${chatId}`);
    const hook = await callAs(svc, {}, "POST", "/v2/hooks", {
      name: "ci",
      events: ["chat.created"],
      url: "https://hooks.example.com/in",
    });
    const hookBody = hook.body as { id: string; secret: string };
    secrets.push(hookBody.secret);
    const rotated = await callAs(svc, {}, "POST", `/v2/hooks/${hookBody.id}/rotate-secret`);
    secrets.push((rotated.body as { secret: string }).secret);
    await callAs(svc, {}, "DELETE", `/v2/hooks/${hookBody.id}`);
    const mcpToken = "mcp-bearer-token-1234567890";
    secrets.push(mcpToken);
    const server = await callAs(svc, { key: member.key }, "POST", "/v2/mcp-servers", {
      name: "Docs",
      url: "https://mcp.example.com/mcp",
      auth: { type: "bearer", token: mcpToken },
    });
    expect(server.status, JSON.stringify(server.body)).toBe(201);
    await callAs(svc, {}, "PUT", "/v2/settings/preview-hosts", { hosts: ["preview.example.com"] });
    const log = (await callAs(svc, {}, "GET", "/v2/audit-log?limit=20")).body as AuditLogPage;
    const byAction = (action: string) => log.entries.filter((e) => e.action === action);
    expect(byAction("chat.privacy_changed")).toEqual([
      expect.objectContaining({ actor: member.id, target: chatId, detail: { from: "private", to: "team" } }),
    ]);
    expect(byAction("chat.deleted")).toEqual([expect.objectContaining({ actor: member.id, target: chatId })]);
    for (const action of ["webhook.created", "webhook.secret_rotated", "webhook.deleted"])
      expect(byAction(action), action).toEqual([
        expect.objectContaining({ actor: "user_embedded", target: hookBody.id }),
      ]);
    expect(byAction("mcp_server.secret_changed")).toEqual([
      expect.objectContaining({ actor: member.id, detail: expect.objectContaining({ change: "set" }) }),
    ]);
    expect(byAction("settings.changed")).toEqual([
      expect.objectContaining({ detail: { setting: "preview_hosts", from: [], to: ["preview.example.com"] } }),
    ]);
  });
});

describe("the audit log", () => {
  const entries = async (q = "") => {
    const all: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const res = await callAs(svc, {}, "GET", `/v2/audit-log?limit=7${cursor ? `&cursor=${cursor}` : ""}${q}`);
      const page: AuditLogPage = expectSchema(AuditLogPage, res.body);
      all.push(...page.entries);
      cursor = page.cursor;
    } while (cursor);
    return all;
  };

  test("records each action with its actor and target, newest first, never a secret", async () => {
    const log = await entries();
    const actions = new Set(log.map((e) => e.action));
    // Every action recorded is one the contract lists.
    for (const action of actions) expect(AUDIT_ACTIONS).toContain(action);
    for (const action of [
      "member.created",
      "member.role_changed",
      "member.disabled",
      "member.enabled",
      "member.deleted",
      "member.chats_transferred",
      "api_key.created",
      "api_key.rotated",
      "api_key.deleted",
      "invitation.created",
      "invitation.accepted",
      "invitation.revoked",
    ])
      expect(actions, action).toContain(action);
    expect(log.map((e) => e.at)).toEqual([...log.map((e) => e.at)].sort().reverse());
    const roleChange = log.find((e) => e.action === "member.role_changed")!;
    expect(roleChange).toMatchObject({
      actor: "user_embedded",
      actorName: "alice",
      detail: { from: "member", to: "viewer" },
    });
    const accepted = log.find((e) => e.action === "invitation.accepted")!;
    expect(accepted.actorName).toBe("Bob");
    // Filters.
    expect((await entries("&action=api_key.rotated")).every((e) => e.action === "api_key.rotated")).toBe(true);
    expect((await entries(`&actor=${member.id}`)).length).toBeGreaterThan(0);

    // The export: every entry as JSON lines; neither it nor the pages hold a key, token or password.
    const exported = await callAs(svc, {}, "GET", "/v2/audit-log?format=jsonl");
    expect(exported.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = String(exported.body)
      .trim()
      .split("\n")
      .map((l) => expectSchema(AuditEntry, JSON.parse(l)));
    expect(lines.map((e) => e.id)).toEqual(log.map((e) => e.id));
    const text = `${String(exported.body)}${JSON.stringify(log)}`;
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      // The random part of a key (after its public prefix) is not there either.
      if (secret.startsWith("atl_")) expect(text).not.toContain(secret.slice(17));
    }
    // The dashboard's own entries (sign-ins) go through the directory.
    await svc.people.recordAudit({
      actor: null,
      action: "sign_in.failed",
      detail: { email: "x@example.com", password: "hunter22" },
    });
    const failed = (await entries("&action=sign_in.failed"))[0]!;
    expect(failed.detail).toEqual({ email: "x@example.com" });
  });

  test("entries older than the retention period (90 days) are pruned", async () => {
    advance(DAY);
    await svc.people.recordAudit({ actor: member.id, action: "sign_in" });
    const before = await entries();
    // 90 days after the newest entry less a minute, the entries a day older than it are gone.
    now = new Date(Date.parse(before[0]!.at) + 90 * DAY - 60_000);
    const kept = await entries();
    const cutoff = now.getTime() - 90 * DAY;
    expect(kept.map((e) => e.id)).toEqual(before.filter((e) => Date.parse(e.at) > cutoff).map((e) => e.id));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(before.length);
    advance(2 * 60_000);
    await svc.people.recordAudit({ actor: admin.id, action: "sign_in" });
    const left = await entries();
    expect(left.map((e) => [e.action, e.actor])).toEqual([["sign_in", admin.id]]);
    const exported = await callAs(svc, {}, "GET", "/v2/audit-log?format=jsonl");
    expect(String(exported.body).trim().split("\n")).toHaveLength(1);
  });

  test("a bad cursor, limit or format is 422", async () => {
    for (const q of ["cursor=nope", "limit=0", "limit=101", "format=csv"])
      expect((await callAs(svc, {}, "GET", `/v2/audit-log?${q}`)).status, q).toBe(422);
  });
});
