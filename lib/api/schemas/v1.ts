import { z } from "zod";
import { FinishReason, HttpUrl, ModelId, Privacy, StringMap, promptFields } from "./common";
import { SuggestedPermission } from "./parts";
import { ResolveTask } from "./v2";

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

/** User (2.8). */
export const UserV1 = z.object({
  id: z.string(),
  object: z.literal("user"),
  name: z.string().optional(),
  email: z.string(),
  avatar: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type UserV1 = z.infer<typeof UserV1>;

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
});
export type SendMessageBodyV1 = z.infer<typeof SendMessageBodyV1>;

export const ResolveBodyV1 = z.object({ task: ResolveTask });
export type ResolveBodyV1 = z.infer<typeof ResolveBodyV1>;

/** PATCH /v1/chats/{chatId}/versions/{versionId} (wire-decisions.md 6). */
export const PatchVersionBodyV1 = z.object({
  files: z.array(z.object({ name: z.string().min(1), content: z.string(), locked: z.boolean() })).min(1),
});
export type PatchVersionBodyV1 = z.infer<typeof PatchVersionBodyV1>;

const OAuthConfigV1 = z.object({
  authorizationUrl: HttpUrl,
  tokenUrl: HttpUrl,
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  scopes: z.array(z.string()).default([]),
  usePKCE: z.boolean().default(true),
  resource: z.string().optional(),
});
export const CreateMcpServerBodyV1 = z.object({
  name: z.string().min(1).max(200),
  url: HttpUrl,
  auth: z.object({ type: z.literal("oauth"), config: OAuthConfigV1 }).optional(),
});
export const UpdateMcpServerBodyV1 = z.object({
  name: z.string().min(1).max(200).optional(),
  url: HttpUrl.optional(),
  auth: z.object({ type: z.literal("oauth"), config: OAuthConfigV1 }).optional(),
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
