import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { JWT } from "next-auth/jwt";
import { encode } from "next-auth/jwt";
import { describe, expect, test } from "vitest";
import { Me, Member } from "@/lib/api";
import { BASE, serviceForFile, TEST_KEY } from "@/lib/embedded/test-support";
import { authConfig } from "../auth/config";
import { readConfig } from "../config";
import { proxyRequest } from "../proxy";
import { createSessionReader } from "../session";
import type { PersonRecord } from "./directory";
import { proxyCallerFrom, type CallerDeps } from "./proxy-caller";

/**
 * Sessions are revocable (issue 39): the session a person signed in with is checked against the real people directory
 * (the embedded service's) at every request, through the two doors the dashboard has: Auth.js's jwt callback (pages,
 * server actions, routes) and the proxy's own cookie reading. Disabling a person, changing their role (a new session
 * epoch) or deleting them signs them out on their next request; the role used is the stored one.
 */

const APP = "http://127.0.0.1:3100";
const SECRET = "people-session-test-secret-0123456789abcdef";
const COOKIE = "authjs.session-token";
const svc = serviceForFile({ firstAdminName: "admin" });
const config = readConfig({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "atelier-people-session-")),
  AUTH_SECRET: SECRET,
  SERVICE_API_KEY: TEST_KEY,
  DASHBOARD_PASSWORD: "break-glass-password",
  APP_URL: APP,
});
const callbacks = authConfig({ config, directory: async () => svc.people }).callbacks!;
const jwt = (params: { token: JWT; user?: PersonRecord }) =>
  callbacks.jwt!({
    token: params.token,
    ...(params.user ? { user: { ...params.user, sessionEpoch: params.user.sessionEpoch } } : {}),
  } as Parameters<NonNullable<typeof callbacks.jwt>>[0]);

/** The session cookie Auth.js writes when this person signs in (its jwt callback, then its encoding). */
async function signInAs(person: PersonRecord): Promise<{ token: JWT; headers: Headers }> {
  const token = (await jwt({ token: { name: person.name, email: person.email, sub: person.id }, user: person }))!;
  const cookie = await encode({ token, secret: SECRET, salt: COOKIE, maxAge: 3600 });
  return { token, headers: new Headers({ cookie: `${COOKIE}=${cookie}`, origin: APP }) };
}

/** The service's API as the first admin (SERVICE_API_KEY). */
async function admin(method: string, path: string, body?: unknown) {
  const res = await svc.handle(
    new Request(`${BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${TEST_KEY}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json() as Promise<unknown>;
}

async function newPerson(email: string, role: "admin" | "member" | "viewer"): Promise<PersonRecord> {
  const member = Member.parse(await admin("POST", "/v2/team/members", { email, role, name: email.split("@")[0] }));
  return (await svc.people.person(member.id))!;
}

const upstreamCalls: string[] = [];
const deps: CallerDeps = {
  readSession: createSessionReader(SECRET),
  directory: async () => svc.people,
  serverKey: TEST_KEY,
  remote: null,
};

/** A request through the dashboard's proxy to the embedded service, as the browser holding `headers` sends it. */
function proxied(headers: Headers, method: string, path: string, body?: unknown) {
  return proxyRequest(
    new Request(`${APP}/api/service${path}`, {
      method,
      headers: { ...Object.fromEntries(headers), "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    path.slice(1).split("/"),
    {
      upstream: (r) => {
        upstreamCalls.push(`${r.method} ${new URL(r.url).pathname}`);
        return svc.handle(r);
      },
      baseUrl: BASE,
      appUrl: APP,
      caller: () => proxyCallerFrom(deps, headers),
    },
  );
}

describe("a session checked against the directory at every request", () => {
  test("the proxy acts as the signed-in person: the service sees them, with their role", async () => {
    const ada = await newPerson("ada@example.com", "member");
    const { headers } = await signInAs(ada);
    const me = await proxied(headers, "GET", "/v2/team/me");
    expect(me.status).toBe(200);
    expect(Me.parse(await me.json())).toMatchObject({ id: ada.id, role: "member" });
    const chat = await proxied(headers, "POST", "/v2/chats", { message: "a page" });
    expect(chat.status).toBe(200);
    expect(((await chat.json()) as { chat: { authorId: string } }).chat.authorId).toBe(ada.id);
  });

  test("disabling signs the person out on their next request, sessions already open included", async () => {
    const bob = await newPerson("bob@example.com", "member");
    const { token, headers } = await signInAs(bob);
    expect((await proxied(headers, "GET", "/v2/chats")).status).toBe(200); // remembered by the proxy's reader now
    expect(await jwt({ token })).not.toBeNull();
    await admin("PATCH", `/v2/team/members/${bob.id}`, { disabled: true });
    expect((await proxied(headers, "GET", "/v2/chats")).status).toBe(401);
    expect(await jwt({ token })).toBeNull();
    // Enabled again, the old session stays dead (its epoch is older): they sign in again.
    await admin("PATCH", `/v2/team/members/${bob.id}`, { disabled: false });
    expect((await proxied(headers, "GET", "/v2/chats")).status).toBe(401);
    expect(await jwt({ token })).toBeNull();
    const again = await signInAs((await svc.people.person(bob.id))!);
    expect((await proxied(again.headers, "GET", "/v2/chats")).status).toBe(200);
  });

  test("a role change ends open sessions; the next one carries the stored role, which the proxy enforces", async () => {
    const cy = await newPerson("cy@example.com", "member");
    const first = await signInAs(cy);
    await admin("PATCH", `/v2/team/members/${cy.id}`, { role: "viewer" });
    expect((await proxied(first.headers, "GET", "/v2/chats")).status).toBe(401);
    expect(await jwt({ token: first.token })).toBeNull();
    const second = await signInAs((await svc.people.person(cy.id))!);
    expect(await jwt({ token: second.token })).toMatchObject({ personId: cy.id, role: "viewer" });
    const before = upstreamCalls.length;
    const write = await proxied(second.headers, "POST", "/v2/chats", { message: "not allowed" });
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ message: "This needs the member role; you are a viewer." });
    expect(upstreamCalls.length).toBe(before); // refused by the proxy itself
    expect((await proxied(second.headers, "GET", "/v2/chats")).status).toBe(200);
  });

  test("a deleted person is signed out; an unknown person id or a forged epoch never gets in", async () => {
    const dee = await newPerson("dee@example.com", "member");
    const { token, headers } = await signInAs(dee);
    await admin("DELETE", `/v2/team/members/${dee.id}`);
    expect((await proxied(headers, "GET", "/v2/chats")).status).toBe(401);
    expect(await jwt({ token })).toBeNull();
    expect(await jwt({ token: { personId: "user_nobody", sessionEpoch: 0 } })).toBeNull();
    const eve = await newPerson("eve@example.com", "member");
    expect(await jwt({ token: { personId: eve.id, sessionEpoch: eve.sessionEpoch + 1 } })).toBeNull();
    expect(await jwt({ token: { name: "admin", sub: "admin" } })).toBeNull(); // a session from before people
  });

  test("the first admin (the break-glass account) acts as user_embedded with the admin role", async () => {
    const first = await svc.people.firstAdmin();
    expect(first).toMatchObject({ id: "user_embedded", role: "admin", name: "admin" });
    const { headers } = await signInAs(first);
    const members = await proxied(headers, "GET", "/v2/team/members");
    expect(members.status).toBe(200);
  });
});
