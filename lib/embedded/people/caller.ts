import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { ACTING_AS_HEADER, FIRST_ADMIN_ID } from "@/lib/api";
import { HttpError } from "../errors";
import type { PeopleContext } from "./context";
import type { PersonRow } from "./schema";
import { keyMatches, lookupOf } from "./secrets";
import * as store from "./store";
import type { Caller } from "./types";

/**
 * The caller of a request (docs/people.md "The caller of every request"), resolved once by the router:
 * - the service's key: the first admin; with `x-atelier-acting-as: <personId>` that person (unknown, disabled or
 *   deleted: 401);
 * - a person's key (`atl_…`): found by its public lookup part, its SHA-256 compared in constant time; its person
 *   disabled or deleted: 401; with the acting-as header: 403 (only the service's key may act as someone);
 * - anything else: 401.
 */

const FIRST_ADMIN: Caller = { personId: FIRST_ADMIN_ID, role: "admin", keyId: null };

/** How often a key's `lastUsedAt` is written (at most). */
const TOUCH_EVERY_MS = 60_000;

const digest = (s: string) => createHash("sha256").update(s).digest();

const unauthorized = (message = "Missing or invalid API key: send Authorization: Bearer <API_KEY>.") =>
  new HttpError(401, message, "unauthorized", { "www-authenticate": 'Bearer realm="service"' });

/** The bearer value of an Authorization header; null without one. */
function bearerOf(headers: Headers): string | null {
  const match = /^Bearer\s+(.+)$/i.exec((headers.get("authorization") ?? "").trim());
  return match ? match[1]!.trim() : null;
}

/** Whether `presented` is the service's key, in constant time. */
function isServiceKey(presented: string, serviceKey: string): boolean {
  return timingSafeEqual(digest(presented), digest(serviceKey));
}

/** A person who may act now: known, not disabled, not deleted. */
const mayAct = (row: PersonRow | null): row is PersonRow => row !== null && !row.disabled && row.deletedAt === null;

export async function resolveCaller(ctx: PeopleContext, headers: Headers, serviceKey: string): Promise<Caller> {
  const bearer = bearerOf(headers);
  if (bearer === null) throw unauthorized();
  const actingAs = headers.get(ACTING_AS_HEADER);
  if (isServiceKey(bearer, serviceKey)) {
    if (actingAs === null) return FIRST_ADMIN;
    return callerOfPerson(ctx, actingAs.trim(), null);
  }
  const lookup = lookupOf(bearer);
  const row = lookup === null ? null : await store.apiKeyByLookup(ctx.db, lookup);
  // Compared even without a row (against a dummy digest): an unknown lookup part takes as long as a wrong secret.
  if (!keyMatches(bearer, row?.keyHash ?? null) || !row) throw unauthorized();
  const person = await store.personById(ctx.db, row.personId);
  if (!mayAct(person)) throw unauthorized("This API key's person is disabled or deleted.");
  if (actingAs !== null)
    throw new HttpError(
      403,
      `${ACTING_AS_HEADER} is honoured only with the service's key, not with a person's.`,
      "acting_as_refused",
    );
  const at = ctx.now();
  if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS)
    await store.touchApiKey(ctx.db, row.id, at, TOUCH_EVERY_MS);
  return { personId: person.id, role: person.role, keyId: row.id };
}

/** The person acted as (the acting-as header, an OAuth token's subject): 401 unless they may act now. */
async function callerOfPerson(ctx: PeopleContext, personId: string, keyId: string | null): Promise<Caller> {
  if (personId === FIRST_ADMIN_ID) return FIRST_ADMIN;
  const person = personId ? await store.personById(ctx.db, personId) : null;
  if (!mayAct(person)) throw unauthorized("The person acted as is unknown, disabled or deleted.");
  return { personId: person.id, role: person.role, keyId };
}

/**
 * The person of a remote MCP access token's subject: the person who consented (their id; disabled or deleted: 401).
 * A subject that is no person's id was granted before people existed (the dashboard's one account name): the first
 * admin's grant.
 */
export async function callerOfSubject(ctx: PeopleContext, subject: string): Promise<Caller> {
  const person = await store.personById(ctx.db, subject);
  if (!person) return FIRST_ADMIN;
  if (!mayAct(person)) throw unauthorized("The person who connected this client is disabled or deleted.");
  return { personId: person.id, role: person.role, keyId: null };
}
