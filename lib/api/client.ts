import { McpServer, McpServerDeletedAny, McpServerList } from "./mcp-records";
import { createHttp, seg, type ClientOptions, type PageQuery, type StreamCallOptions } from "./http-client";
import {
  AsyncChatRef,
  ChatFiles,
  ChatList,
  ChatWithUsage,
  Chat,
  ChatDeleted,
  HostProject,
  Message,
  MessageList,
  Preview,
  Webhook,
  WebhookCreated,
  WebhookDeleted,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  AuthorizeResponse,
  type CreateMcpServerBody,
  type UpdateMcpServerBody,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type CreateChatBody,
  type ResolveBody,
  type SendMessageBody,
  type StreamEvent,
} from "./schemas";

/**
 * Typed client of the v2 chat interface (spec Part 4, response modes by path as in DESIGN 1). Every
 * response body is validated with the lib/api schema; a non-2xx becomes a ServiceError (see errors.ts for
 * the statuses this client makes up itself); stream calls throw before yielding when the status is not 2xx.
 */

export type { ClientOptions, PageQuery, StreamCallOptions } from "./http-client";

export interface ServiceClient {
  /** POST /v2/chats (sync): the chat with the usage of its first answer. */
  createChat(body: CreateChatBody): Promise<ChatWithUsage>;
  /** POST /v2/chats/stream: the 6.2 events. */
  createChatStream(body: CreateChatBody, o?: StreamCallOptions): Promise<AsyncGenerator<StreamEvent>>;
  /** POST /v2/chats/async (202). */
  createChatAsync(body: CreateChatBody): Promise<AsyncChatRef>;
  /** GET /v2/chats?limit&cursor, newest first. */
  listChats(q?: PageQuery): Promise<ChatList>;
  getChat(chatId: string): Promise<Chat>;
  /** GET /v2/chats/{chatId}/messages?limit&cursor, newest first. */
  listMessages(chatId: string, q?: PageQuery): Promise<MessageList>;
  getMessage(chatId: string, messageId: string): Promise<Message>;
  /** POST …/messages (sync): the completed assistant message. */
  sendMessage(chatId: string, body: SendMessageBody): Promise<Message>;
  sendMessageStream(chatId: string, body: SendMessageBody, o?: StreamCallOptions): Promise<AsyncGenerator<StreamEvent>>;
  sendMessageAsync(chatId: string, body: SendMessageBody): Promise<AsyncChatRef>;
  /** POST …/messages/resolve (sync): the new assistant message (our choice, DESIGN). */
  resolve(chatId: string, body: ResolveBody): Promise<Message>;
  resolveStream(chatId: string, body: ResolveBody, o?: StreamCallOptions): Promise<AsyncGenerator<StreamEvent>>;
  resolveAsync(chatId: string, body: ResolveBody): Promise<AsyncChatRef>;
  getFiles(chatId: string): Promise<ChatFiles>;
  /** null while the preview is not ready. */
  getPreview(chatId: string): Promise<Preview>;
  createHostProject(chatId: string): Promise<HostProject>;
  /** DELETE /v2/chats/{chatId} (our extension of the embedded service). */
  deleteChat(chatId: string): Promise<ChatDeleted>;
  /** GET /v2/hooks: `{items: [{id, name}]}`. */
  listHooks(): Promise<WebhookList>;
  getHook(hookId: string): Promise<Webhook>;
  /** POST /v2/hooks: the webhook and its `whsec_…` secret, returned this once. */
  createHook(body: CreateWebhookBody): Promise<WebhookCreated>;
  updateHook(hookId: string, body: UpdateWebhookBody): Promise<Webhook>;
  deleteHook(hookId: string): Promise<WebhookDeleted>;
  /** GET /v2/hooks/{hookId}/deliveries (extension; a real deployment may answer 404). Newest first. */
  listHookDeliveries(hookId: string, q?: PageQuery): Promise<WebhookDeliveryList>;
  /** POST /v2/hooks/{hookId}/deliveries/{deliveryId}/resend (extension): the delivery with the new attempt. */
  resendHookDelivery(hookId: string, deliveryId: string): Promise<WebhookDelivery>;
  /** GET /v2/mcp-servers: a bare array (document) or `{items}` (older), read leniently into `{items}` (secrets never included). */
  listMcpServers(): Promise<McpServerList>;
  getMcpServer(mcpServerId: string): Promise<McpServer>;
  /** POST /v2/mcp-servers: the new server, disconnected. */
  createMcpServer(body: CreateMcpServerBody): Promise<McpServer>;
  /** PATCH /v2/mcp-servers/{id}: a given `auth` replaces the stored authentication. */
  updateMcpServer(mcpServerId: string, body: UpdateMcpServerBody): Promise<McpServer>;
  /** DELETE /v2/mcp-servers/{id}: `{success: true}` (document) or `{id, deleted: true}` (older). */
  deleteMcpServer(mcpServerId: string): Promise<McpServerDeletedAny>;
  /** POST /v2/mcp-servers/{id}/oauth/authorize: the provider authorization URL (expires after 5 minutes). */
  authorizeMcpServer(mcpServerId: string, body: { returnUrl: string }): Promise<AuthorizeResponse>;
}

