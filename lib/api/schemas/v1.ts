import { z } from "zod";
import { FinishReason, HttpUrl, ModelId, Privacy, StringMap, promptFields } from "./common";
import { SuggestedPermission } from "./parts";
import { AttachmentsBody } from "./attachments";
import { McpBearerAuthBody, McpHeadersAuthBody, McpNoneAuthBody } from "./mcp-servers";
import { ResolveTask } from "./messages";

export * from "./v1-operations";

export const VersionFileV1 = z.object({
  object: z.literal("file"),
  name: z.string(),
  content: z.string(),
  locked: z.boolean(),
});
export type VersionFileV1 = z.infer<typeof VersionFileV1>;

/** Version (2.6). */
export const VersionV1 = z.object({
  id: z.string(),
  object: z.literal("version"),
  status: z.enum(["pending", "completed", "failed"]),
  demoUrl: z.string().optional(),
  screenshotUrl: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  files: z.array(VersionFileV1),
});
export type VersionV1 = z.infer<typeof VersionV1>;

/** @public v1 message types (checked by the schema tests). */
export const MessageTypeV1 = z.enum([
  "message",
  "forked-block",
  "forked-chat",
  "open-in-svc",
  "refinement",
  "added-environment-variables",
  "added-integration",
  "deleted-file",
  "moved-file",
  "renamed-file",
  "edited-file",
  "replace-src",
  "reverted-block",
  "fix-with-svc",
  "auto-fix-with-svc",
  "sync-git",
  "pull-changes",
  "fix-cve",
  "answered-questions",
]);

/** The blocked task carried by experimental_content (wire-decisions.md 4). */
export const BlockedTaskV1 = z.union([
  z.object({
    stopReason: z.literal("user-input-required"),
    task: z.object({
      type: z.literal("task-get-or-request-integration-v1"),
      requestedIntegrations: z.array(z.string()),
      requestedMcpPresets: z.array(z.string()).optional(),
    }),
  }),
  z.object({ stopReason: z.literal("permissions"), suggestedPermissions: z.array(SuggestedPermission) }),
]);
export type BlockedTaskV1 = z.infer<typeof BlockedTaskV1>;

/** Message (2.7). */
export const MessageV1 = z.object({
  id: z.string(),
  object: z.literal("message"),
  content: z.string(),
  experimental_content: z.array(z.unknown()).optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  type: MessageTypeV1,
  role: z.enum(["user", "assistant"]),
  finishReason: FinishReason.optional(),
  apiUrl: z.string(),
  authorId: z.string().nullable(),
  parentId: z.string().nullable().optional(),
  attachments: z
    .array(
      z.object({
        url: z.string(),
        name: z.string().optional(),
        contentType: z.string().optional(),
        size: z.number(),
        content: z.string().optional(),
        type: z.enum(["screenshot", "figma", "zip"]).optional(),
      }),
    )
    .optional(),
});
export type MessageV1 = z.infer<typeof MessageV1>;

/** Chat (2.5). */
export const ChatV1 = z.object({
  id: z.string(),
  object: z.literal("chat"),
  shareable: z.boolean(),
  privacy: Privacy,
  name: z.string().optional(),
  title: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  favorite: z.boolean(),
  authorId: z.string(),
  projectId: z.string().optional(),
  hostProjectId: z.string().optional(),
  webUrl: z.string(),
  apiUrl: z.string(),
  latestVersion: VersionV1.optional(),
  url: z.string(),
  messages: z.array(MessageV1),
  files: z
    .array(z.object({ lang: z.string(), meta: z.record(z.string(), z.unknown()), source: z.string() }))
    .optional(),
  demo: z.string().optional(),
  text: z.string(),
  modelConfiguration: z
    .object({ modelId: ModelId, imageGenerations: z.boolean().optional(), thinking: z.boolean().optional() })
    .optional(),
  permissions: z.object({ write: z.boolean() }),
  metadata: StringMap,
  /** Extension of the embedded service: the v2 create/send body's `systemPrompt` (the v2 Chat is strict, interface.md 2.1). */
  systemPrompt: z.string().optional(),
  /** Extension of the embedded service: a branch (`POST /v1/chats/{chatId}/fork`) names its source chat and version. */
  forkedFrom: z.object({ chatId: z.string(), versionId: z.string(), title: z.string().nullable() }).optional(),
});
export type ChatV1 = z.infer<typeof ChatV1>;

