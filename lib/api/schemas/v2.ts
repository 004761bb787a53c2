import { z } from "zod";
import {
  DateTime,
  FinishReason,
  HttpUrl,
  ModelIdInput,
  Privacy,
  StringMap,
  Usage,
  promptFields,
  refinePrompt,
} from "./common";
import { Part, SuggestedPermission } from "./parts";
import { acceptedFileName, MAX_FILE_BYTES, utf8Length } from "../files/limits";
import { MAX_ATTACHMENTS } from "../attachments/limits";

// ---------- resources ----------

/** Chat (2.1): no properties other than these are allowed. */
export const Chat = z.strictObject({
  id: z.string(),
  title: z.string().optional(),
  privacy: Privacy,
  createdAt: DateTime,
  updatedAt: DateTime.optional(),
  authorId: z.string(),
  hostProjectId: z.string().optional(),
  metadata: StringMap,
  /** Whether the caller may change the chat (send, resolve, stop, edit files, rename, delete, deploy, push). */
  writePermission: z.boolean(),
  /**
   * Extension (docs/wire-decisions.md "Privacy and share links"): an unlisted or public chat's share link,
   * `<APP_URL>/share/<token>`, on the answers about one chat to a person who may read it (never in lists or webhooks).
   */
  shareUrl: z.string().optional(),
  /** Extension: when the share link stops working (null: never), with `shareUrl`. */
  shareExpiresAt: DateTime.nullable().optional(),
});
export type Chat = z.infer<typeof Chat>;

/** Chat with usage (2.2). */
export const ChatWithUsage = z.object({ chat: Chat, usage: Usage });
export type ChatWithUsage = z.infer<typeof ChatWithUsage>;

/** Async chat reference (2.3). */
export const AsyncChatRef = z.object({ chatId: z.string(), messageId: z.string() });
export type AsyncChatRef = z.infer<typeof AsyncChatRef>;

/** Message (2.4); `usage` is our documented extension (wire-decisions.md 4). */
export const Message = z.object({
  id: z.string(),
  chatId: z.string(),
  role: z.enum(["user", "assistant"]),
  createdAt: DateTime,
  updatedAt: DateTime,
  content: z.string(),
  parts: z.array(Part).optional(),
  finishReason: FinishReason.nullable().optional(),
  usage: Usage.optional(),
  /** The document's fields (optional here so normalised client objects fit; the embedded service always emits them). */
  restorable: z.boolean().optional(),
  authorId: z.string().nullable().optional(),
  attachments: z
    .array(
      z.looseObject({
        url: z.string(),
        name: z.string().optional(),
        contentType: z.string().optional(),
        size: z.number().optional(),
        type: z.enum(["screenshot", "figma", "zip"]).optional(),
      }),
    )
    .optional(),
});
export type Message = z.infer<typeof Message>;
export type MessageAttachment = NonNullable<Message["attachments"]>[number];

export const ChatList = z.object({ chats: z.array(Chat), cursor: z.string().nullable() });
export type ChatList = z.infer<typeof ChatList>;
/** Newest first (wire-decisions.md 3). */
export const MessageList = z.object({ messages: z.array(Message), cursor: z.string().nullable() });
export type MessageList = z.infer<typeof MessageList>;

/** Chat file (2.9). */
export const ChatFile = z.object({ path: z.string(), content: z.string(), encoding: z.enum(["utf8", "base64"]) });
export type ChatFile = z.infer<typeof ChatFile>;
export const ChatFiles = z.object({ files: z.array(ChatFile) });
export type ChatFiles = z.infer<typeof ChatFiles>;

/** Preview (wire-decisions.md 7): null while not ready. */
export const Preview = z.object({ url: z.string(), token: z.string().optional(), expiresAt: DateTime }).nullable();
export type Preview = z.infer<typeof Preview>;

export const HostProject = z.object({ hostProjectId: z.string() });
export type HostProject = z.infer<typeof HostProject>;

// ---------- webhooks (2.10, wire-decisions.md 8) ----------

