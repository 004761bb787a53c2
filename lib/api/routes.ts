import type { z } from "zod";
import * as s from "./schemas";
import { roleAtLeast, type Role } from "./schemas/team";
import type { ChatNeed } from "./schemas/privacy";
import { MAX_ATTACHMENTS_BODY_BYTES } from "./attachments/limits";

/**
 * Every path of the interface this project speaks (interface.md Part 4 plus the wire decisions of
 * docs/wire-decisions.md), declared once: the proxy's allow-list and body validation, the embedded service's router
 * and handler table (keyed by these names, checked by the type checker), and the typed clients' paths all come
 * from this table. Adding an endpoint: one entry here, one handler (docs/architecture.md "Adding an endpoint").
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
/** The interface's two versions (interface.md Part 4): v1 answers errors in its own shape. */
export type ApiVersion = "v1" | "v2";
/** How a create, send or resolve answers: by path in v2, by the `responseMode` body field in v1 (wire-decisions.md 1). */
export type ResponseMode = "sync" | "stream" | "async";

export interface RouteSpec {
  /** Stable name: the embedded service's handler table and the typed clients use it. */
  name: string;
  method: Method;
  /** Path after {base_url}, with `:param` segments. */
  pattern: string;
  /** Request body schema, validated by the proxy and by the embedded service. */
  body?: z.ZodType;
  /**
   * Never through the dashboard's proxy: browser redirect targets (reached directly, no key) and the share page's
   * read (`v2.shares.get`: the dashboard's server asks with its key, the token the only scope).
   */
  proxied?: false;
  /** Responds with Server-Sent Events. */
  stream?: true;
  /**
   * A body the schema refuses is answered 422 `{message: invalidBody, issues: [{path, error}]}` (the document's shape
   * for this operation) instead of one line.
   */
  invalidBody?: string;
  /** A larger body limit than the default (bodies that carry attachments); the proxy and the service apply it. */
  maxBodyBytes?: number;
  /**
   * The lowest role that may call it (docs/people.md), checked by the embedded service's router before the handler
   * runs (403 naming the role missing) and by the dashboard's proxy. Default (`minRoleOf`): GET → viewer, any other
   * method → member. Browser redirect targets (`proxied: false`) have no caller: their state is the credential.
   */
  minRole?: Role;
  /**
   * What the route needs on the chat it names (docs/wire-decisions.md "Privacy and share links"), checked by the
   * embedded service's router before the handler runs: a chat the caller may not read answers as an unknown one (404;
   * 422 when the body names it), one they may read but not write 403 naming the privacy or role. Default
   * (`chatNeedOf`): for a path with `:chatId`, read for GET and write for any other method; none otherwise.
   */
  chat?: ChatNeed;
  /**
   * Where the chat is named when not by the path's `:chatId`: the body's `chatId` (absent: no chat, nothing to
   * check), or the deployment of the path's `:deploymentId`.
   */
  chatFrom?: "body" | "deployment";
}

type Extra = Omit<RouteSpec, "name" | "method" | "pattern">;

const r = <
  const N extends string,
  const M extends Method,
  const P extends string,
  const E extends Extra = Record<never, never>,
>(
  name: N,
  method: M,
  pattern: P,
  extra?: E,
): { name: N; method: M; pattern: P } & E => ({ name, method, pattern, ...(extra as E) });

/** Create and send: their bodies may carry attachments, so a larger body limit. */
const CREATE = { body: s.CreateChatBody, maxBodyBytes: MAX_ATTACHMENTS_BODY_BYTES };
const SEND = { body: s.SendMessageBody, maxBodyBytes: MAX_ATTACHMENTS_BODY_BYTES };
/** Routes only admins call (people, the audit log, webhooks, service-wide settings). */
const ADMIN = { minRole: "admin" } as const;
/** A POST that only reads (re-attaching to a running generation's stream, the context meter): viewers may call it, on a chat they read. */
const READS = { minRole: "viewer", chat: "read" } as const;
/** A write that only reads its chat (a copy made of it becomes the caller's; a favorite is the caller's own mark). */
const READS_CHAT = { chat: "read" } as const;