/** An item of `GET /v1/chats` (our choice): the v1 Chat without its messages and files. */
export const ChatSummaryV1 = ChatV1.omit({ messages: true, files: true });
export type ChatSummaryV1 = z.infer<typeof ChatSummaryV1>;

/** `GET /v1/chats?limit&cursor` (our choice, wire-decisions.md 3 paging): newest first. */
export const ChatListV1 = z.object({
  object: z.literal("list"),
  data: z.array(ChatSummaryV1),
  cursor: z.string().nullable(),
});
export type ChatListV1 = z.infer<typeof ChatListV1>;

/** `GET /v1/chats/{chatId}/messages?limit&cursor` (our choice, wire-decisions.md 3 paging): newest first. */
export const MessageListV1 = z.object({
  object: z.literal("list"),
  data: z.array(MessageV1),
  cursor: z.string().nullable(),
});
export type MessageListV1 = z.infer<typeof MessageListV1>;

/**
 * `GET /v1/chats/{chatId}/versions?limit&cursor` (an extension of the embedded service, as in the real service's
 * SDK): the chat's versions newest first, without their files (get one by id for those).
 */
const VersionSummaryV1 = VersionV1.omit({ files: true });
export const VersionListV1 = z.object({
  object: z.literal("list"),
  data: z.array(VersionSummaryV1),
  cursor: z.string().nullable(),
});
export type VersionListV1 = z.infer<typeof VersionListV1>;

/** `PUT /v1/chats/{chatId}/favorite` (the v1 document's chats.favorite). */
export const FavoriteChatBodyV1 = z.object({ isFavorite: z.boolean() });
export type FavoriteChatBodyV1 = z.infer<typeof FavoriteChatBodyV1>;
export const FavoriteChatV1 = z.object({ id: z.string(), object: z.literal("chat"), favorited: z.boolean() });
export type FavoriteChatV1 = z.infer<typeof FavoriteChatV1>;

/** An environment variable's name: a shell identifier (letters, digits and `_`, not starting with a digit). */
const ENV_VAR_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const EnvVarKey = z
  .string()
  .max(256)
  .regex(ENV_VAR_KEY, "a name of letters, digits and _, not starting with a digit (e.g. DATABASE_URL)");
const EnvVarValue = z.string().max(65_536);
/** At most this many variables in one create, update or delete. */
const ENV_VARS_PER_CALL = 100;

/**
 * A project's environment variable (the v1 document's EnvironmentVariableSummarySchema). `value` is the plain value
 * only with `decrypted: true` (`?decrypted=true`); otherwise it is the value as stored, encrypted.
 */
export const EnvVarV1 = z.object({
  id: z.string(),
  object: z.literal("environment_variable"),
  key: z.string(),
  value: z.string(),
  decrypted: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number().optional(),
});
export type EnvVarV1 = z.infer<typeof EnvVarV1>;
export const EnvVarListV1 = z.object({ object: z.literal("list"), data: z.array(EnvVarV1) });
export type EnvVarListV1 = z.infer<typeof EnvVarListV1>;
/** `GET /v1/projects/{projectId}/env-vars/{environmentVariableId}` */
export const EnvVarDetailV1 = z.object({ object: z.literal("environment_variable"), data: EnvVarV1 });
export type EnvVarDetailV1 = z.infer<typeof EnvVarDetailV1>;

