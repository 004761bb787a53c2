import { McpServer, McpServerDeletedAny, McpServerList } from "./lenient/mcp";
import { spendClient, type SpendClient } from "./client-spend";
import { teamClient, type TeamClient } from "./client-team";
import { createHttp, routeCall, type ClientOptions, type PageQuery, type StreamCallOptions } from "./http-client";
import {
  readAsyncRef,
  readChatList,
  readChatWithUsage,
  readFiles,
  readHostProject,
  readMessageList,
  readPreview,
  readRestoredMessages,
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
  WebhookEventTypeList,
  ReplayDeliveriesResult,
  RotatedWebhookSecret,
  type ReplayDeliveriesBody,
  type WebhookDeliveryFilter,
  type WebhookEvent,
  AuthorizeResponse,
  type CreateMcpServerBody,
  type UpdateMcpServerBody,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type CreateChatBody,
  type CreateChatFromFilesBody,
  type ResolveBody,
  type SendMessageBody,
  type UpdateChatBody,
  type DuplicateChatBody,
  type RestoredMessages,
  type UpdateFilesBody,
  type UpdatedFiles,
  type ReadStreamEvent,
  type UsageActivity,
  type UsageEventsQuery,
  type UsageQuery,
  type UsageSummary,
  QuotaList,
  ChatGitRemote,
  ChatApp,
  ChatAppRead,
  GitCredential,
  GitCredentialDeleted,
  GitCredentialList,
  GitIncoming,
  GitPushResult,
  type CreateChatFromRepoBody,
  type CreateChatFromZipBody,
  type CreateGitCredentialBody,
  type GitPushBody,
  McpToolList,
  McpToolResult,
  McpResourceList,
  McpResourceContents,
  McpPromptList,
  McpPromptResult,
  McpConnectionLog,
  type CallMcpToolBody,
  type GetMcpPromptBody,
  type ChatScope,
  DefaultPrivacy,
  type SetDefaultPrivacyBody,
} from "./schemas";
import { readUsageActivity, readUsageEventList, readUsageSummary, type UsageEventPage } from "./lenient/usage";

/**
 * Typed client of the v2 chat interface (response modes by path, docs/wire-decisions.md 1). It is liberal in what it
 * accepts: answers go through the lenient readers of lib/api/lenient, which take the interface's shapes and the
 * real service's document's alike and degrade per item; a non-2xx becomes a ServiceError (see errors.ts for the
 * statuses this client makes up itself); stream calls throw before yielding when the status is not 2xx.
 */

export type { PageQuery, StreamCallOptions } from "./http-client";

