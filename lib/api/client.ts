import { McpServer, McpServerDeletedAny, McpServerList } from "./lenient/mcp";
import { createHttp, seg, type ClientOptions, type PageQuery, type StreamCallOptions } from "./http-client";
import {
  readAsyncRef,
  readChatList,
  readChatWithUsage,
  readFiles,
  readHostProject,
  readMessageList,
  readPreview,
} from "./lenient/reads";
import {
  readChat,
  readMessage,
  readWebhook,
  readWebhookSummary,
  readList,
  type ReadList,
  type WebhookRead,
} from "./lenient";
import {
  type AsyncChatRef,
  type ChatFiles,
  type ChatList,
  type ChatWithUsage,
  type Chat,
  type HostProject,
  type Message,
  type MessageList,
  type Preview,
  WebhookDelivery,
  WebhookDeliveryList,
  AuthorizeResponse,
  type CreateMcpServerBody,
  type UpdateMcpServerBody,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type CreateChatBody,
  type ResolveBody,
  type SendMessageBody,
  type ReadStreamEvent,
} from "./schemas";

/**
 * Typed client of the v2 chat interface (response modes by path, docs/wire-decisions.md 1). It is liberal in what it
 * accepts: answers go through the lenient readers of lib/api/lenient, which take the interface's shapes and the
 * real service's document's alike and degrade per item; a non-2xx becomes a ServiceError (see errors.ts for the
 * statuses this client makes up itself); stream calls throw before yielding when the status is not 2xx.
 */

export type { ClientOptions, PageQuery, StreamCallOptions } from "./http-client";

export interface ServiceClient {
  /** POST /v2/chats (sync): the chat with the usage of its first answer. */
  createChat(body: CreateChatBody): Promise<ChatWithUsage>;
  /** POST /v2/chats/stream: the 6.2 events. */
  createChatStream(body: CreateChatBody, o?: StreamCallOptions): Promise<AsyncGenerator<ReadStreamEvent>>;
  /** POST /v2/chats/async (202). */
  createChatAsync(body: CreateChatBody): Promise<AsyncChatRef>;
  /** GET /v2/chats?limit&cursor, newest first; chats that could not be read are listed in `unreadable`. */
  listChats(q?: PageQuery): Promise<ChatList & Pick<ReadList<Chat>, "unreadable">>;
  getChat(chatId: string): Promise<Chat>;
  /** GET /v2/chats/{chatId}/messages?limit&cursor, newest first. */
  listMessages(chatId: string, q?: PageQuery): Promise<MessageList>;
  getMessage(chatId: string, messageId: string): Promise<Message>;
  /** POST …/messages (sync): the completed assistant message. */
  sendMessage(chatId: string, body: SendMessageBody): Promise<Message>;
  sendMessageStream(
    chatId: string,
    body: SendMessageBody,
    o?: StreamCallOptions,
  ): Promise<AsyncGenerator<ReadStreamEvent>>;
  sendMessageAsync(chatId: string, body: SendMessageBody): Promise<AsyncChatRef>;
  /** POST …/messages/resolve (sync): the new assistant message (our choice, DESIGN). */
  resolve(chatId: string, body: ResolveBody): Promise<Message>;
  resolveStream(chatId: string, body: ResolveBody, o?: StreamCallOptions): Promise<AsyncGenerator<ReadStreamEvent>>;
  resolveAsync(chatId: string, body: ResolveBody): Promise<AsyncChatRef>;
  getFiles(chatId: string): Promise<ChatFiles>;
  /** null while the preview is not ready. */
  getPreview(chatId: string): Promise<Preview>;
  createHostProject(chatId: string): Promise<HostProject>;
  /** DELETE /v2/chats/{chatId} (whatever the 2xx answer: `{id, deleted}`, `{chatId}`, …). */
  deleteChat(chatId: string): Promise<void>;
  /** GET /v2/hooks: `{items: [{id, name}]}` or a bare array. */
  listHooks(): Promise<ReadList<{ id: string; name: string }>>;
  getHook(hookId: string): Promise<WebhookRead>;
  /** POST /v2/hooks: the webhook and, from a service that reveals it, its `whsec_…` secret, returned this once. */
  createHook(body: CreateWebhookBody): Promise<WebhookRead>;
  updateHook(hookId: string, body: UpdateWebhookBody): Promise<WebhookRead>;
  deleteHook(hookId: string): Promise<void>;
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
  const { json, read, done, stream } = createHttp(opts);