export const WebhookEvent = z.enum([
  "chat.created",
  "chat.updated",
  "chat.deleted",
  "message.created",
  "message.updated",
  "message.deleted",
  "message.finished",
]);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export const Webhook = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  events: z.array(WebhookEvent),
  url: z.string(),
  chatId: z.string().nullable(),
  /**
   * Extension of the embedded service: no deliveries are attempted (the target answered 410 Gone, or 5 days of
   * nothing but failures); PATCH `{disabled: false}` (or a new `url`) enables it again.
   */
  disabled: z.boolean().optional(),
  /** Extension: why it was disabled, in words. */
  disabledReason: z.string().optional(),
});
export type Webhook = z.infer<typeof Webhook>;
export const WebhookCreated = Webhook.extend({ secret: z.string().startsWith("whsec_") });
export type WebhookCreated = z.infer<typeof WebhookCreated>;
export const WebhookList = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
export type WebhookList = z.infer<typeof WebhookList>;
export const WebhookDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type WebhookDeleted = z.infer<typeof WebhookDeleted>;

export const CreateWebhookBody = z.object({
  name: z.string().min(1).max(200),
  events: z.array(WebhookEvent).min(1, "events must list at least one event"),
  url: HttpUrl,
  chatId: z.string().nullable().optional(),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;
export const UpdateWebhookBody = z.object({
  name: z.string().min(1).max(200).optional(),
  events: z.array(WebhookEvent).min(1, "events must list at least one event").optional(),
  url: HttpUrl.optional(),
  /** Extension: `false` enables a disabled webhook again, `true` pauses it. */
  disabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

/** The body of a delivery (wire-decisions.md 8): chat events carry `chat`, message events `messageId` and `message`. */
export const WebhookPayload = z.object({
  type: WebhookEvent,
  timestamp: DateTime,
  data: z.object({
    chatId: z.string(),
    messageId: z.string().optional(),
    chat: Chat.optional(),
    message: Message.optional(),
  }),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** One HTTP attempt of a delivery (extension: the deliveries listing of the embedded service). */
export const WebhookAttempt = z.object({
  number: z.number().int().positive(),
  /** What made the attempt: the retry schedule, a resend, a test event (its first attempt) or a replay. */
  trigger: z.enum(["schedule", "resend", "test", "replay"]),
  at: DateTime,
  durationMs: z.number().int().nonnegative(),
  /** Null when no response came (timeout, connection refused). */
  statusCode: z.number().int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  /** The start of the response body, at most 1 KB. */
  responseExcerpt: z.string(),
  /** When the next attempt was scheduled after this one; null when none was. */
  nextAttemptAt: DateTime.nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDeliveryStatus = z.enum(["pending", "succeeded", "failed"]);

/** One event for one webhook; `id` is the `webhook-id` header of every attempt. Attempts oldest first. */
export const WebhookDelivery = z.object({
  id: z.string(),
  hookId: z.string(),
  type: WebhookEvent,
  chatId: z.string(),
  messageId: z.string().nullable(),
  status: WebhookDeliveryStatus,
  /** `test`: sent by POST /v2/hooks/{hookId}/test with an example payload; absent: a real event. */
  trigger: z.enum(["event", "test"]).optional(),
  createdAt: DateTime,
  nextAttemptAt: DateTime.nullable(),
  attempts: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
/** The deliveries listing's filters (`?status=&type=`, extension). */
export const WebhookDeliveryFilter = z.object({
  status: WebhookDeliveryStatus.optional(),
  type: WebhookEvent.optional(),
});
export type WebhookDeliveryFilter = z.infer<typeof WebhookDeliveryFilter>;
/** GET /v2/hooks/{hookId}/deliveries?limit&cursor&status&type: newest first. */
export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery), cursor: z.string().nullable() });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

/** POST /v2/hooks/{hookId}/test (extension): the event whose example is sent now. */
export const TestWebhookBody = z.object({ event: WebhookEvent });
export type TestWebhookBody = z.infer<typeof TestWebhookBody>;
/**
 * POST /v2/hooks/{hookId}/deliveries/replay (extension): every delivery created at or after `since` whose last
 * attempt failed (`status: "failed"`, the default) or every one (`"all"`) is sent again.
 */
export const ReplayDeliveriesBody = z.object({
  since: DateTime,
  status: z.enum(["failed", "all"]).optional(),
});
export type ReplayDeliveriesBody = z.infer<typeof ReplayDeliveriesBody>;
export const ReplayDeliveriesResult = z.object({ replayed: z.number().int().nonnegative() });
export type ReplayDeliveriesResult = z.infer<typeof ReplayDeliveriesResult>;
/** POST /v2/hooks/{hookId}/rotate-secret (extension): the new `whsec_…` secret, shown this once. */
export const RotatedWebhookSecret = z.object({ secret: z.string().startsWith("whsec_") });
export type RotatedWebhookSecret = z.infer<typeof RotatedWebhookSecret>;

/** DELETE /v2/chats/{chatId} (the spec implies it by chat.deleted; the document's answer `{chatId}`). */
export const ChatDeleted = z.object({ chatId: z.string() });
export type ChatDeleted = z.infer<typeof ChatDeleted>;

// ---------- MCP servers (2.11, 4.3, wire-decisions.md 9) ----------

export const OAuthConfig = z.object({
  authorizationUrl: HttpUrl,
  tokenUrl: HttpUrl,
  /** Absent: the service's client metadata document URL is the client id. */
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  scopes: z.array(z.string()).default([]),
  usePKCE: z.boolean().default(true),
  resource: z.string().optional(),
});
export type OAuthConfig = z.infer<typeof OAuthConfig>;

/** The document's OAuth configuration (`auth.config`); clientId may be absent here (the metadata document URL is used). */
const DocOAuthConfig = OAuthConfig.extend({
  registrationUrl: HttpUrl.optional(),
  issuer: z.string().optional(),
  clientIdMetadataDocumentSupported: z.boolean().optional(),
});

/** Header names a client may set on the MCP transport (RFC 7230 token); values are secrets. */
const HeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, "must be an HTTP header name");
const HeaderValue = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[^\r\n]*$/, "must not contain line breaks");

/**
 * The document's `auth` object (none | bearer | custom-headers | oauth with `config`). `connected`/`expiresAt` are
 * read-only record fields the document also allows in bodies: accepted and ignored.
 */
/** `auth: {type: "none"}` (the document's union, shared by the v1 and v2 bodies). */
export const McpNoneAuthBody = z.object({ type: z.literal("none") });
/** `auth: {type: "bearer", token}`: the token is a secret, sealed before storing. */
export const McpBearerAuthBody = z.object({
  type: z.literal("bearer"),
  token: z
    .string()
    .min(1)
    .max(8192)
    .regex(/^[^\r\n]*$/, "must not contain line breaks"),
});
/** `auth: {type: "custom-headers", headers}`: the values are secrets, sealed before storing. */
export const McpHeadersAuthBody = z.object({
  type: z.literal("custom-headers"),
  headers: z
    .record(HeaderName, HeaderValue)
    .refine((h) => Object.keys(h).length > 0 && Object.keys(h).length <= 20, "headers: between 1 and 20 headers"),
});
const McpAuthBody = z.discriminatedUnion("type", [
  McpNoneAuthBody,
  McpBearerAuthBody,
  McpHeadersAuthBody,
  z.object({
    type: z.literal("oauth"),
    config: DocOAuthConfig.optional(),
    connected: z.boolean().optional(),
    expiresAt: z.string().optional(),
  }),
]);

/** The spec's body (`auth: "oauth" | "none"` + `oauthConfig`) and the document's (`auth: {type, …}`) are both accepted. */
export const CreateMcpServerBody = z.object({
  name: z.string().min(1).max(200),
  url: HttpUrl,
  description: z.string().max(1000).optional(),
  enabled: z.boolean().optional(),
  auth: z.union([z.enum(["oauth", "none"]), McpAuthBody]).default("oauth"),
  scope: z.enum(["user", "team"]).optional(),
  oauthConfig: OAuthConfig.optional(),
});
export type CreateMcpServerBody = z.input<typeof CreateMcpServerBody>;
export const UpdateMcpServerBody = z.object({
  name: z.string().min(1).max(200).optional(),
  url: HttpUrl.optional(),
  description: z.string().max(1000).optional(),
  enabled: z.boolean().optional(),
  scope: z.enum(["user", "team"]).optional(),
  auth: z.union([z.enum(["oauth", "none"]), McpAuthBody]).optional(),
  oauthConfig: OAuthConfig.optional(),
});
export type UpdateMcpServerBody = z.input<typeof UpdateMcpServerBody>;

/** Shown in place of every secret value of a record (token, header values, client secret). */
export const REDACTED = "••••••";

/** The OAuth configuration as a record shows it (the document's `auth.config`): the client secret only as REDACTED. */
const McpServerOAuthConfig = z.object({
  authorizationUrl: z.string(),
  tokenUrl: z.string(),
  clientId: z.string(),
  clientSecret: z.literal(REDACTED).optional(),
  scopes: z.array(z.string()),
  usePKCE: z.boolean(),
  resource: z.string().optional(),
});

/** The record's `auth` (the document's union); secrets are REDACTED; `error` is our extension (why connecting failed). */
export const McpServerAuth = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }),
  z.object({ type: z.literal("bearer"), token: z.string() }),
  z.object({ type: z.literal("custom-headers"), headers: z.record(z.string(), z.string()) }),
  z.object({
    type: z.literal("oauth"),
    config: McpServerOAuthConfig.optional(),
    connected: z.boolean(),
    expiresAt: z.string().optional(),
    error: z.string().optional(),
  }),
]);
export type McpServerAuth = z.infer<typeof McpServerAuth>;

/** The MCP server record the embedded service emits (v2): the document's McpServer. The dashboard reads records
 * through the lenient `McpServer` of lib/api/lenient/mcp.ts (this shape, the older one, or a real deployment's). */
export const McpServerRecord = z.strictObject({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  scope: z.enum(["user", "team"]),
  userId: z.string(),
  auth: McpServerAuth,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type McpServerRecord = z.infer<typeof McpServerRecord>;
/** GET /v2/mcp-servers: a bare array (the document; the spec does not show the list). */
export const McpServerRecordList = z.array(McpServerRecord);
export type McpServerRecordList = z.infer<typeof McpServerRecordList>;
/** DELETE /v2/mcp-servers/{id}: `{success: true}` (the document; the spec does not show it). */
export const McpServerDeleted = z.object({ success: z.literal(true) });
export type McpServerDeleted = z.infer<typeof McpServerDeleted>;

export const AuthorizeBody = z.object({ returnUrl: HttpUrl });
export const AuthorizeResponse = z.object({ url: z.string(), state: z.string(), expiresAt: z.string() });
export type AuthorizeResponse = z.infer<typeof AuthorizeResponse>;

// ---------- chat and message bodies (4.1) ----------

const CredentialAccess = z.object({ sharedNpm: z.boolean().optional(), github: z.boolean().optional() });

/** An attachment's url: an http(s) URL kept as given, or a `data:` URL whose bytes the service stores. */
const AttachmentUrl = z.union([HttpUrl, z.string().regex(/^data:[^,]*,/i, "a data: URL")], {
  error: "an http(s) or data: URL",
});

/**
 * An attachment of a prompt (interface.md 2.7): `url` (http(s), kept as given; or a `data:` URL), or the bytes as
 * base64 `content`; the service stores given bytes and answers them from a URL of its own. The per-attachment size
 * limit is the service's (413), not the schema's: a too-large file is not a malformed body.
 */
export const AttachmentInput = z.object({
  url: AttachmentUrl,
  name: z.string().trim().min(1).max(200).optional(),
  contentType: z
    .string()
    .max(200)
    .regex(/^[\w.+-]+\/[\w.+-]+(;.*)?$/, "a MIME type")
    .optional(),
  size: z.number().int().nonnegative().optional(),
  content: z
    .string()
    .regex(/^[A-Za-z0-9+/\s]*={0,2}\s*$/, "base64")
    .optional(),
  type: z.enum(["screenshot", "figma", "zip"]).optional(),
});
export type AttachmentInput = z.infer<typeof AttachmentInput>;
/** The attachments of one message (v2 and the v1 document's create and send): at most MAX_ATTACHMENTS. */
export const AttachmentsBody = z
  .array(AttachmentInput)
  .max(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} attachments per message`);
/** The document's systemPrompt: instructions for the agent, stored on the chat. */
const SystemPrompt = z.string().max(10_000);

export const CreateChatBody = z
  .object({
    ...promptFields,
    title: z.string().trim().min(1).max(200).optional(),
    systemPrompt: SystemPrompt.optional(),
    attachments: AttachmentsBody.optional(),
    mcpServerIds: z.array(z.string()).max(50).optional(),
    credentialAccess: CredentialAccess.optional(),
    privacy: Privacy.optional(),
    metadata: StringMap.optional(),
    modelConfiguration: z
      .object({
        modelId: ModelIdInput.optional(),
        imageGenerations: z.boolean().optional(),
        thinking: z.boolean().optional(),
      })
      .optional(),
  })
  .superRefine(refinePrompt);
export type CreateChatBody = z.infer<typeof CreateChatBody>;

/** The most files POST /v2/chats/from-files takes inline (the document's limit). */
export const MAX_INLINE_FILES = 20;

/** POST /v2/chats/from-files (the document's): a chat seeded with inline UTF-8 files, no message. */
export const CreateChatFromFilesBody = z.strictObject({
  files: z
    .array(z.strictObject({ name: z.string().min(1), content: z.string() }))
    .min(1)
    .max(MAX_INLINE_FILES),
  privacy: Privacy.optional(),
  title: z.string().trim().min(1).max(200).optional(),
  metadata: z
    .record(z.string().min(1).max(40), z.string().max(500))
    .refine((m) => Object.keys(m).length <= 50, "at most 50 entries")
    .optional(),
});
export type CreateChatFromFilesBody = z.infer<typeof CreateChatFromFilesBody>;

/** POST …/messages/{messageId}/stop (the document): the stopped message's id. */
export const MessageRef = z.object({ messageId: z.string() });
export type MessageRef = z.infer<typeof MessageRef>;

/** The most metadata entries a chat keeps (the document's limit). */
export const MAX_METADATA_ENTRIES = 50;

/**
 * PATCH /v2/chats/{chatId} (the document's update): a new title, privacy, and metadata merged into the stored
 * entries (a `null` value deletes its key; `metadata: null` deletes them all).
 */
export const UpdateChatBody = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  privacy: Privacy.optional(),
  metadata: z
    .record(z.string().min(1).max(50), z.string().max(500).nullable())
    .refine((m) => Object.keys(m).length <= 200, "at most 200 keys per update")
    .nullable()
    .optional(),
  /** Extension: when the share link stops working (an ISO time), null for never (docs/wire-decisions.md). */
  shareExpiresAt: DateTime.nullable().optional(),
});
export type UpdateChatBody = z.infer<typeof UpdateChatBody>;

/**
 * POST /v2/chats/{chatId}/duplicate (the document's duplicate): the copy's privacy (default the team's default
 * privacy, itself private unless an admin chose another) and title (when omitted, the original title with an
 * incremented suffix: "My Chat (2)", "(3)", …).
 */
export const DuplicateChatBody = z.strictObject({
  privacy: Privacy.optional(),
  title: z.string().trim().min(1).max(200).optional(),
});
/** What a client sends (privacy may be left out). */
export type DuplicateChatBody = z.input<typeof DuplicateChatBody>;

/** POST /v2/chats/{chatId}/restore-message (the document's restore): the assistant message whose files to restore. */
export const RestoreMessageBody = z.strictObject({ messageId: z.string().min(1) });
/** Its answer: the user and assistant messages that record the restore, oldest first. */
export const RestoredMessages = z.object({ messages: z.array(Message) });
export type RestoredMessages = z.infer<typeof RestoredMessages>;

/** The message of the document's 422 for a refused `PATCH /v2/chats/{chatId}/files`, which lists the issues. */
export const INVALID_FILE_CONTENTS = "Invalid file contents";

/** One change of a hand edit: the file's new content, or null to delete it. */
const FileChange = z.strictObject({
  path: z
    .string()
    .min(1, "must not be empty")
    .refine(
      (path) => acceptedFileName(path) !== null,
      'must be a project-relative path like "src/app.ts": no leading "/", no "." or ".." segments, no backslashes or control characters, at most 500 characters',
    ),
  content: z
    .string()
    .nullable()
    .refine(
      (content) => content === null || utf8Length(content) <= MAX_FILE_BYTES,
      `must be at most 3 MB (${MAX_FILE_BYTES} bytes)`,
    ),
});

/**
 * PATCH /v2/chats/{chatId}/files (the document's `chats.updateFiles`): creates, updates or deletes (`content: null`)
 * files, each path once. Checked here so the dashboard's proxy refuses what the service would (the service also
 * checks what needs the chat: the 1,000-file limit, deleting a file that exists).
 */
export const UpdateFilesBody = z.strictObject({
  files: z
    .array(FileChange)
    .min(1, "must list at least one file")
    .superRefine((files, ctx) => {
      const seen = new Set<string>();
      files.forEach((file, i) => {
        const name = typeof file.path === "string" ? acceptedFileName(file.path) : null;
        if (name === null) return;
        if (seen.has(name)) ctx.addIssue({ code: "custom", path: [i, "path"], message: `${name} is listed twice` });
        seen.add(name);
      });
    }),
});
export type UpdateFilesBody = z.infer<typeof UpdateFilesBody>;
/** Its answer: the user and assistant messages that record the edit, oldest first. */
export const UpdatedFiles = RestoredMessages;
export type UpdatedFiles = RestoredMessages;
/** The document's 422 for that operation: every issue, by the body field it concerns ("files.0.path"). */
export const FileIssuesErrorV2 = z.strictObject({
  message: z.literal(INVALID_FILE_CONTENTS),
  issues: z.array(z.strictObject({ path: z.string(), error: z.string() })),
});
export type FileIssuesErrorV2 = z.infer<typeof FileIssuesErrorV2>;

export const SendMessageBody = z
  .object({
    ...promptFields,
    mcpServerIds: z.array(z.string()).max(50).optional(),
    systemPrompt: SystemPrompt.optional(),
    attachments: AttachmentsBody.optional(),
  })
  .superRefine(refinePrompt);
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** Resolve task (4.5). */
export const ResolveTask = z.discriminatedUnion("type", [
  z.object({ type: z.literal("confirmed-steps"), connectedIntegrationNames: z.array(z.string()) }),
  z.object({ type: z.literal("confirmed-permissions"), permissions: z.array(SuggestedPermission) }),
]);
export type ResolveTask = z.infer<typeof ResolveTask>;
export const ResolveBody = z.object({ task: ResolveTask });
export type ResolveBody = z.infer<typeof ResolveBody>;

/** v2 error body (7.1): one string field, nothing else. */
export const ErrorV2 = z.strictObject({ message: z.string() });
export type ErrorV2 = z.infer<typeof ErrorV2>;

/**
 * The document's trusted preview hosts (`GET`/`PUT /v2/settings/preview-hosts`): hosts (a name, optionally with a
 * port) whose pages may frame the preview; at most 5.
 */
const PreviewHost = z
  .string()
  .trim()
  .min(1)
  .max(256)
  .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i, "a host name, optionally with :port (no scheme, no path)")
  .transform((h) => h.toLowerCase());
export const PreviewHostsBody = z.strictObject({ hosts: z.array(PreviewHost).max(5, "at most 5 hosts") });
export type PreviewHostsBody = z.infer<typeof PreviewHostsBody>;
export const PreviewHosts = z.object({ hosts: z.array(z.string()) });
export type PreviewHosts = z.infer<typeof PreviewHosts>;

/** POST /v2/chats/{chatId}/deploy (the document's): the deployment of the chat's latest version. */
export const ChatDeployed = z.object({ deploymentId: z.string(), hostProjectId: z.string() });
export type ChatDeployed = z.infer<typeof ChatDeployed>;
