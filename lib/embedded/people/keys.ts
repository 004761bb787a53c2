import "server-only";
import { roleRefusal, type ApiKey, type ApiKeyCreated, type CreateApiKeyBody } from "@/lib/api";
import { HttpError } from "../errors";
import { newId } from "../ids";
import type { PeopleContext } from "./context";
import { liveMember } from "./members";
import type { ApiKeyRow } from "./schema";
import { newApiKey } from "./secrets";
import * as store from "./store";
import type { Caller } from "./types";
import { apiKeyView } from "./views";

/** API keys per person (docs/people.md "API keys"): a member manages their own, an admin anyone's. */

const keyNotFound = (id: string) => new HttpError(404, `API key ${id.slice(0, 100)} not found`, "api_key_not_found");

/**
 * Someone else's keys (`personId`; null: everyone's) are an admin's business: the refusal names the role, like the
 * router's (the route itself is open to members, who manage their own).
 */
function assertMayManage(caller: Caller, personId: string | null): void {
  if (personId !== caller.personId && caller.role !== "admin")
    throw new HttpError(403, roleRefusal("admin", caller.role), "role_required");
}

/** The caller's keys; an admin's: `memberId`'s, or everyone's with `all`. */
export async function listKeys(ctx: PeopleContext, caller: Caller, memberId: string | null): Promise<ApiKey[]> {
  const whose = memberId === "all" ? null : (memberId ?? caller.personId);
  assertMayManage(caller, whose);
  return (await store.apiKeysOf(ctx.db, whose)).map(apiKeyView);
}

export async function createKey(ctx: PeopleContext, caller: Caller, body: CreateApiKeyBody): Promise<ApiKeyCreated> {
  const personId = body.memberId ?? caller.personId;
  assertMayManage(caller, personId);
  const fresh = newApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    await liveMember({ ...ctx, db: tx }, personId, "memberId");
    const created = await store.insertApiKey(tx, {
      id: newId("key"),
      personId,
      name: body.name,
      lookup: fresh.lookup,
      keyHash: fresh.hash,
      createdAt: ctx.now(),
    });
    await ctx.audit.record(
      {
        actor: caller.personId,
        action: "api_key.created",
        target: created.id,
        detail: { name: created.name, prefix: fresh.prefix, memberId: personId },
      },
      tx,
    );
    return created;
  });
  return createdView(row, fresh.key);
}

/** A key the caller may manage, or 404 (someone else's key is not shown to a member). */
async function ownKey(ctx: PeopleContext, caller: Caller, id: string): Promise<ApiKeyRow> {
  const row = await store.apiKeyById(ctx.db, id);
  if (!row || (row.personId !== caller.personId && caller.role !== "admin")) throw keyNotFound(id);
  return row;
}

/** A new secret for the key (same id and name): the old key answers 401 from now on. */
export async function rotateKey(ctx: PeopleContext, caller: Caller, id: string): Promise<ApiKeyCreated> {
  await ownKey(ctx, caller, id);
  const fresh = newApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    const rotated = await store.replaceApiKeySecret(tx, id, fresh.lookup, fresh.hash);
    if (!rotated) throw keyNotFound(id);
    await ctx.audit.record(
      {
        actor: caller.personId,
        action: "api_key.rotated",
        target: id,
        detail: { name: rotated.name, prefix: fresh.prefix, memberId: rotated.personId },
      },
      tx,
    );
    return rotated;
  });
  return createdView(row, fresh.key);
}

export async function deleteKey(ctx: PeopleContext, caller: Caller, id: string): Promise<void> {
  const row = await ownKey(ctx, caller, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await store.deleteApiKey(tx, id))) throw keyNotFound(id);
    await ctx.audit.record(
      {
        actor: caller.personId,
        action: "api_key.deleted",
        target: id,
        detail: { name: row.name, prefix: apiKeyView(row).prefix, memberId: row.personId },
      },
      tx,
    );
  });
}

function createdView(row: ApiKeyRow, key: string): ApiKeyCreated {
  const { id, name, prefix, memberId, createdAt } = apiKeyView(row);
  return { id, name, key, prefix, memberId, createdAt };
}