  const chat = (chatId: string) => `/v2/chats/${seg(chatId)}`;
  const hook = (hookId: string) => `/v2/hooks/${seg(hookId)}`;
  const mcp = (mcpServerId: string) => `/v2/mcp-servers/${seg(mcpServerId)}`;

  return {
    createChat: (body) => read(readChatWithUsage, { method: "POST", path: "/v2/chats", body }),
    createChatStream: (body, o) => stream({ method: "POST", path: "/v2/chats/stream", body, signal: o?.signal }),
    createChatAsync: (body) => read((d) => readAsyncRef(d), { method: "POST", path: "/v2/chats/async", body }),
    listChats: (q) => read(readChatList, { method: "GET", path: "/v2/chats", query: q }),
    getChat: (chatId) => read(readChat, { method: "GET", path: chat(chatId) }),
    listMessages: (chatId, q) =>
      read((d) => readMessageList(d, chatId), { method: "GET", path: `${chat(chatId)}/messages`, query: q }),
    getMessage: (chatId, messageId) =>
      read((d) => readMessage(d, chatId), { method: "GET", path: `${chat(chatId)}/messages/${seg(messageId)}` }),
    sendMessage: (chatId, body) =>
      read((d) => readMessage(d, chatId), { method: "POST", path: `${chat(chatId)}/messages`, body }),
    sendMessageStream: (chatId, body, o) =>
      stream({ method: "POST", path: `${chat(chatId)}/messages/stream`, body, signal: o?.signal }),
    sendMessageAsync: (chatId, body) =>
      read((d) => readAsyncRef(d, chatId), { method: "POST", path: `${chat(chatId)}/messages/async`, body }),
    resolve: (chatId, body) =>
      read((d) => readMessage(d, chatId), { method: "POST", path: `${chat(chatId)}/messages/resolve`, body }),
    resolveStream: (chatId, body, o) =>
      stream({ method: "POST", path: `${chat(chatId)}/messages/resolve/stream`, body, signal: o?.signal }),
    resolveAsync: (chatId, body) =>
      read((d) => readAsyncRef(d, chatId), { method: "POST", path: `${chat(chatId)}/messages/resolve/async`, body }),
    getFiles: (chatId) => read(readFiles, { method: "GET", path: `${chat(chatId)}/files` }),
    getPreview: (chatId) => read(readPreview, { method: "GET", path: `${chat(chatId)}/preview` }),
    createHostProject: (chatId) => read(readHostProject, { method: "POST", path: `${chat(chatId)}/host-project` }),
    deleteChat: (chatId) => done({ method: "DELETE", path: chat(chatId) }),
    listHooks: () => read((d) => readList(d, readWebhookSummary), { method: "GET", path: "/v2/hooks" }),
    getHook: (hookId) => read(readWebhook, { method: "GET", path: hook(hookId) }),
    createHook: (body) => read(readWebhook, { method: "POST", path: "/v2/hooks", body }),
    updateHook: (hookId, body) => read(readWebhook, { method: "PATCH", path: hook(hookId), body }),
    deleteHook: (hookId) => done({ method: "DELETE", path: hook(hookId) }),
    listHookDeliveries: (hookId, q) =>
      json(WebhookDeliveryList, { method: "GET", path: `${hook(hookId)}/deliveries`, query: q }),
    resendHookDelivery: (hookId, deliveryId) =>
      json(WebhookDelivery, { method: "POST", path: `${hook(hookId)}/deliveries/${seg(deliveryId)}/resend` }),
    listMcpServers: () => json(McpServerList, { method: "GET", path: "/v2/mcp-servers" }),
    getMcpServer: (id) => json(McpServer, { method: "GET", path: mcp(id) }),
    createMcpServer: (body) => json(McpServer, { method: "POST", path: "/v2/mcp-servers", body }),
    updateMcpServer: (id, body) => json(McpServer, { method: "PATCH", path: mcp(id), body }),
    deleteMcpServer: (id) => json(McpServerDeletedAny, { method: "DELETE", path: mcp(id) }),
    authorizeMcpServer: (id, body) =>
      json(AuthorizeResponse, { method: "POST", path: `${mcp(id)}/oauth/authorize`, body }),
  };
}
