import "server-only";
import type {
  DeploymentDeletedV1,
  DeploymentErrorsV1,
  DeploymentListV1,
  DeploymentLogListV1,
  DeploymentV1,
} from "@/lib/api/schemas/v1";
import { HttpError, notFound } from "../errors";
import { startLines, settle } from "./build";
import { json } from "../http/respond";
import { newId } from "../ids";
import { type DeploymentRow } from "../store";
import * as chatsStore from "../chats/store";
import * as deploymentsStore from "./store";
import * as projectsStore from "../projects/store";
import * as versionsStore from "../files/store-versions";
import type { Handler, HandlerTablePart, ServiceParts } from "../http/context";

/**
 * v1 deployments (the document's operations, wire-decisions.md "Deployments"): a completed version's files published as
 * a static site at `{base_url}/hosting/{id}/`, pending → ready | error (lib/embedded/hosting).
 */

const seg = encodeURIComponent;

function toDeploymentV1(ctx: ServiceParts, row: DeploymentRow): DeploymentV1 {
  const origin = new URL(ctx.publicBaseUrl).origin;
  return {
    id: row.id,
    object: "deployment",
    inspectorUrl: `${origin}/chats/${seg(row.chatId)}?deployment=${seg(row.id)}`,
    chatId: row.chatId,
    ...(row.projectId ? { projectId: row.projectId } : {}),
    versionId: row.versionId,
    apiUrl: `${ctx.publicBaseUrl}/v1/deployments/${seg(row.id)}`,
    webUrl: `${ctx.publicBaseUrl}/hosting/${seg(row.id)}/`,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The deployment, settled if its build time is over; 404 `deployment_not_found` when unknown or deleted. */
async function requireDeployment(ctx: ServiceParts, id: string): Promise<DeploymentRow> {
  const row = await deploymentsStore.findDeployment(ctx.db, id);
  if (!row) throw notFound(`Deployment ${id}`, "deployment_not_found");
  return settle(ctx.db, row, ctx.deploymentBuildMs);
}

const invalid = (message: string) => new HttpError(422, message, "validation_failed");

/**
 * POST /v1/deployments {projectId?, chatId, versionId} → 200 Deployment (pending). The chat and the version must
 * exist (422: the body is wrong) and the version be completed (409 `version_not_ready`); `projectId`, when given,
 * must be the chat's project (422); it defaults to the chat's. Draws the `deployments` daily quota.
 */
const createDeploymentV1: Handler<"v1.deployments.create"> = async (ctx) => {
  const { chatId, versionId, projectId } = ctx.body;
  const chat = await chatsStore.findChat(ctx.db, chatId);
  if (!chat) throw invalid(`chatId: chat ${chatId} not found`);
  const version = await versionsStore.findVersion(ctx.db, chat.id, versionId);
  if (!version) throw invalid(`versionId: version ${versionId} not found in chat ${chat.id}`);
  if (projectId !== undefined) {
    if (!(await projectsStore.findProject(ctx.db, projectId)))
      throw invalid(`projectId: project ${projectId} not found`);
    if (chat.projectId !== projectId) throw invalid(`projectId: chat ${chat.id} is not in project ${projectId}`);
  }
  if (version.status !== "completed") {
    throw new HttpError(
      409,
      `Version ${version.id} is ${version.status}; only a completed version can be deployed.`,
      "version_not_ready",
    );
  }
  const at = new Date();
  const files = version.files.map((f) => ({ ...f }));
  // A runnable app with a `build` script is built in the sandbox (with the app runtime on); else its files are the site.
  const plan = ctx.appBuilds?.plan(files) ?? null;
  const row = await deploymentsStore.insertDeployment(ctx.db, {
    id: newId("dpl"),
    chatId: chat.id,
    projectId: chat.projectId ?? null,
    versionId: version.id,
    status: "pending",
    files,
    logs: startLines(files, version.id, at, plan !== null),
    error: null,
    buildDeadline: plan && ctx.appBuilds ? ctx.appBuilds.deadline(at) : null,
    createdAt: at,
    updatedAt: at,
  });
  if (plan) ctx.appBuilds?.start(row, plan);
  return json(toDeploymentV1(ctx, await settle(ctx.db, row, ctx.deploymentBuildMs)));
};

/**
 * GET /v1/deployments?projectId&chatId&versionId → {object: "list", data} newest first (each filter optional), of
 * chats the caller may read.
 */
const listDeploymentsV1: Handler<"v1.deployments.list"> = async (ctx) => {
  const q = ctx.url.searchParams;
  const filter = {
    chatId: q.get("chatId") || undefined,
    projectId: q.get("projectId") || undefined,
    versionId: q.get("versionId") || undefined,
  };
  const rows = await deploymentsStore.listDeployments(ctx.db, ctx.caller, filter);
  const settled = await Promise.all(rows.map((row) => settle(ctx.db, row, ctx.deploymentBuildMs)));
  const list: DeploymentListV1 = { object: "list", data: settled.map((row) => toDeploymentV1(ctx, row)) };
  return json(list);
};

/** GET /v1/deployments/{deploymentId} */
const getDeploymentV1: Handler<"v1.deployments.get"> = async (ctx) =>
  json(toDeploymentV1(ctx, await requireDeployment(ctx, ctx.params.deploymentId)));

/** DELETE /v1/deployments/{deploymentId} → {id, object: "deployment", deleted: true}; the site is gone (404). */
const deleteDeploymentV1: Handler<"v1.deployments.delete"> = async (ctx) => {
  const id = ctx.params.deploymentId;
  if (!(await deploymentsStore.deleteDeployment(ctx.db, id)))
    throw notFound(`Deployment ${id}`, "deployment_not_found");
  const deleted: DeploymentDeletedV1 = { id, object: "deployment", deleted: true };
  return json(deleted);
};

/**
 * GET /v1/deployments/{deploymentId}/logs?since → {object: "list", logs, nextSince?}: the build log lines written
 * after `since` (UNIX seconds, fractions allowed; 422 otherwise), oldest first; `nextSince` is the last line's time,
 * to pass as the next `since`.
 */
const deploymentLogsV1: Handler<"v1.deployments.logs"> = async (ctx) => {
  const raw = ctx.url.searchParams.get("since");
  const since = raw === null || raw === "" ? null : Number(raw);
  if (since !== null && (!Number.isFinite(since) || since < 0)) {
    throw invalid("since: must be a UNIX timestamp in seconds");
  }
  const row = await requireDeployment(ctx, ctx.params.deploymentId);
  const lines = row.logs.filter((l) => since === null || Date.parse(l.at) / 1000 > since);
  const last = lines.at(-1);
  const list: DeploymentLogListV1 = {
    object: "list",
    logs: lines.map((l) => ({
      id: l.id,
      object: "deployment_log",
      deploymentId: row.id,
      createdAt: l.at,
      text: l.text,
      type: l.type,
      level: l.level,
    })),
    ...(last ? { nextSince: Date.parse(last.at) / 1000 } : since !== null ? { nextSince: since } : {}),
  };
  return json(list);
};

/**
 * GET /v1/deployments/{deploymentId}/errors → the document's `{fullErrorText, errorType, formattedError}`; `{}` without.
 * `formattedError` is the reason alone (a built app's `fullErrorText` goes on with its log's end, after a blank line).
 */
const deploymentErrorsV1: Handler<"v1.deployments.errors"> = async (ctx) => {
  const row = await requireDeployment(ctx, ctx.params.deploymentId);
  const errors: DeploymentErrorsV1 = row.error
    ? {
        fullErrorText: row.error.text,
        errorType: row.error.type,
        formattedError: `Error: ${row.error.text.split("\n\n")[0]}`,
      }
    : {};
  return json(errors);
};

/** The routes of lib/api/routes.ts this file answers. */
export const deploymentHandlers = {
  "v1.deployments.list": listDeploymentsV1,
  "v1.deployments.create": createDeploymentV1,
  "v1.deployments.get": getDeploymentV1,
  "v1.deployments.delete": deleteDeploymentV1,
  "v1.deployments.logs": deploymentLogsV1,
  "v1.deployments.errors": deploymentErrorsV1,
} satisfies HandlerTablePart;