export interface ServiceClient extends TeamClient, SpendClient {
  /** POST /v2/chats (sync): the chat with the usage of its first answer. */
  createChat(body: CreateChatBody): Promise<ChatWithUsage>;
  /** POST /v2/chats/stream: the 6.2 events. */
  createChatStream(body: CreateChatBody, o?: StreamCallOptions): Promise<AsyncGenerator<ReadStreamEvent>>;
  /** POST /v2/chats/async (202). */
  createChatAsync(body: CreateChatBody): Promise<AsyncChatRef>;
  /** GET /v2/chats?limit&cursor, newest first; chats that could not be read are listed in `unreadable`. */
  /** GET /v2/chats; `scope` (our extension, issue 40) picks the chats of a list: `public` is every person's public chats. */
  listChats(q?: PageQuery & { scope?: ChatScope }): Promise<ChatList & Pick<ReadList<Chat>, "unreadable">>;
  getChat(chatId: string): Promise<Chat>;
  /** PATCH /v2/chats/{chatId}: title, privacy, metadata (merged; a null value deletes its key). */
  updateChat(chatId: string, body: UpdateChatBody): Promise<Chat>;
  /** POST /v2/chats/{chatId}/duplicate: the new chat (privacy default private; title default "<title> (2)", …). */
  duplicateChat(chatId: string, body: DuplicateChatBody): Promise<Chat>;
  /** POST /v2/chats/{chatId}/share/rotate (our extension): the chat with a new `shareUrl`; the old link 404 at once. */
  rotateShare(chatId: string): Promise<Chat>;
  /** POST /v2/chats/{chatId}/restore-message: the files of that assistant message back; the user and assistant messages recording it. */
  restoreMessage(chatId: string, messageId: string): Promise<RestoredMessages>;
  /**
   * PATCH /v2/chats/{chatId}/files (the document's `chats.updateFiles`): a hand edit, `content: null` deletes; the user
   * and assistant messages recording it (one new version).
   */
  updateFiles(chatId: string, body: UpdateFilesBody): Promise<UpdatedFiles>;
  /** GET /v2/chats/{chatId}/messages?limit&cursor, newest first. */
  listMessages(chatId: string, q?: PageQuery): Promise<MessageList>;
  getMessage(chatId: string, messageId: string): Promise<Message>;
  /** POST …/messages/{messageId}/stop: the generation ends at its next step (409 when it is not generating). */
  stopMessage(chatId: string, messageId: string): Promise<void>;
  /** POST /v2/chats/{chatId}/resume: the running generation's events (a snapshot, live deltas, the closing events). */
  resumeChat(chatId: string, o?: { signal?: AbortSignal }): Promise<AsyncGenerator<ReadStreamEvent>>;
  /** POST /v2/chats/from-files: a chat seeded with up to 20 inline files, no message. */
  createChatFromFiles(body: CreateChatFromFilesBody): Promise<ChatWithUsage>;
  /** POST /v2/chats/from-repo: a chat of a Git repository's branch (default: its default branch), no message. */
  createChatFromRepo(body: CreateChatFromRepoBody): Promise<ChatWithUsage>;
  /** POST /v2/chats/from-zip: a chat of a zip archive's files, fetched from its URL, no message. */
  createChatFromZip(body: CreateChatFromZipBody): Promise<ChatWithUsage>;
  /** GET /v2/chats/{chatId}/git (our extension): the chat's Git remote (404 without one). */
  getGitRemote(chatId: string): Promise<ChatGitRemote>;
  /** GET /v2/chats/{chatId}/app (our extension): the chat's app, its state and the end of its log. */
  getChatApp(chatId: string): Promise<ChatApp>;
  /** POST /v2/chats/{chatId}/app/restart: the app starts again (or starts); the app as it is then. */
  restartChatApp(chatId: string): Promise<ChatApp>;
  /** POST /v2/chats/{chatId}/app/stop: the app stops; the app as it is then. */
  stopChatApp(chatId: string): Promise<ChatApp>;
  /** GET …/git/incoming (our extension): what a pull would bring, per file, without pulling. */
  getGitIncoming(chatId: string): Promise<GitIncoming>;
  /** POST …/git/push (our extension): one commit of a version's files on top of the branch. */
  pushToGit(chatId: string, body?: GitPushBody): Promise<GitPushResult>;
  /** POST …/git/pull (our extension): the messages recording what the branch brought (none when unchanged). */
  pullFromGit(chatId: string): Promise<Message[]>;
  /** GET /v2/git-credentials (our extension): by host, never a token. */
  listGitCredentials(): Promise<GitCredentialList>;
  /** POST /v2/git-credentials (our extension): the host's credential, replacing the one it had. */
  createGitCredential(body: CreateGitCredentialBody): Promise<GitCredential>;
  deleteGitCredential(credentialId: string): Promise<GitCredentialDeleted>;
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
  /** GET /v2/chats/{chatId}/files/download: the files as a .zip (404/405 from a deployment without it). */
  downloadFiles(chatId: string): Promise<Blob>;
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
  listHookDeliveries(hookId: string, q?: PageQuery & WebhookDeliveryFilter): Promise<WebhookDeliveryList>;
  /** POST /v2/hooks/{hookId}/deliveries/{deliveryId}/resend (extension): the delivery with the new attempt. */
  resendHookDelivery(hookId: string, deliveryId: string): Promise<WebhookDelivery>;
  /** GET /v2/hooks/event-types (extension): each event's description, JSON Schema and example. */
  listHookEventTypes(): Promise<WebhookEventTypeList>;
  /** POST /v2/hooks/{hookId}/test (extension): the example of `event`, signed and sent now; the delivery with its attempt. */
  sendTestEvent(hookId: string, event: WebhookEvent): Promise<WebhookDelivery>;
  /** POST /v2/hooks/{hookId}/deliveries/replay (extension): how many deliveries are sent again. */
  replayHookDeliveries(hookId: string, body: ReplayDeliveriesBody): Promise<ReplayDeliveriesResult>;
  /** POST /v2/hooks/{hookId}/rotate-secret (extension): the new secret, shown this once. */
  rotateHookSecret(hookId: string): Promise<RotatedWebhookSecret>;
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
  /** GET /v2/mcp-servers/{id}/tools (the embedded service's MCP explorer): the server's tools. */
  listMcpTools(mcpServerId: string): Promise<McpToolList>;
  /** POST /v2/mcp-servers/{id}/tools/call: the MCP result (`isError` true for the tool's own failure). */
  callMcpTool(mcpServerId: string, body: CallMcpToolBody): Promise<McpToolResult>;
  /** GET /v2/mcp-servers/{id}/resources */
  listMcpResources(mcpServerId: string): Promise<McpResourceList>;
  /** POST /v2/mcp-servers/{id}/resources/read */
  readMcpResource(mcpServerId: string, uri: string): Promise<McpResourceContents>;
  /** GET /v2/mcp-servers/{id}/prompts */
  listMcpPrompts(mcpServerId: string): Promise<McpPromptList>;
  /** POST /v2/mcp-servers/{id}/prompts/get */
  getMcpPrompt(mcpServerId: string, body: GetMcpPromptBody): Promise<McpPromptResult>;
  /** GET /v2/mcp-servers/{id}/log: the last 100 connection steps, secrets redacted. */
  mcpConnectionLog(mcpServerId: string): Promise<McpConnectionLog>;
  /** GET /v2/usage/summary?start&end&userId (the document's): credits over [start, end) and per UTC day. */
  usageSummary(q?: UsageQuery): Promise<UsageSummary>;
  /** GET /v2/usage/events?…&limit&cursor, newest first; events that could not be read are listed in `unreadable`. */
  usageEvents(q?: UsageEventsQuery): Promise<UsageEventPage>;
  /** GET /v2/usage/activity?start&end&userId: assistant messages, chats, projects and active days. */
  usageActivity(q?: UsageQuery): Promise<UsageActivity>;
  /** GET /v2/quotas (the embedded service's extension): the daily quotas, today's use and when they reset. */
  quotas(): Promise<QuotaList>;
  /** GET /v2/settings/default-privacy (our extension, issue 40): a new chat's privacy when none is sent. */
  defaultPrivacy(): Promise<DefaultPrivacy>;
  /** PUT /v2/settings/default-privacy (admins, audited): the team's default privacy for new chats. */
  setDefaultPrivacy(body: SetDefaultPrivacyBody): Promise<DefaultPrivacy>;
}