/** A deployment is its chat's: reading it needs read on the chat, deleting it write. */
const DEPLOYMENT_READ = { chat: "read", chatFrom: "deployment" } as const;
const DEPLOYMENT_WRITE = { chat: "write", chatFrom: "deployment" } as const;

/** Order matters: literal segments come before parameters that would also match them. */
export const ROUTES = [
  // ----- v2 chats and messages (4.1; response modes by path, wire-decisions.md 1) -----
  r("v2.chats.create", "POST", "/v2/chats", CREATE),
  r("v2.chats.create.stream", "POST", "/v2/chats/stream", { ...CREATE, stream: true }),
  r("v2.chats.create.async", "POST", "/v2/chats/async", CREATE),
  r("v2.chats.fromFiles", "POST", "/v2/chats/from-files", { body: s.CreateChatFromFilesBody }), // the document's
  r("v2.chats.fromRepo", "POST", "/v2/chats/from-repo", { body: s.CreateChatFromRepoBody }), // the document's
  r("v2.chats.fromZip", "POST", "/v2/chats/from-zip", { body: s.CreateChatFromZipBody }), // the document's
  r("v2.chats.list", "GET", "/v2/chats"),
  r("v2.chats.get", "GET", "/v2/chats/:chatId"),
  r("v2.chats.update", "PATCH", "/v2/chats/:chatId", { body: s.UpdateChatBody }),
  r("v2.chats.delete", "DELETE", "/v2/chats/:chatId"), // our extension: chat.deleted / message.deleted imply it
  r("v2.messages.list", "GET", "/v2/chats/:chatId/messages"),
  r("v2.messages.resolve", "POST", "/v2/chats/:chatId/messages/resolve", { body: s.ResolveBody }),
  r("v2.messages.resolve.stream", "POST", "/v2/chats/:chatId/messages/resolve/stream", {
    body: s.ResolveBody,
    stream: true,
  }),
  r("v2.messages.resolve.async", "POST", "/v2/chats/:chatId/messages/resolve/async", { body: s.ResolveBody }),
  r("v2.messages.send.stream", "POST", "/v2/chats/:chatId/messages/stream", { ...SEND, stream: true }),
  r("v2.messages.send.async", "POST", "/v2/chats/:chatId/messages/async", SEND),
  r("v2.messages.send", "POST", "/v2/chats/:chatId/messages", SEND),
  r("v2.messages.get", "GET", "/v2/chats/:chatId/messages/:messageId"),
  r("v2.messages.stop", "POST", "/v2/chats/:chatId/messages/:messageId/stop"),
  r("v2.chats.resume", "POST", "/v2/chats/:chatId/resume", { stream: true, ...READS }), // the document's: re-attach to a generation
  r("v2.chats.preview", "GET", "/v2/chats/:chatId/preview"),
  r("v2.chats.hostProject", "POST", "/v2/chats/:chatId/host-project"),
  r("v2.chats.vercelProject", "POST", "/v2/chats/:chatId/vercel-project"), // the document's name of the same link
  r("v2.chats.files", "GET", "/v2/chats/:chatId/files"),
  r("v2.chats.updateFiles", "PATCH", "/v2/chats/:chatId/files", {
    body: s.UpdateFilesBody,
    invalidBody: s.INVALID_FILE_CONTENTS,
  }), // the document's: a hand edit
  r("v2.chats.files.download", "GET", "/v2/chats/:chatId/files/download"), // the document's: a .zip of the files
  r("v2.chats.duplicate", "POST", "/v2/chats/:chatId/duplicate", { body: s.DuplicateChatBody, ...READS_CHAT }),
  // our extension (issue 40): a new share link, the old one 404 at once
  r("v2.chats.share.rotate", "POST", "/v2/chats/:chatId/share/rotate"),
  // our extension (issue 40): what a share link shows; the dashboard's server asks (its key), never the browser's proxy
  r("v2.shares.get", "GET", "/v2/shares/:token", { proxied: false }),
  r("v2.chats.restore", "POST", "/v2/chats/:chatId/restore-message", { body: s.RestoreMessageBody }),
  r("v2.chats.deploy", "POST", "/v2/chats/:chatId/deploy"), // the document's: the latest version as a deployment
  r("v2.chats.connectStatus", "GET", "/v2/chats/:chatId/connect/status"), // the document's: integrations (none here)
  // our extension: how full the next answer's context is (the draft prompt counted), and summarising it now
  r("v2.chats.context", "POST", "/v2/chats/:chatId/context", { body: s.ContextBody, ...READS }),
  r("v2.chats.compact", "POST", "/v2/chats/:chatId/compact"),
  // ----- v2 webhooks (4.1, wire-decisions.md 8; deliveries are an embedded-service extension) -----
  r("v2.hooks.list", "GET", "/v2/hooks", ADMIN),
  r("v2.hooks.create", "POST", "/v2/hooks", { body: s.CreateWebhookBody, ...ADMIN, chat: "read", chatFrom: "body" }),
  r("v2.hooks.eventTypes", "GET", "/v2/hooks/event-types", ADMIN), // extension: the event catalog
  r("v2.hooks.get", "GET", "/v2/hooks/:hookId", ADMIN),
  r("v2.hooks.update", "PATCH", "/v2/hooks/:hookId", { body: s.UpdateWebhookBody, ...ADMIN }),
  r("v2.hooks.delete", "DELETE", "/v2/hooks/:hookId", ADMIN),
  r("v2.hooks.deliveries", "GET", "/v2/hooks/:hookId/deliveries", ADMIN),
  r("v2.hooks.resend", "POST", "/v2/hooks/:hookId/deliveries/:deliveryId/resend", ADMIN),
  // extensions: debugging a webhook in place
  r("v2.hooks.test", "POST", "/v2/hooks/:hookId/test", { body: s.TestWebhookBody, ...ADMIN }),
  r("v2.hooks.replay", "POST", "/v2/hooks/:hookId/deliveries/replay", { body: s.ReplayDeliveriesBody, ...ADMIN }),
  r("v2.hooks.rotateSecret", "POST", "/v2/hooks/:hookId/rotate-secret", ADMIN),
  // ----- v2 MCP servers (4.1, 4.3, wire-decisions.md 9) -----
  r("v2.mcp.callback", "GET", "/v2/mcp-servers/oauth/callback", { proxied: false }),
  r("v2.mcp.list", "GET", "/v2/mcp-servers"),
  r("v2.mcp.create", "POST", "/v2/mcp-servers", { body: s.CreateMcpServerBody }),
  r("v2.mcp.get", "GET", "/v2/mcp-servers/:mcpServerId"),
  r("v2.mcp.update", "PATCH", "/v2/mcp-servers/:mcpServerId", { body: s.UpdateMcpServerBody }),
  r("v2.mcp.delete", "DELETE", "/v2/mcp-servers/:mcpServerId"),
  r("v2.mcp.authorize", "POST", "/v2/mcp-servers/:mcpServerId/oauth/authorize", { body: s.AuthorizeBody }),
  // our extension: the MCP explorer (a server's tools, resources, prompts, used with its stored auth) and its log
  r("v2.mcp.tools", "GET", "/v2/mcp-servers/:mcpServerId/tools"),
  r("v2.mcp.tools.call", "POST", "/v2/mcp-servers/:mcpServerId/tools/call", { body: s.CallMcpToolBody }),
  r("v2.mcp.resources", "GET", "/v2/mcp-servers/:mcpServerId/resources"),
  r("v2.mcp.resources.read", "POST", "/v2/mcp-servers/:mcpServerId/resources/read", { body: s.ReadMcpResourceBody }),
  r("v2.mcp.prompts", "GET", "/v2/mcp-servers/:mcpServerId/prompts"),
  r("v2.mcp.prompts.get", "POST", "/v2/mcp-servers/:mcpServerId/prompts/get", { body: s.GetMcpPromptBody }),
  r("v2.mcp.log", "GET", "/v2/mcp-servers/:mcpServerId/log"),
  // ----- v2 usage (the real service's document: usage.getSummary, usage.listEvents, usage.getActivity) -----
  r("v2.usage.summary", "GET", "/v2/usage/summary"),
  r("v2.usage.events", "GET", "/v2/usage/events"),
  r("v2.usage.activity", "GET", "/v2/usage/activity"),
  // our extension: every model call's tokens and credits (format=csv: the export), and their sums
  r("v2.usage.ledger", "GET", "/v2/usage/ledger"),
  r("v2.usage.ledger.summary", "GET", "/v2/usage/ledger/summary"),
  // ----- v2 budgets (our extension: credits per person and for the team, per day or month) -----
  r("v2.budgets", "GET", "/v2/budgets"),
  r("v2.budgets.set", "PUT", "/v2/budgets", { body: s.PutBudgetsBody, ...ADMIN }),
  // ----- v2 Git (our extension: a chat's remote, push and pull; credentials by host) -----
  r("v2.chats.git.get", "GET", "/v2/chats/:chatId/git"),
  r("v2.chats.git.incoming", "GET", "/v2/chats/:chatId/git/incoming"),
  r("v2.chats.git.push", "POST", "/v2/chats/:chatId/git/push", { body: s.GitPushBody }),
  r("v2.chats.git.pull", "POST", "/v2/chats/:chatId/git/pull", { body: s.GitPullBody }),
  // ----- v2 a chat's app (our extension, issue 41, docs/app-runtime.md): its state and log; restart and stop it -----
  r("v2.chats.app", "GET", "/v2/chats/:chatId/app"),
  r("v2.chats.app.restart", "POST", "/v2/chats/:chatId/app/restart"),
  r("v2.chats.app.stop", "POST", "/v2/chats/:chatId/app/stop"),
  r("v2.gitCredentials.list", "GET", "/v2/git-credentials"),
  r("v2.gitCredentials.create", "POST", "/v2/git-credentials", { body: s.CreateGitCredentialBody }),
  r("v2.gitCredentials.delete", "DELETE", "/v2/git-credentials/:credentialId"),
  // ----- v2 quotas (our extension: interface.md Part 8's daily quotas and today's use, wire-decisions.md 12) -----
  r("v2.quotas", "GET", "/v2/quotas"),
  // ----- v2 settings (the document's trusted preview hosts) -----
  r("v2.settings.previewHosts", "GET", "/v2/settings/preview-hosts", ADMIN),
  r("v2.settings.setPreviewHosts", "PUT", "/v2/settings/preview-hosts", { body: s.PreviewHostsBody, ...ADMIN }),
  // our extension (issue 40): a new chat's privacy when none is sent; every person reads it (the new-chat form)
  r("v2.settings.defaultPrivacy", "GET", "/v2/settings/default-privacy"),
  r("v2.settings.setDefaultPrivacy", "PUT", "/v2/settings/default-privacy", {
    body: s.SetDefaultPrivacyBody,
    ...ADMIN,
  }),
  // ----- v2 people (our extension, issue 39, wire-decisions.md "People"): API keys, members, invitations, audit -----
  r("v2.apiKeys.list", "GET", "/v2/api-keys"),
  r("v2.apiKeys.create", "POST", "/v2/api-keys", { body: s.CreateApiKeyBody }),
  r("v2.apiKeys.rotate", "POST", "/v2/api-keys/:apiKeyId/rotate"),
  r("v2.apiKeys.delete", "DELETE", "/v2/api-keys/:apiKeyId"),
  r("v2.team.me", "GET", "/v2/team/me"),
  r("v2.team.members.list", "GET", "/v2/team/members", ADMIN),
  r("v2.team.members.create", "POST", "/v2/team/members", { body: s.CreateMemberBody, ...ADMIN }),
  r("v2.team.members.update", "PATCH", "/v2/team/members/:memberId", { body: s.UpdateMemberBody, ...ADMIN }),
  r("v2.team.members.delete", "DELETE", "/v2/team/members/:memberId", ADMIN),
  r("v2.team.members.transferChats", "POST", "/v2/team/members/:memberId/transfer-chats", {
    body: s.TransferChatsBody,
    ...ADMIN,
  }),
  r("v2.team.invitations.list", "GET", "/v2/team/invitations", ADMIN),
  r("v2.team.invitations.create", "POST", "/v2/team/invitations", { body: s.CreateInvitationBody, ...ADMIN }),
  r("v2.team.invitations.delete", "DELETE", "/v2/team/invitations/:invitationId", ADMIN),
  r("v2.auditLog", "GET", "/v2/audit-log", ADMIN),
  // ----- v1 (4.2; response mode by body field, wire-decisions.md 1) -----
  r("v1.chats.create", "POST", "/v1/chats", { body: s.v1.CreateChatBodyV1, maxBodyBytes: MAX_ATTACHMENTS_BODY_BYTES }),
  r("v1.chats.init", "POST", "/v1/chats/init", { body: s.v1.InitChatBodyV1 }),
  r("v1.chats.list", "GET", "/v1/chats"),
  r("v1.chats.get", "GET", "/v1/chats/:chatId"),
  r("v1.chats.update", "PATCH", "/v1/chats/:chatId", { body: s.v1.UpdateChatBodyV1 }),
  r("v1.chats.delete", "DELETE", "/v1/chats/:chatId"),
  r("v1.chats.project", "GET", "/v1/chats/:chatId/project"),
  r("v1.chats.fork", "POST", "/v1/chats/:chatId/fork", { body: s.v1.ForkChatBodyV1, ...READS_CHAT }),
  r("v1.chats.favorite", "PUT", "/v1/chats/:chatId/favorite", { body: s.v1.FavoriteChatBodyV1, ...READS_CHAT }),
  r("v1.messages.list", "GET", "/v1/chats/:chatId/messages"),
  r("v1.messages.send", "POST", "/v1/chats/:chatId/messages", {
    body: s.v1.SendMessageBodyV1,
    maxBodyBytes: MAX_ATTACHMENTS_BODY_BYTES,
  }),
  r("v1.messages.get", "GET", "/v1/chats/:chatId/messages/:messageId"),
  r("v1.messages.resume", "POST", "/v1/chats/:chatId/messages/:messageId/resume", { stream: true, ...READS }),
  r("v1.messages.stop", "POST", "/v1/chats/:chatId/messages/:messageId/stop"),
  r("v1.tasks.resolve", "POST", "/v1/chats/:chatId/tasks/resolve", { body: s.v1.ResolveBodyV1 }),
  r("v1.versions.list", "GET", "/v1/chats/:chatId/versions"), // our extension (the real SDK has it): newest first, no files
  r("v1.versions.get", "GET", "/v1/chats/:chatId/versions/:versionId"),
  r("v1.versions.patch", "PATCH", "/v1/chats/:chatId/versions/:versionId", { body: s.v1.PatchVersionBodyV1 }),
  r("v1.versions.deleteFiles", "POST", "/v1/chats/:chatId/versions/:versionId/files/delete", {
    body: s.v1.DeleteVersionFilesBodyV1,
  }),
  r("v1.versions.download", "GET", "/v1/chats/:chatId/versions/:versionId/download"),
  r("v1.versions.restore", "POST", "/v1/chats/:chatId/versions/:versionId/restore"),
  r("v1.user", "GET", "/v1/user"),
  r("v1.user.plan", "GET", "/v1/user/plan"),
  r("v1.user.billing", "GET", "/v1/user/billing"),
  r("v1.user.scopes", "GET", "/v1/user/scopes"),
  r("v1.rateLimits", "GET", "/v1/rate-limits"),
  r("v1.reports.usage", "GET", "/v1/reports/usage"),
  r("v1.reports.aiUsage", "GET", "/v1/reports/usage/ai"),
  r("v1.reports.userActivity", "GET", "/v1/reports/user-activity"),
  r("v1.hooks.list", "GET", "/v1/hooks", ADMIN),
  r("v1.hooks.create", "POST", "/v1/hooks", { body: s.v1.CreateHookBodyV1, ...ADMIN, chat: "read", chatFrom: "body" }),
  r("v1.hooks.get", "GET", "/v1/hooks/:hookId", ADMIN),
  r("v1.hooks.update", "PATCH", "/v1/hooks/:hookId", { body: s.v1.UpdateHookBodyV1, ...ADMIN }),
  r("v1.hooks.delete", "DELETE", "/v1/hooks/:hookId", ADMIN),
  // The hosting platform's own integration (the document's): the embedded service has no such platform.
  r("v1.integrations.projects.list", "GET", "/v1/integrations/vercel/projects"),
  r("v1.integrations.projects.create", "POST", "/v1/integrations/vercel/projects"),
  r("v1.projects.list", "GET", "/v1/projects"),
  r("v1.projects.create", "POST", "/v1/projects", { body: s.v1.CreateProjectBodyV1 }),
  r("v1.projects.get", "GET", "/v1/projects/:id"),
  r("v1.projects.update", "PUT", "/v1/projects/:id", { body: s.v1.UpdateProjectBodyV1 }),
  r("v1.projects.patch", "PATCH", "/v1/projects/:id", { body: s.v1.PatchProjectBodyV1 }),
  r("v1.projects.assign", "POST", "/v1/projects/:id/assign", {
    body: s.v1.AssignProjectBodyV1,
    chat: "write",
    chatFrom: "body",
  }),
  r("v1.projects.delete", "DELETE", "/v1/projects/:id"),
  r("v1.envVars.list", "GET", "/v1/projects/:projectId/env-vars"),
  r("v1.envVars.create", "POST", "/v1/projects/:projectId/env-vars", { body: s.v1.CreateEnvVarsBodyV1 }),
  r("v1.envVars.update", "PATCH", "/v1/projects/:projectId/env-vars", { body: s.v1.UpdateEnvVarsBodyV1 }),
  r("v1.envVars.delete", "POST", "/v1/projects/:projectId/env-vars/delete", { body: s.v1.DeleteEnvVarsBodyV1 }),
  r("v1.envVars.get", "GET", "/v1/projects/:projectId/env-vars/:environmentVariableId"),
  // v1 deployments (the document's operations; wire-decisions.md "Deployments"): a version's files as a static site
  r("v1.deployments.list", "GET", "/v1/deployments"),
  r("v1.deployments.create", "POST", "/v1/deployments", {
    body: s.v1.CreateDeploymentBodyV1,
    chat: "write",
    chatFrom: "body",
  }),
  r("v1.deployments.get", "GET", "/v1/deployments/:deploymentId", DEPLOYMENT_READ),
  r("v1.deployments.delete", "DELETE", "/v1/deployments/:deploymentId", DEPLOYMENT_WRITE),
  r("v1.deployments.logs", "GET", "/v1/deployments/:deploymentId/logs", DEPLOYMENT_READ),
  r("v1.deployments.errors", "GET", "/v1/deployments/:deploymentId/errors", DEPLOYMENT_READ),
  r("v1.mcp.callback", "GET", "/v1/mcp-servers/oauth/callback", { proxied: false }),
  r("v1.mcp.list", "GET", "/v1/mcp-servers"),
  r("v1.mcp.create", "POST", "/v1/mcp-servers", { body: s.v1.CreateMcpServerBodyV1 }),
  r("v1.mcp.get", "GET", "/v1/mcp-servers/:mcpServerId"),
  r("v1.mcp.update", "PATCH", "/v1/mcp-servers/:mcpServerId", { body: s.v1.UpdateMcpServerBodyV1 }),
  r("v1.mcp.delete", "DELETE", "/v1/mcp-servers/:mcpServerId"),
  r("v1.mcp.authorize", "POST", "/v1/mcp-servers/:mcpServerId/oauth/authorize", { body: s.AuthorizeBody }),
] as const satisfies readonly RouteSpec[];

