import "server-only";
import type { ChatDeployed, DefaultPrivacy, HostProject, PreviewHosts } from "@/lib/api";
import type { DeploymentV1 } from "@/lib/api/schemas/v1";
import { HttpError } from "../errors";
import { json } from "../http/respond";
import * as settingsStore from "./store";
import * as versionsStore from "../files/store-versions";
import type { Handler, HandlerTablePart } from "../http/context";
import { chatHandlers } from "../chats/handlers";
import { deploymentHandlers } from "../hosting/handlers";
import { requireChat } from "../chats/lookup";

/**
 * The document's operations around the hosting platform: deploying a chat, the trusted preview hosts, and the
 * platform's own integrations, which the embedded service does not have (answered in the document's error shape).
 */

/**
 * POST /v2/chats/{chatId}/deploy: the chat's latest version deployed (as POST /v1/deployments does, drawing the
 * deployments quota), linking a hosting project when the chat has none → `{deploymentId, hostProjectId}`. 409 when
 * the chat has no completed version.
 */
const deployChat: Handler<"v2.chats.deploy"> = async (ctx) => {
  const chat = await requireChat(ctx.db, ctx.params.chatId);
  const latest = await versionsStore.latestVersion(ctx.db, chat.id);
  if (latest?.status !== "completed") {
    throw new HttpError(409, `Chat ${chat.id} has no completed version to deploy yet.`, "version_not_ready");
  }
  const linked = await chatHandlers["v2.chats.hostProject"]({ ...ctx, route: "v2.chats.hostProject", body: undefined });
  const { hostProjectId } = (await linked.json()) as HostProject;
  const created = await deploymentHandlers["v1.deployments.create"]({
    ...ctx,
    route: "v1.deployments.create",
    params: {},
    body: { chatId: chat.id, versionId: latest.id },
  });
  const deployment = (await created.json()) as DeploymentV1;
  const answer: ChatDeployed = { deploymentId: deployment.id, hostProjectId };
  return json(answer);
};

/**
 * GET /v2/chats/{chatId}/connect/status?requestId: the progress of connecting one of the platform's integrations to
 * the chat. The embedded service has no integrations, so no request exists: 404 saying so.
 */
const connectStatus: Handler<"v2.chats.connectStatus"> = async (ctx) => {
  await requireChat(ctx.db, ctx.params.chatId);
  const requestId = ctx.url.searchParams.get("requestId");
  if (!requestId) throw new HttpError(422, "requestId: required", "validation_failed");
  throw new HttpError(
    404,
    `Connection request ${requestId.slice(0, 100)} not found: the embedded service has no integrations to connect.`,
    "not_found",
  );
};

/** GET /v2/settings/preview-hosts: the hosts whose pages may frame the preview (besides the dashboard). */
const getPreviewHosts: Handler<"v2.settings.previewHosts"> = async ({ db }) => {
  const answer: PreviewHosts = { hosts: await settingsStore.previewHosts(db) };
  return json(answer);
};

/** PUT /v2/settings/preview-hosts {hosts}: replaces the list (at most 5; duplicates kept once). */
const setPreviewHosts: Handler<"v2.settings.setPreviewHosts"> = async ({ db, body, people, caller }) => {
  const hosts = [...new Set(body.hosts)];
  await db.transaction(async (tx) => {
    const before = await settingsStore.previewHosts(tx);
    await settingsStore.setPreviewHosts(tx, hosts, new Date());
    const detail = { setting: "preview_hosts", from: before, to: hosts };
    await people.audit.record(
      { actor: caller.personId, action: "settings.changed", target: "preview_hosts", detail },
      tx,
    );
  });
  const answer: PreviewHosts = { hosts };
  return json(answer);
};

/** GET /v2/settings/default-privacy (every person: the new-chat form shows it): a new chat's privacy when none is sent. */
const getDefaultPrivacy: Handler<"v2.settings.defaultPrivacy"> = async ({ db }) => {
  const answer: DefaultPrivacy = { privacy: await settingsStore.defaultPrivacy(db) };
  return json(answer);
};

/** PUT /v2/settings/default-privacy {privacy} (admins): sets it; audited (`settings.changed`). */
const setDefaultPrivacy: Handler<"v2.settings.setDefaultPrivacy"> = async ({ db, body, people, caller }) => {
  await db.transaction(async (tx) => {
    const before = await settingsStore.defaultPrivacy(tx);
    await settingsStore.setDefaultPrivacy(tx, body.privacy, new Date());
    const detail = { setting: "default_privacy", from: before, to: body.privacy };
    await people.audit.record(
      { actor: caller.personId, action: "settings.changed", target: "default_privacy", detail },
      tx,
    );
  });
  const answer: DefaultPrivacy = { privacy: body.privacy };
  return json(answer);
};

/** The hosting platform's own project integration: not part of the embedded service. */
const noPlatform = async (): Promise<Response> => {
  throw new HttpError(
    501,
    "The embedded service has no hosting platform: its integration projects do not exist here. " +
      "Use POST /v2/chats/{chatId}/host-project to link a chat to a (simulated) hosting project.",
    "platform_unavailable",
  );
};

/** The routes of lib/api/routes.ts this file answers. */
export const platformHandlers = {
  "v2.chats.deploy": deployChat,
  "v2.chats.connectStatus": connectStatus,
  "v2.settings.previewHosts": getPreviewHosts,
  "v2.settings.setPreviewHosts": setPreviewHosts,
  "v2.settings.defaultPrivacy": getDefaultPrivacy,
  "v2.settings.setDefaultPrivacy": setDefaultPrivacy,
  "v1.integrations.projects.list": noPlatform,
  "v1.integrations.projects.create": noPlatform,
} satisfies HandlerTablePart;