/** `POST /v1/projects/{projectId}/env-vars`: new variables; with `upsert` an existing key's value is replaced. */
export const CreateEnvVarsBodyV1 = z.object({
  environmentVariables: z
    .array(z.object({ key: EnvVarKey, value: EnvVarValue }))
    .min(1)
    .max(ENV_VARS_PER_CALL)
    .superRefine((vars, ctx) => {
      const seen = new Set<string>();
      vars.forEach((v, i) => {
        if (seen.has(v.key)) ctx.addIssue({ code: "custom", path: [i, "key"], message: `${v.key} is given twice` });
        seen.add(v.key);
      });
    }),
  upsert: z.boolean().optional(),
});
export type CreateEnvVarsBodyV1 = z.infer<typeof CreateEnvVarsBodyV1>;
/** `PATCH /v1/projects/{projectId}/env-vars`: new values by id. */
export const UpdateEnvVarsBodyV1 = z.object({
  environmentVariables: z
    .array(z.object({ id: z.string().min(1), value: EnvVarValue }))
    .min(1)
    .max(ENV_VARS_PER_CALL),
});
export type UpdateEnvVarsBodyV1 = z.infer<typeof UpdateEnvVarsBodyV1>;
/** `POST /v1/projects/{projectId}/env-vars/delete` */
export const DeleteEnvVarsBodyV1 = z.object({
  environmentVariableIds: z.array(z.string().min(1)).min(1).max(ENV_VARS_PER_CALL),
});
export type DeleteEnvVarsBodyV1 = z.infer<typeof DeleteEnvVarsBodyV1>;
export const EnvVarsDeletedV1 = z.object({
  object: z.literal("list"),
  data: z.array(z.object({ id: z.string(), object: z.literal("environment_variable"), deleted: z.literal(true) })),
});
export type EnvVarsDeletedV1 = z.infer<typeof EnvVarsDeletedV1>;

/** `POST /v1/chats/{chatId}/fork` (the v1 document's chats.fork): the latest version when none is named. */
export const ForkChatBodyV1 = z.object({
  versionId: z.string().min(1).max(32).optional(),
  privacy: Privacy.optional(),
});
export type ForkChatBodyV1 = z.infer<typeof ForkChatBodyV1>;

/** v1 response mode (wire-decisions.md 1). */
const ResponseModeV1 = z.enum(["sync", "async", "experimental_stream"]);

/** v1 chat creation: from a prompt, or initialization from files or a repository. */
export const CreateChatBodyV1 = z
  .object({
    message: promptFields.message,
    initialMessage: promptFields.message,
    mcpServerIds: z.array(z.string()).max(50).optional(),
    responseMode: ResponseModeV1.optional(),
    type: z.enum(["files", "repo"]).optional(),
    files: z.array(z.object({ name: z.string().min(1), content: z.string() })).optional(),
    repo: z.object({ url: z.string() }).optional(),
    initialContext: z.string().optional(),
    privacy: Privacy.optional(),
    attachments: AttachmentsBody.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.type === "files" && !b.files) ctx.addIssue({ code: "custom", path: ["files"], message: "files is required" });
    else if (b.type === "repo" && !b.repo)
      ctx.addIssue({ code: "custom", path: ["repo"], message: "repo is required" });
    else if (!b.type && b.message === undefined && b.initialMessage === undefined)
      ctx.addIssue({ code: "custom", path: ["message"], message: "message is required" });
  });
export type CreateChatBodyV1 = z.infer<typeof CreateChatBodyV1>;

export const SendMessageBodyV1 = z.object({
  message: z.string().min(1, "message must not be empty").max(100_000),
  mcpServerIds: z.array(z.string()).max(50).optional(),
  responseMode: ResponseModeV1.optional(),
  attachments: AttachmentsBody.optional(),
});
export type SendMessageBodyV1 = z.infer<typeof SendMessageBodyV1>;

export const ResolveBodyV1 = z.object({ task: ResolveTask });
export type ResolveBodyV1 = z.infer<typeof ResolveBodyV1>;

/**
 * PATCH /v1/chats/{chatId}/versions/{versionId} (wire-decisions.md 6): new content is a hand edit; `locked` left out
 * keeps the file's lock.
 */