export type AnyRoute = (typeof ROUTES)[number];
export type RouteName = AnyRoute["name"];
export type RouteByName<N extends RouteName> = Extract<AnyRoute, { name: N }>;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The `:param` values of a route's path, by name (`{ chatId: string; messageId: string }`). */
export type RouteParams<N extends RouteName> = { [K in ParamNames<RouteByName<N>["pattern"]>]: string };
/** The body a route's schema parses to (undefined for routes without one). Distributes over a union of names. */
export type RouteBody<N extends RouteName> = N extends RouteName
  ? RouteByName<N> extends { body: infer B extends z.ZodType }
    ? z.output<B>
    : undefined
  : never;

/** The lowest role that may call a route: its `minRole`, else viewer for GET (and HEAD), member for the rest. */
export function minRoleOf(route: RouteSpec): Role {
  return route.minRole ?? (route.method === "GET" ? "viewer" : "member");
}

/** Whether a caller of this role may call the route (the router's check; the proxy's defence in depth). */
export function mayCall(route: RouteSpec, role: Role): boolean {
  return roleAtLeast(role, minRoleOf(route));
}

/**
 * What a route needs on the chat it names (the router's check, before the handler): its `chat`, else read for a GET
 * of a path with `:chatId` and write for any other method there; null for a route that names no chat.
 */
