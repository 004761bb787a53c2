import { expect } from "vitest";
import { ACTING_AS_HEADER, ApiKeyCreated, Member, type Role } from "@/lib/api";
import type { EmbeddedService } from "../service";
import { BASE, TEST_KEY, expectSchema } from "../test-support";

/** Helpers for the people tests: calls with a person's key or acting as someone (not a test file itself). */

interface As {
  /** The bearer key; default the service's. */
  key?: string;
  /** `x-atelier-acting-as`. */
  actingAs?: string;
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Calls the service with `as`'s credentials; the parsed JSON body (text when not JSON). */
export async function callAs(
  svc: EmbeddedService,
  as: As,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const headers = new Headers({ authorization: `Bearer ${as.key ?? TEST_KEY}` });
  if (as.actingAs !== undefined) headers.set(ACTING_AS_HEADER, as.actingAs);
  if (body !== undefined) headers.set("content-type", "application/json");
  const res = await svc.handle(
    new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the text
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export interface TestPerson {
  id: string;
  role: Role;
  key: string;
  keyId: string;
}

/** Creates a person with this role (as the first admin) and an API key of theirs. */
export async function addPerson(svc: EmbeddedService, email: string, role: Role): Promise<TestPerson> {
  const created = await callAs(svc, {}, "POST", "/v2/team/members", { email, role, name: email.split("@")[0] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const member = expectSchema(Member, created.body);
  const key = await callAs(svc, {}, "POST", "/v2/api-keys", { name: `${role} key`, memberId: member.id });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  const made = expectSchema(ApiKeyCreated, key.body);
  return { id: member.id, role, key: made.key, keyId: made.id };
}

/** The first admin with a key of their own, a member and a viewer. */
export async function threePeople(svc: EmbeddedService, tag = "") {
  const key = await callAs(svc, {}, "POST", "/v2/api-keys", { name: "admin key" });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  const made = expectSchema(ApiKeyCreated, key.body);
  const admin: TestPerson = { id: "user_embedded", role: "admin", key: made.key, keyId: made.id };
  const member = await addPerson(svc, `member${tag}@example.com`, "member");
  const viewer = await addPerson(svc, `viewer${tag}@example.com`, "viewer");
  return { admin, member, viewer };
}