export const PatchVersionBodyV1 = z.object({
  files: z.array(z.object({ name: z.string().min(1), content: z.string(), locked: z.boolean().optional() })).min(1),
});
export type PatchVersionBodyV1 = z.infer<typeof PatchVersionBodyV1>;
/** POST /v1/chats/{chatId}/versions/{versionId}/files/delete (the v1 document's `chats.deleteVersionFiles`). */
export const DeleteVersionFilesBodyV1 = z.object({ filePaths: z.array(z.string().min(1)).min(1) });
export type DeleteVersionFilesBodyV1 = z.infer<typeof DeleteVersionFilesBodyV1>;

const OAuthConfigV1 = z.object({
  authorizationUrl: HttpUrl,
  tokenUrl: HttpUrl,
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  scopes: z.array(z.string()).default([]),
  usePKCE: z.boolean().default(true),
  resource: z.string().optional(),
});
/** The v1 document's `auth` (none | bearer | custom-headers | oauth with its `config`). */
const McpAuthBodyV1 = z.discriminatedUnion("type", [
  McpNoneAuthBody,
  McpBearerAuthBody,
  McpHeadersAuthBody,
  z.object({ type: z.literal("oauth"), config: OAuthConfigV1 }),
]);
export const CreateMcpServerBodyV1 = z.object({
  name: z.string().min(1).max(200),
  url: HttpUrl,
  description: z.string().max(1000).optional(),
  enabled: z.boolean().optional(),
  auth: McpAuthBodyV1.optional(),
});
export const UpdateMcpServerBodyV1 = z.object({
  name: z.string().min(1).max(200).optional(),
  url: HttpUrl.optional(),
  description: z.string().max(1000).optional(),
  enabled: z.boolean().optional(),
  auth: McpAuthBodyV1.optional(),
});