export function chatNeedOf(route: RouteSpec): ChatNeed | null {
  if (route.chat) return route.chat;
  if (!route.pattern.includes("/:chatId")) return null;
  return route.method === "GET" ? "read" : "write";
}

const BY_NAME = new Map<string, RouteSpec>(ROUTES.map((route) => [route.name, route]));

export function routeByName<N extends RouteName>(name: N): RouteByName<N> {
  return BY_NAME.get(name) as RouteByName<N>;
}

/** The path of a route with its parameters filled in, each encoded as one segment. */
export function pathOf<N extends RouteName>(name: N, params: RouteParams<N>): string {
  const values = params as Record<string, string>;
  return routeByName(name).pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${name}: missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}

interface RouteMatch {
  route: RouteSpec & { name: RouteName };
  params: Record<string, string>;
}

const SEGMENT = /^[A-Za-z0-9._~-]{1,200}$/;

/** Matches a method and a path (no query, no base) against the table. Parameters must be plain segments. */
export function matchRoute(method: string, path: string): RouteMatch | null {
  const segments = path.replace(/\/+$/, "").split("/").slice(1);
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const want = route.pattern.split("/").slice(1);
    if (want.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < want.length && ok; i++) {
      const w = want[i]!;
      const got = segments[i]!;
      if (w.startsWith(":")) {
        let value: string;
        try {
          value = decodeURIComponent(got);
        } catch {
          ok = false;
          break;
        }
        if (SEGMENT.test(value)) params[w.slice(1)] = value;
        else ok = false;
      } else ok = w === got;
    }
    if (ok) return { route, params };
  }
  return null;
}

/** Whether any route has this path under another method (for 405 vs 404). */
export function pathExists(path: string): boolean {
  return METHODS.some((m) => matchRoute(m, path) !== null);
}
