import { beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, ErrorV2, ROUTES, minRoleOf, pathOf, roleAtLeast, type Role, type RouteName } from "@/lib/api";
import { ErrorV1 } from "@/lib/api/schemas/v1";
import { expectSchema, serviceForFile } from "../test-support";
import { callAs, threePeople, type TestPerson } from "./test-people";

/**
 * Who may do what (docs/people.md): three people (the first admin, a member, a viewer), each with their own key,
 * driven from one table of requests × roles → status. Every refusal is a 403 naming the missing role and changes
 * nothing (the service's state read back after it is the same).
 */

const svc = serviceForFile();
let people: Record<Role, TestPerson>;
let chatId: string;

/** The first admin's chat, team-edit: who may do what with a chat of each privacy is privacy.http.test.ts's table. */
const newChat = async () => {
  const res = await callAs(svc, {}, "POST", "/v2/chats", { message: "A notes app /fast", privacy: "team-edit" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat.id;
};

beforeAll(async () => {
  people = await threePeople(svc);
  chatId = await newChat();
});

/** Everything a refused request could have changed, read by the first admin (keys' lastUsedAt left out). */
async function state(): Promise<unknown> {
  const read = async (path: string) => {
    const res = await callAs(svc, {}, "GET", path);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const keys = (await read("/v2/api-keys?memberId=all")) as { apiKeys: Record<string, unknown>[] };
  return {
    chats: await read("/v2/chats?limit=100"),
    messages: await read(`/v2/chats/${chatId}/messages?limit=100`),
    chat: await read(`/v2/chats/${chatId}`),
    members: await read("/v2/team/members"),
    keys: keys.apiKeys.map(({ lastUsedAt: _, ...rest }) => rest),
    invitations: await read("/v2/team/invitations"),
    audit: await read("/v2/audit-log?limit=100"),
    hooks: await read("/v2/hooks"),
    hooksV1: await read("/v1/hooks"),
    settings: await read("/v2/settings/preview-hosts"),
    mcp: await read("/v2/mcp-servers"),
    gitCredentials: await read("/v2/git-credentials"),
    projects: await read("/v1/projects"),
  };
}

type Expect = Record<Role, number>;
interface Row {
  method: string;
  /** The path; `fresh` is a value made for this role's call (a chat to delete, a member to change). */
  path: (fresh: string) => string;
  body?: unknown;
  /** Makes a new target per call (a chat or a member), so that each role's call finds one. */
  fresh?: () => Promise<string>;
  expect: Expect;
}

const all = (status: number): Expect => ({ admin: status, member: status, viewer: status });
const writers = (status: number): Expect => ({ admin: status, member: status, viewer: 403 });
const admins = (status: number): Expect => ({ admin: status, member: 403, viewer: 403 });
let emails = 0;
const freshMember = async () => {
  const res = await callAs(svc, {}, "POST", "/v2/team/members", { email: `t${++emails}@example.com`, role: "viewer" });
  return (res.body as { id: string }).id;
};

/** The table: each request with the status each role gets. */
const TABLE: Record<string, Row> = {
  "list chats": { method: "GET", path: () => "/v2/chats", expect: all(200) },
  "read a chat": { method: "GET", path: () => `/v2/chats/${chatId}`, expect: all(200) },
  "read its messages": { method: "GET", path: () => `/v2/chats/${chatId}/messages`, expect: all(200) },
  "read its files": { method: "GET", path: () => `/v2/chats/${chatId}/files`, expect: all(200) },
  "v1 chats": { method: "GET", path: () => "/v1/chats", expect: all(200) },
  "create a chat": {
    method: "POST",
    path: () => "/v2/chats",
    body: { message: "A todo app /fast" },
    expect: writers(200),
  },
  "create a chat (v1)": {
    method: "POST",
    path: () => "/v1/chats",
    body: { message: "A todo app /fast" },
    expect: writers(200),
  },
  "rename a chat": {
    method: "PATCH",
    path: () => `/v2/chats/${chatId}`,
    body: { title: "Renamed" },
    expect: writers(200),
  },
  "send a message": {
    method: "POST",
    path: () => `/v2/chats/${chatId}/messages`,
    body: { message: "Add a footer /fast" },
    expect: writers(200),
  },
  "delete a chat": { method: "DELETE", path: (id) => `/v2/chats/${id}`, fresh: newChat, expect: writers(200) },
  "re-attach to a chat's stream (a POST that reads)": {
    method: "POST",
    path: () => `/v2/chats/${chatId}/resume`,
    expect: all(200),
  },
  quotas: { method: "GET", path: () => "/v2/quotas", expect: all(200) },
  usage: { method: "GET", path: () => "/v2/usage/summary", expect: all(200) },
  "the caller": { method: "GET", path: () => "/v2/team/me", expect: all(200) },
  "the v1 user": { method: "GET", path: () => "/v1/user", expect: all(200) },
  "own API keys": { method: "GET", path: () => "/v2/api-keys", expect: all(200) },
  "make an API key": { method: "POST", path: () => "/v2/api-keys", body: { name: "ci" }, expect: writers(201) },
  "MCP servers": { method: "GET", path: () => "/v2/mcp-servers", expect: all(200) },
  "add an MCP server": {
    method: "POST",
    path: () => "/v2/mcp-servers",
    body: { name: "Docs", url: "https://mcp.example.com/mcp", auth: "none" },
    expect: writers(201),
  },
  "Git credentials": { method: "GET", path: () => "/v2/git-credentials", expect: all(200) },
  "add a Git credential": {
    method: "POST",
    path: () => "/v2/git-credentials",
    body: { host: "git.example.com", token: "t0ken" },
    expect: writers(200),
  },
  "team members": { method: "GET", path: () => "/v2/team/members", expect: admins(200) },
  "add a member": {
    method: "POST",
    path: () => `/v2/team/members`,
    body: { email: "new@example.com", role: "member" },
    expect: { admin: 201, member: 403, viewer: 403 },
  },
  "change a member's role": {
    method: "PATCH",
    path: (id) => `/v2/team/members/${id}`,
    fresh: freshMember,
    body: { role: "member" },
    expect: admins(200),
  },
  "delete a member": {
    method: "DELETE",
    path: (id) => `/v2/team/members/${id}`,
    fresh: freshMember,
    expect: admins(200),
  },
  "hand a member's chats on": {
    method: "POST",
    path: (id) => `/v2/team/members/${id}/transfer-chats`,
    fresh: freshMember,
    body: { toMemberId: "user_embedded" },
    expect: admins(200),
  },
  invitations: { method: "GET", path: () => "/v2/team/invitations", expect: admins(200) },
  invite: {
    method: "POST",
    path: () => "/v2/team/invitations",
    body: { email: "invited@example.com", role: "viewer" },
    expect: admins(201),
  },
  "the audit log": { method: "GET", path: () => "/v2/audit-log", expect: admins(200) },
  webhooks: { method: "GET", path: () => "/v2/hooks", expect: admins(200) },
  "webhooks (v1)": { method: "GET", path: () => "/v1/hooks", expect: admins(200) },
  "the event catalog": { method: "GET", path: () => "/v2/hooks/event-types", expect: admins(200) },
  "add a webhook": {
    method: "POST",
    path: () => "/v2/hooks",
    body: { name: "ci", events: ["chat.created"], url: "https://hooks.example.com/in" },
    expect: admins(201),
  },
  "trusted preview hosts": { method: "GET", path: () => "/v2/settings/preview-hosts", expect: admins(200) },
  "set trusted preview hosts": {
    method: "PUT",
    path: () => "/v2/settings/preview-hosts",
    body: { hosts: ["preview.example.com"] },
    expect: admins(200),
  },
};

describe("the API matrix: three people, one table of requests × roles", () => {
  for (const [what, row] of Object.entries(TABLE)) {
    for (const role of ["viewer", "member", "admin"] as const) {
      const want = row.expect[role];
      test(`${what}: ${role} → ${want}`, async () => {
        const fresh = row.fresh ? await row.fresh() : "";
        const before = want === 403 ? await state() : null;
        const res = await callAs(svc, { key: people[role].key }, row.method, row.path(fresh), row.body);
        expect(res.status, JSON.stringify(res.body)).toBe(want);
        if (want !== 403) return;
        const version = row.path(fresh).startsWith("/v1/") ? "v1" : "v2";
        const message =
          version === "v1" ? expectSchema(ErrorV1, res.body).error.message : expectSchema(ErrorV2, res.body).message;
        const needed = row.expect.member === 403 ? "admin" : "member";
        expect(message).toBe(`This needs the ${needed} role; you are a ${role}.`);
        expect(await state()).toEqual(before);
      });
    }
  }
});

describe("every route of the table", () => {
  /** A path of the route with made-up parameters: the role is checked before anything is looked up or read. */
  const pathFor = (name: RouteName, pattern: string) =>
    pathOf(name, Object.fromEntries([...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1], `x_${m[1]}`])) as never);

  test("a caller below the route's minimum role gets 403 naming it, before the body is read; others pass the check", async () => {
    const seen: string[] = [];
    for (const route of ROUTES) {
      if ("proxied" in route && route.proxied === false) continue; // browser redirect targets: no caller
      const min = minRoleOf(route);
      const path = pathFor(route.name, route.pattern);
      for (const role of ["viewer", "member"] as const) {
        // A body the schema refuses: a caller who passes the role check gets 422 (or the route's own answer), never 403.
        const body = route.method === "GET" ? undefined : { unexpected: "x" };
        const res = await callAs(svc, { key: people[role].key }, route.method, path, body);
        if (roleAtLeast(role, min)) expect(res.status, `${route.name} as ${role}`).not.toBe(403);
        else {
          expect(res.status, `${route.name} as ${role}`).toBe(403);
          const refusal = res.body as { message?: string; error?: { message: string; code: string } };
          expect(refusal.message ?? refusal.error?.message).toBe(`This needs the ${min} role; you are a ${role}.`);
          if (refusal.error) expect(refusal.error.code).toBe("role_required");
          seen.push(`${route.name}:${role}`);
        }
      }
    }
    // Viewers write nothing: every non-GET route but the two resumes and the context meter refuses them.
    const viewerPosts = ROUTES.filter(
      (r) => r.method !== "GET" && !("proxied" in r && r.proxied === false) && minRoleOf(r) !== "viewer",
    );
    expect(viewerPosts.every((r) => seen.includes(`${r.name}:viewer`))).toBe(true);
    expect(ROUTES.filter((r) => r.method !== "GET" && minRoleOf(r) === "viewer").map((r) => r.name)).toEqual([
      "v2.chats.resume",
      "v2.chats.context",
      "v1.messages.resume",
    ]);
  }, 120_000);
});