/** v1 MCP server record (wire-decisions.md 9): the v2 record plus `object`; lists are `{object: "list", data}`. */
/** The v1 record (the v1 document, strict): only the authentication type (interface.md 2.11). */
export const McpServerV1 = z.strictObject({
  object: z.literal("mcp_server"),
  id: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string().optional(),
  enabled: z.boolean(),
  auth: z.strictObject({ type: z.enum(["none", "bearer", "custom-headers", "oauth"]) }),
  scope: z.enum(["user", "team"]),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type McpServerV1 = z.infer<typeof McpServerV1>;
export const McpServerListV1 = z.object({ object: z.literal("list"), data: z.array(McpServerV1) });
export const McpServerDeletedV1 = z.object({
  id: z.string(),
  object: z.literal("mcp_server"),
  deleted: z.literal(true),
});

/**
 * v1 projects (4.2; bodies "not shown", our wire decision in README): a name, an optional description and the
 * chats it groups. PUT replaces name and description; `chatIds`, when given, becomes exactly the project's chats
 * (a chat belongs to at most one project and moves).
 */
const ProjectName = z.string().trim().min(1, "must not be empty").max(100);
const ProjectDescription = z.string().trim().max(1000);
const ProjectChatIds = z.array(z.string().min(1)).max(1000);
export const ProjectV1 = z.object({
  id: z.string(),
  object: z.literal("project"),
  name: z.string(),
  description: z.string().nullable(),
  chatIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectV1 = z.infer<typeof ProjectV1>;
export const ProjectListV1 = z.object({ object: z.literal("list"), data: z.array(ProjectV1) });
export type ProjectListV1 = z.infer<typeof ProjectListV1>;
export const CreateProjectBodyV1 = z.object({
  name: ProjectName,
  description: ProjectDescription.optional(),
  chatIds: ProjectChatIds.optional(),
});
export type CreateProjectBodyV1 = z.infer<typeof CreateProjectBodyV1>;
export const UpdateProjectBodyV1 = CreateProjectBodyV1;
export type UpdateProjectBodyV1 = z.infer<typeof UpdateProjectBodyV1>;
export const ProjectDeletedV1 = z.object({ id: z.string(), object: z.literal("project"), deleted: z.literal(true) });
export type ProjectDeletedV1 = z.infer<typeof ProjectDeletedV1>;

/** v1 error body (7.2). */
export const ErrorV1 = z.object({
  error: z.object({ code: z.string(), type: z.string(), message: z.string(), userMessage: z.string() }),
});
export type ErrorV1 = z.infer<typeof ErrorV1>;

/**
 * v1 deployments (4.2; fields "not shown" in the spec, so the v1 document's DeploymentDetail, plus our extensions
 * `status`, `createdAt`, `updatedAt`; docs/wire-decisions.md "Deployments"). A deployment publishes one completed
 * version's files as a static site at `webUrl` (`{base_url}/hosting/{id}/`): pending → ready, or error (no index.html).
 */
const DeploymentStatusV1 = z.enum(["pending", "ready", "error"]);
export const DeploymentV1 = z.object({
  id: z.string(),
  object: z.literal("deployment"),
  inspectorUrl: z.string(),
  chatId: z.string(),
  projectId: z.string().optional(),
  versionId: z.string(),
  apiUrl: z.string(),
  webUrl: z.string(),
  /** Extension: pending (building) → ready (served at webUrl) or error (see …/errors). */
  status: DeploymentStatusV1,
  /** Extension. */
  createdAt: z.string(),
  /** Extension: the last change of status. */
  updatedAt: z.string(),
});
export type DeploymentV1 = z.infer<typeof DeploymentV1>;
export const DeploymentListV1 = z.object({ object: z.literal("list"), data: z.array(DeploymentV1) });
export type DeploymentListV1 = z.infer<typeof DeploymentListV1>;
const DeploymentIdField = z.string().min(1, "must not be empty").max(200);
/** POST /v1/deployments (the document's body): chatId and versionId required; projectId defaults to the chat's. */
export const CreateDeploymentBodyV1 = z.object({
  projectId: DeploymentIdField.optional(),
  chatId: DeploymentIdField,
  versionId: DeploymentIdField,
});
export type CreateDeploymentBodyV1 = z.infer<typeof CreateDeploymentBodyV1>;
export const DeploymentDeletedV1 = z.object({
  id: z.string(),
  object: z.literal("deployment"),
  deleted: z.literal(true),
});
export type DeploymentDeletedV1 = z.infer<typeof DeploymentDeletedV1>;
/** One build log line (the document's deployment_log). */
export const DeploymentLogV1 = z.object({
  id: z.string(),
  object: z.literal("deployment_log"),
  deploymentId: z.string(),
  createdAt: z.string(),
  text: z.string(),
  type: z.enum(["stdout", "stderr"]),
  level: z.enum(["error", "warning", "info"]).optional(),
});
export type DeploymentLogV1 = z.infer<typeof DeploymentLogV1>;
/** GET …/logs?since (UNIX seconds): the lines after `since`, oldest first; `nextSince` to ask for the next ones. */
export const DeploymentLogListV1 = z.object({
  object: z.literal("list"),
  logs: z.array(DeploymentLogV1),
  nextSince: z.number().optional(),
});
export type DeploymentLogListV1 = z.infer<typeof DeploymentLogListV1>;
/** GET …/errors (the document's shape): empty when the deployment has no error. */
export const DeploymentErrorsV1 = z.object({
  fullErrorText: z.string().optional(),
  errorType: z.string().optional(),
  formattedError: z.string().optional(),
});
export type DeploymentErrorsV1 = z.infer<typeof DeploymentErrorsV1>;
/**
 * What the dashboard reads (lenient, interoperability.md): a service that follows only the document sends no status
 * or times, and one that knows other states may send them; the page shows what it got.
 */
export const DeploymentReadV1 = DeploymentV1.extend({
  status: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  inspectorUrl: z.string().optional(),
  apiUrl: z.string().optional(),
});
export type DeploymentReadV1 = z.infer<typeof DeploymentReadV1>;
export const DeploymentReadListV1 = z.object({ object: z.literal("list"), data: z.array(DeploymentReadV1) });
export type DeploymentReadListV1 = z.infer<typeof DeploymentReadListV1>;