export function createServiceClient(opts: ClientOptions): ServiceClient {
  const http = createHttp(opts);
  const { json, read, done, stream, send } = http;
  const call = routeCall;

  return {
    ...teamClient(http),
    ...spendClient(http),
    createChat: (body) => read(readChatWithUsage, call("v2.chats.create", {}, { body })),
    createChatStream: (body, o) => stream(call("v2.chats.create.stream", {}, { body, signal: o?.signal })),
    createChatAsync: (body) => read((d) => readAsyncRef(d), call("v2.chats.create.async", {}, { body })),
    listChats: (query) => read(readChatList, call("v2.chats.list", {}, { query })),
    getChat: (chatId) => read(readChat, call("v2.chats.get", { chatId })),
    updateChat: (chatId, body) => read(readChat, call("v2.chats.update", { chatId }, { body })),
    duplicateChat: (chatId, body) => read(readChat, call("v2.chats.duplicate", { chatId }, { body })),
    rotateShare: (chatId) => read(readChat, call("v2.chats.share.rotate", { chatId })),
    restoreMessage: (chatId, messageId) =>
      read((d) => readRestoredMessages(d, chatId), call("v2.chats.restore", { chatId }, { body: { messageId } })),
    updateFiles: (chatId, body) =>
      read((d) => readRestoredMessages(d, chatId), call("v2.chats.updateFiles", { chatId }, { body })),
    listMessages: (chatId, query) =>
      read((d) => readMessageList(d, chatId), call("v2.messages.list", { chatId }, { query })),
    getMessage: (chatId, messageId) =>
      read((d) => readMessage(d, chatId), call("v2.messages.get", { chatId, messageId })),
    createChatFromFiles: (body) => read(readChatWithUsage, call("v2.chats.fromFiles", {}, { body })),
    createChatFromRepo: (body) => read(readChatWithUsage, call("v2.chats.fromRepo", {}, { body })),
    createChatFromZip: (body) => read(readChatWithUsage, call("v2.chats.fromZip", {}, { body })),
    getGitRemote: (chatId) => json(ChatGitRemote, call("v2.chats.git.get", { chatId })),
    getChatApp: (chatId) => json(ChatAppRead, call("v2.chats.app", { chatId })),
    restartChatApp: (chatId) => json(ChatAppRead, call("v2.chats.app.restart", { chatId })),
    stopChatApp: (chatId) => json(ChatAppRead, call("v2.chats.app.stop", { chatId })),
    getGitIncoming: (chatId) => json(GitIncoming, call("v2.chats.git.incoming", { chatId })),
    pushToGit: (chatId, body = {}) => json(GitPushResult, call("v2.chats.git.push", { chatId }, { body })),
    pullFromGit: (chatId) =>
      read((d) => readRestoredMessages(d, chatId).messages, call("v2.chats.git.pull", { chatId }, { body: {} })),
    listGitCredentials: () => json(GitCredentialList, call("v2.gitCredentials.list", {})),
    createGitCredential: (body) => json(GitCredential, call("v2.gitCredentials.create", {}, { body })),
    deleteGitCredential: (credentialId) =>
      json(GitCredentialDeleted, call("v2.gitCredentials.delete", { credentialId })),
    resumeChat: (chatId, o) => stream(call("v2.chats.resume", { chatId }, { signal: o?.signal })),
    stopMessage: (chatId, messageId) => done(call("v2.messages.stop", { chatId, messageId })),
    sendMessage: (chatId, body) => read((d) => readMessage(d, chatId), call("v2.messages.send", { chatId }, { body })),
    sendMessageStream: (chatId, body, o) =>
      stream(call("v2.messages.send.stream", { chatId }, { body, signal: o?.signal })),
    sendMessageAsync: (chatId, body) =>
      read((d) => readAsyncRef(d, chatId), call("v2.messages.send.async", { chatId }, { body })),
    resolve: (chatId, body) => read((d) => readMessage(d, chatId), call("v2.messages.resolve", { chatId }, { body })),
    resolveStream: (chatId, body, o) =>
      stream(call("v2.messages.resolve.stream", { chatId }, { body, signal: o?.signal })),
    resolveAsync: (chatId, body) =>
      read((d) => readAsyncRef(d, chatId), call("v2.messages.resolve.async", { chatId }, { body })),
    getFiles: (chatId) => read(readFiles, call("v2.chats.files", { chatId })),
    getPreview: (chatId) => read(readPreview, call("v2.chats.preview", { chatId })),
    downloadFiles: async (chatId) => {
      const res = await send({ ...call("v2.chats.files.download", { chatId }), accept: "application/zip" });
      return res.blob();
    },
    createHostProject: (chatId) => read(readHostProject, call("v2.chats.hostProject", { chatId })),
    deleteChat: (chatId) => done(call("v2.chats.delete", { chatId })),
    listHooks: () => read((d) => readList(d, readWebhookSummary), call("v2.hooks.list", {})),
    getHook: (hookId) => read(readWebhook, call("v2.hooks.get", { hookId })),
    createHook: (body) => read(readWebhook, call("v2.hooks.create", {}, { body })),
    updateHook: (hookId, body) => read(readWebhook, call("v2.hooks.update", { hookId }, { body })),
    deleteHook: (hookId) => done(call("v2.hooks.delete", { hookId })),
    listHookDeliveries: (hookId, query) =>
      json(WebhookDeliveryList, call("v2.hooks.deliveries", { hookId }, { query })),
    resendHookDelivery: (hookId, deliveryId) => json(WebhookDelivery, call("v2.hooks.resend", { hookId, deliveryId })),
    listHookEventTypes: () => json(WebhookEventTypeList, call("v2.hooks.eventTypes", {})),
    sendTestEvent: (hookId, event) => json(WebhookDelivery, call("v2.hooks.test", { hookId }, { body: { event } })),
    replayHookDeliveries: (hookId, body) => json(ReplayDeliveriesResult, call("v2.hooks.replay", { hookId }, { body })),
    rotateHookSecret: (hookId) => json(RotatedWebhookSecret, call("v2.hooks.rotateSecret", { hookId })),
    listMcpServers: () => json(McpServerList, call("v2.mcp.list", {})),
    getMcpServer: (mcpServerId) => json(McpServer, call("v2.mcp.get", { mcpServerId })),
    createMcpServer: (body) => json(McpServer, call("v2.mcp.create", {}, { body })),
    updateMcpServer: (mcpServerId, body) => json(McpServer, call("v2.mcp.update", { mcpServerId }, { body })),
    deleteMcpServer: (mcpServerId) => json(McpServerDeletedAny, call("v2.mcp.delete", { mcpServerId })),
    authorizeMcpServer: (mcpServerId, body) =>
      json(AuthorizeResponse, call("v2.mcp.authorize", { mcpServerId }, { body })),
    listMcpTools: (mcpServerId) => json(McpToolList, call("v2.mcp.tools", { mcpServerId })),
    callMcpTool: (mcpServerId, body) => json(McpToolResult, call("v2.mcp.tools.call", { mcpServerId }, { body })),
    listMcpResources: (mcpServerId) => json(McpResourceList, call("v2.mcp.resources", { mcpServerId })),
    readMcpResource: (mcpServerId, uri) =>
      json(McpResourceContents, call("v2.mcp.resources.read", { mcpServerId }, { body: { uri } })),
    listMcpPrompts: (mcpServerId) => json(McpPromptList, call("v2.mcp.prompts", { mcpServerId })),
    getMcpPrompt: (mcpServerId, body) => json(McpPromptResult, call("v2.mcp.prompts.get", { mcpServerId }, { body })),
    mcpConnectionLog: (mcpServerId) => json(McpConnectionLog, call("v2.mcp.log", { mcpServerId })),
    usageSummary: (q) => read(readUsageSummary, call("v2.usage.summary", {}, { query: { ...q } })),
    usageEvents: (q) => read(readUsageEventList, call("v2.usage.events", {}, { query: { ...q } })),
    usageActivity: (q) => read(readUsageActivity, call("v2.usage.activity", {}, { query: { ...q } })),
    quotas: () => json(QuotaList, call("v2.quotas", {})),
    defaultPrivacy: () => json(DefaultPrivacy, call("v2.settings.defaultPrivacy", {})),
    setDefaultPrivacy: (body) => json(DefaultPrivacy, call("v2.settings.setDefaultPrivacy", {}, { body })),
  };
}
