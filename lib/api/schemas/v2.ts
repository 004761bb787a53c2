import { z } from "zod";
import { DateTime, FinishReason, HttpUrl, ModelId, Privacy, StringMap, Usage, promptFields, refinePrompt } from "./common";
import { Part, SuggestedPermission } from "./parts";

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
  writePermission: z.boolean(),
});
export type Chat = z.infer<typeof Chat>;

/** Chat with usage (2.2). */
export const ChatWithUsage = z.object({ chat: Chat, usage: Usage });
export type ChatWithUsage = z.infer<typeof ChatWithUsage>;

/** Async chat reference (2.3). */
export const AsyncChatRef = z.object({ chatId: z.string(), messageId: z.string() });
export type AsyncChatRef = z.infer<typeof AsyncChatRef>;

/** Message (2.4); `usage` is our documented extension (DESIGN 4). */
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
});
export type Message = z.infer<typeof Message>;

export const ChatList = z.object({ chats: z.array(Chat), cursor: z.string().nullable() });
export type ChatList = z.infer<typeof ChatList>;
/** Newest first (DESIGN 3). */
export const MessageList = z.object({ messages: z.array(Message), cursor: z.string().nullable() });
export type MessageList = z.infer<typeof MessageList>;

/** Chat file (2.9). */
export const ChatFile = z.object({ path: z.string(), content: z.string(), encoding: z.enum(["utf8", "base64"]) });
export type ChatFile = z.infer<typeof ChatFile>;
export const ChatFiles = z.object({ files: z.array(ChatFile) });
export type ChatFiles = z.infer<typeof ChatFiles>;

/** Preview (DESIGN 7): null while not ready. */
export const Preview = z.object({ url: z.string(), expiresAt: DateTime }).nullable();
export type Preview = z.infer<typeof Preview>;

export const HostProject = z.object({ hostProjectId: z.string() });
export type HostProject = z.infer<typeof HostProject>;

// ---------- webhooks (2.10, DESIGN 8) ----------

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
  /** Extension of the embedded service: the target answered 410 Gone; changing `url` enables it again. */
  disabled: z.boolean().optional(),
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
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

/** The body of a delivery (DESIGN 8): chat events carry `chat`, message events `messageId` and `message`. */
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
  trigger: z.enum(["schedule", "resend"]),
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

/** One event for one webhook; `id` is the `webhook-id` header of every attempt. Attempts oldest first. */
export const WebhookDelivery = z.object({
  id: z.string(),
  hookId: z.string(),
  type: WebhookEvent,
  chatId: z.string(),
  messageId: z.string().nullable(),
  status: z.enum(["pending", "succeeded", "failed"]),
  createdAt: DateTime,
  nextAttemptAt: DateTime.nullable(),
  attempts: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
/** GET /v2/hooks/{hookId}/deliveries?limit&cursor: newest first. */
export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery), cursor: z.string().nullable() });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

/** DELETE /v2/chats/{chatId} (our extension; the chat.deleted / message.deleted events imply it). */
export const ChatDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type ChatDeleted = z.infer<typeof ChatDeleted>;

// ---------- MCP servers (2.11, 4.3, DESIGN 9) ----------

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

export const CreateMcpServerBody = z.object({
  name: z.string().min(1).max(200),
  url: HttpUrl,
  enabled: z.boolean().optional(),
  auth: z.enum(["oauth", "none"]).default("oauth"),
  scope: z.enum(["user", "team"]).optional(),
  oauthConfig: OAuthConfig.optional(),
});
export type CreateMcpServerBody = z.infer<typeof CreateMcpServerBody>;
export const UpdateMcpServerBody = z.object({
  name: z.string().min(1).max(200).optional(),
  url: HttpUrl.optional(),
  enabled: z.boolean().optional(),
  auth: z.enum(["oauth", "none"]).optional(),
  oauthConfig: OAuthConfig.optional(),
});
export type UpdateMcpServerBody = z.infer<typeof UpdateMcpServerBody>;

/** The OAuth configuration as a record shows it: never the secret, only whether one is stored. */
export const McpServerOAuthConfig = z.object({
  authorizationUrl: z.string(),
  tokenUrl: z.string(),
  clientId: z.string().optional(),
  scopes: z.array(z.string()),
  usePKCE: z.boolean(),
  resource: z.string().optional(),
  hasClientSecret: z.boolean(),
});
export type McpServerOAuthConfig = z.infer<typeof McpServerOAuthConfig>;

export const McpServer = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  scope: z.string(),
  /** `expiresAt`: the access token's expiry; `error`: why the connection failed, when the service knows (extension). */
  auth: z.object({ type: z.string(), connected: z.boolean(), expiresAt: z.string().optional(), error: z.string().optional() }),
  /** Extension of the embedded service: the stored OAuth configuration without its secret (edit forms prefill it). */
  oauthConfig: McpServerOAuthConfig.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type McpServer = z.infer<typeof McpServer>;
export const McpServerList = z.object({ items: z.array(McpServer) });
export type McpServerList = z.infer<typeof McpServerList>;
/** DELETE /v2/mcp-servers/{id} (response not shown in the spec; as hooks and chats). */
export const McpServerDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type McpServerDeleted = z.infer<typeof McpServerDeleted>;

export const AuthorizeBody = z.object({ returnUrl: HttpUrl });
export const AuthorizeResponse = z.object({ url: z.string(), state: z.string(), expiresAt: z.string() });
export type AuthorizeResponse = z.infer<typeof AuthorizeResponse>;

// ---------- chat and message bodies (4.1) ----------

export const CredentialAccess = z.object({ sharedNpm: z.boolean().optional(), github: z.boolean().optional() });

export const CreateChatBody = z
  .object({
    ...promptFields,
    mcpServerIds: z.array(z.string()).max(50).optional(),
    credentialAccess: CredentialAccess.optional(),
    privacy: Privacy.optional(),
    metadata: StringMap.optional(),
    modelConfiguration: z
      .object({ modelId: ModelId.optional(), imageGenerations: z.boolean().optional(), thinking: z.boolean().optional() })
      .optional(),
  })
  .superRefine(refinePrompt);
export type CreateChatBody = z.infer<typeof CreateChatBody>;

export const SendMessageBody = z
  .object({ ...promptFields, mcpServerIds: z.array(z.string()).max(50).optional() })
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
