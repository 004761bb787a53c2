import "server-only";
import { sql } from "drizzle-orm";
import type { EnvVarDetailV1, EnvVarListV1, EnvVarsDeletedV1, EnvVarV1 } from "@/lib/api/schemas/v1";
import { openEnvValue, sealEnvValue } from "./env-vars";
import { HttpError, notFound } from "../errors";
import { newId } from "../ids";
import { json } from "../http/respond";
import type { SecretBox } from "../mcp/secret-box";
import { type Db, type EnvVarRow } from "../store";
import * as envVarsStore from "./store-env-vars";
import * as messagesStore from "../messages/store";
import * as projectsStore from "./store";
import type { Handler, HandlerTablePart, ServiceParts } from "../http/context";

/**
 * A project's environment variables (the v1 document's projects.findEnvVars, createEnvVars, updateEnvVars,
 * deleteEnvVars, getEnvVar). Values are sealed with the service's secret key, bound to the variable's id, before they
 * reach the database; an answer carries the plain value only with `?decrypted=true`. Every change runs in one
 * transaction holding the project's row: a refusal (unknown project or id, an existing key without `upsert`) stores
 * nothing.
 */

function readDecrypted(url: URL): boolean {
  const value = url.searchParams.get("decrypted");
  if (value === null || value === "false") return false;
  if (value === "true") return true;
  throw new HttpError(422, 'decrypted: expected "true" or "false"', "validation_failed");
}

function toEnvVarV1(row: EnvVarRow, box: SecretBox, decrypted: boolean): EnvVarV1 {
  return {
    id: row.id,
    object: "environment_variable",
    key: row.key,
    value: decrypted ? openEnvValue(box, row) : row.sealedValue,
    decrypted,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** Runs `work` in a transaction that holds the project's row; 404 when there is no such project. */
async function inProject<T>(db: Db, projectId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await envVarsStore.lockProject(tx, projectId))) throw notFound(`Project ${projectId}`, "project_not_found");
    return work(tx);
  });
}

const list = (rows: EnvVarRow[], box: SecretBox, decrypted: boolean): EnvVarListV1 => ({
  object: "list",
  data: rows.map((row) => toEnvVarV1(row, box, decrypted)),
});

/** GET /v1/projects/{projectId}/env-vars?decrypted */
const listEnvVars: Handler<"v1.envVars.list"> = async ({ db, secrets, url, params }) => {
  const decrypted = readDecrypted(url);
  const rows = await inProject(db, params.projectId, (tx) => envVarsStore.listEnvVars(tx, params.projectId));
  return json(list(rows, secrets, decrypted));
};

/**
 * Tells each chat of the project which variables were added (a user message, v1 type `added-environment-variables`):
 * the names only, never the values. The model reads it with the rest of the conversation.
 */
async function announceAdded(
  ctx: ServiceParts,
  tx: Db,
  projectId: string,
  keys: string[],
  at: Date,
  authorId: string,
): Promise<void> {
  // Every chat of the project, whoever may see it: the note names the variables the chat's code now has.
  const chatIds = (await projectsStore.chatIdsByProject(tx, [projectId], sql`true`)).get(projectId) ?? [];
  for (const chatId of chatIds) {
    const message = await messagesStore.insertMessage(tx, {
      id: newId("msg"),
      chatId,
      role: "user",
      authorId,
      content: `Added environment variables: ${keys.join(", ")}`,
      parts: [],
      finishReason: "stop",
      usage: null,
      kind: "added-environment-variables",
      createdAt: at,
      updatedAt: at,
    });
    await ctx.events.emit(tx, "message.created", { chatId, messageId: message.id });
  }
}