export function createServiceClient(opts: ClientOptions): ServiceClient {
  const { json, stream } = createHttp(opts);

  const chat = (chatId: string) => `/v2/chats/${seg(chatId)}`;
  const hook = (hookId: string) => `/v2/hooks/${seg(hookId)}`;
  const mcp = (mcpServerId: string) => `/v2/mcp-servers/${seg(mcpServerId)}`;

  return {
    createChat: (body) => json(ChatWithUsage, { method: "POST", path: "/v2/chats", body }),
    createChatStream: (body, o) => stream({ method: "POST", path: "/v2/chats/stream", body, signal: o?.signal }),
    createChatAsync: (body) => json(AsyncChatRef, { method: "POST", path: "/v2/chats/async", body }),
    listChats: (q) => json(ChatList, { method: "GET", path: "/v2/chats", query: q }),
    getChat: (chatId) => json(Chat, { method: "GET", path: chat(chatId) }),
    listMessages: (chatId, q) => json(MessageList, { method: "GET", path: `${chat(chatId)}/messages`, query: q }),
    getMessage: (chatId, messageId) =>
      json(Message, { method: "GET", path: `${chat(chatId)}/messages/${seg(messageId)}` }),
    sendMessage: (chatId, body) => json(Message, { method: "POST", path: `${chat(chatId)}/messages`, body }),
    sendMessageStream: (chatId, body, o) =>
      stream({ method: "POST", path: `${chat(chatId)}/messages/stream`, body, signal: o?.signal }),
    sendMessageAsync: (chatId, body) =>
      json(AsyncChatRef, { method: "POST", path: `${chat(chatId)}/messages/async`, body }),
    resolve: (chatId, body) => json(Message, { method: "POST", path: `${chat(chatId)}/messages/resolve`, body }),
    resolveStream: (chatId, body, o) =>
      stream({ method: "POST", path: `${chat(chatId)}/messages/resolve/stream`, body, signal: o?.signal }),
    resolveAsync: (chatId, body) =>
      json(AsyncChatRef, { method: "POST", path: `${chat(chatId)}/messages/resolve/async`, body }),
    getFiles: (chatId) => json(ChatFiles, { method: "GET", path: `${chat(chatId)}/files` }),
    getPreview: (chatId) => json(Preview, { method: "GET", path: `${chat(chatId)}/preview` }),
    createHostProject: (chatId) => json(HostProject, { method: "POST", path: `${chat(chatId)}/host-project` }),
    deleteChat: (chatId) => json(ChatDeleted, { method: "DELETE", path: chat(chatId) }),
    listHooks: () => json(WebhookList, { method: "GET", path: "/v2/hooks" }),
    getHook: (hookId) => json(Webhook, { method: "GET", path: hook(hookId) }),
    createHook: (body) => json(WebhookCreated, { method: "POST", path: "/v2/hooks", body }),
    updateHook: (hookId, body) => json(Webhook, { method: "PATCH", path: hook(hookId), body }),
    deleteHook: (hookId) => json(WebhookDeleted, { method: "DELETE", path: hook(hookId) }),
    listHookDeliveries: (hookId, q) =>
      json(WebhookDeliveryList, { method: "GET", path: `${hook(hookId)}/deliveries`, query: q }),
    resendHookDelivery: (hookId, deliveryId) =>
      json(WebhookDelivery, { method: "POST", path: `${hook(hookId)}/deliveries/${seg(deliveryId)}/resend` }),
    listMcpServers: () => json(McpServerList, { method: "GET", path: "/v2/mcp-servers" }),
    getMcpServer: (id) => json(McpServer, { method: "GET", path: mcp(id) }),
    createMcpServer: (body) => json(McpServer, { method: "POST", path: "/v2/mcp-servers", body }),
    updateMcpServer: (id, body) => json(McpServer, { method: "PATCH", path: mcp(id), body }),
    deleteMcpServer: (id) => json(McpServerDeletedAny, { method: "DELETE", path: mcp(id) }),
    authorizeMcpServer: (id, body) => json(AuthorizeResponse, { method: "POST", path: `${mcp(id)}/oauth/authorize`, body }),
  };
}