/** POST /v1/projects/{projectId}/env-vars {environmentVariables: [{key, value}], upsert?} → the variables given. */
const createEnvVars: Handler<"v1.envVars.create"> = async (ctx) => {
  const { db, secrets, url, params, body } = ctx;
  const decrypted = readDecrypted(url);
  const rows = await inProject(db, params.projectId, async (tx) => {
    const existing = new Map((await envVarsStore.listEnvVars(tx, params.projectId)).map((r) => [r.key, r]));
    const taken = body.environmentVariables.filter((v) => existing.has(v.key)).map((v) => v.key);
    if (taken.length && !body.upsert) {
      throw new HttpError(
        409,
        `Environment variables already exist: ${taken.join(", ")} (send upsert: true to replace their values)`,
        "env_var_exists",
      );
    }
    const at = new Date();
    const out: EnvVarRow[] = [];
    const added: string[] = [];
    for (const v of body.environmentVariables) {
      const old = existing.get(v.key);
      if (old) {
        out.push(await envVarsStore.updateEnvVarValue(tx, old.id, sealEnvValue(secrets, old.id, v.value), at));
        continue;
      }
      const id = newId("env");
      out.push(
        await envVarsStore.insertEnvVar(tx, {
          id,
          projectId: params.projectId,
          key: v.key,
          sealedValue: sealEnvValue(secrets, id, v.value),
          createdAt: at,
          updatedAt: at,
        }),
      );
      added.push(v.key);
    }
    if (added.length) await announceAdded(ctx, tx, params.projectId, added, at, ctx.caller.personId);
    return out;
  });
  return json(list(rows, secrets, decrypted));
};

/** PATCH /v1/projects/{projectId}/env-vars {environmentVariables: [{id, value}]} → the variables changed. */
const updateEnvVars: Handler<"v1.envVars.update"> = async ({ db, secrets, url, params, body }) => {
  const decrypted = readDecrypted(url);
  const rows = await inProject(db, params.projectId, async (tx) => {
    const ids = new Set((await envVarsStore.listEnvVars(tx, params.projectId)).map((r) => r.id));
    const unknown = body.environmentVariables.filter((v) => !ids.has(v.id)).map((v) => v.id);
    if (unknown.length) throw notFound(`Environment variables (id) ${unknown.join(", ")}`, "env_var_not_found");
    const at = new Date();
    const out: EnvVarRow[] = [];
    for (const v of body.environmentVariables)
      out.push(await envVarsStore.updateEnvVarValue(tx, v.id, sealEnvValue(secrets, v.id, v.value), at));
    return out;
  });
  return json(list(rows, secrets, decrypted));
};

/** POST /v1/projects/{projectId}/env-vars/delete {environmentVariableIds} → `{id, object, deleted: true}` each. */
const deleteEnvVars: Handler<"v1.envVars.delete"> = async ({ db, params, body }) => {
  const ids = [...new Set(body.environmentVariableIds)];
  await inProject(db, params.projectId, async (tx) => {
    const known = new Set((await envVarsStore.listEnvVars(tx, params.projectId)).map((r) => r.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length)
      throw notFound(`Environment variables (environmentVariableIds) ${unknown.join(", ")}`, "env_var_not_found");
    await envVarsStore.deleteEnvVars(tx, params.projectId, ids);
  });
  const answer: EnvVarsDeletedV1 = {
    object: "list",
    data: ids.map((id) => ({ id, object: "environment_variable", deleted: true })),
  };
  return json(answer);
};

/** GET /v1/projects/{projectId}/env-vars/{environmentVariableId}?decrypted */
const getEnvVar: Handler<"v1.envVars.get"> = async ({ db, secrets, url, params }) => {
  const decrypted = readDecrypted(url);
  const row = await inProject(db, params.projectId, (tx) =>
    envVarsStore.findEnvVar(tx, params.projectId, params.environmentVariableId),
  );
  if (!row) throw notFound(`Environment variable ${params.environmentVariableId}`, "env_var_not_found");
  const answer: EnvVarDetailV1 = { object: "environment_variable", data: toEnvVarV1(row, secrets, decrypted) };
  return json(answer);
};

/** The routes of lib/api/routes.ts this file answers. */
export const envVarHandlers = {
  "v1.envVars.list": listEnvVars,
  "v1.envVars.create": createEnvVars,
  "v1.envVars.update": updateEnvVars,
  "v1.envVars.delete": deleteEnvVars,
  "v1.envVars.get": getEnvVar,
} satisfies HandlerTablePart;
