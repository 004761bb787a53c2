import { createHttp, routeCall, type ClientOptions, type PageQuery, type StreamCallOptions } from "./http-client";
import type { ReadStreamEvent, ResolveBody } from "./schemas";
import {
  ChatListV1,
  DeploymentDeletedV1,
  DeploymentErrorsV1,
  DeploymentLogListV1,
  DeploymentReadListV1,
  DeploymentReadV1,
  ChatV1,
  EnvVarDetailV1,
  EnvVarListV1,
  EnvVarsDeletedV1,
  FavoriteChatV1,
  MessageListV1,
  MessageV1,
  ProjectDeletedV1,
  ProjectListV1,
  ProjectV1,
  UserV1,
  VersionListV1,
  VersionV1,
  type CreateChatBodyV1,
  type CreateDeploymentBodyV1,
  type CreateEnvVarsBodyV1,
  type ForkChatBodyV1,
  type UpdateEnvVarsBodyV1,
  type CreateProjectBodyV1,
  type UpdateProjectBodyV1,
  type DeleteVersionFilesBodyV1,
  type PatchVersionBodyV1,
  type SendMessageBodyV1,
} from "./schemas/v1";

/**
 * Typed client of the v1 interface (interface.md 4.2; the response mode is the body field `responseMode`, wire-decisions.md 1).
 * Same plumbing as the v2 client: every body validated with the lib/api v1 schema, non-2xx → ServiceError
 * (v1 error bodies keep `code`, `type` and `userMessage`).
 */

/** Chat creation (or initialization with `type: "files"`) in sync or async mode; streaming has its own call. */
export type CreateChatV1Input = Omit<CreateChatBodyV1, "responseMode"> & { responseMode?: "sync" | "async" };
export type SendMessageV1Input = Omit<SendMessageBodyV1, "responseMode"> & { responseMode?: "sync" | "async" };

export interface ServiceClientV1 {
  /** POST /v1/chats: sync → the v1 Chat once the answer finished; async → the v1 Chat still generating (202). */
  createChat(body: CreateChatV1Input): Promise<ChatV1>;
  /** POST /v1/chats with responseMode experimental_stream: the 6.2 events. */
  createChatStream(
    body: Omit<CreateChatBodyV1, "responseMode">,
    o?: StreamCallOptions,
  ): Promise<AsyncGenerator<ReadStreamEvent>>;
  /** GET /v1/chats?limit&cursor&isFavorite, newest first (items without messages). */
  listChats(q?: PageQuery & { isFavorite?: boolean }): Promise<ChatListV1>;
  /** POST /v1/chats/{chatId}/fork {versionId?, privacy?}: a new chat up to that version (the latest when none). */
  forkChat(chatId: string, body: ForkChatBodyV1): Promise<ChatV1>;
  /** PUT /v1/chats/{chatId}/favorite {isFavorite} */
  favoriteChat(chatId: string, isFavorite: boolean): Promise<FavoriteChatV1>;
  /** GET /v1/chats/{chatId}: with messages oldest to newest and latestVersion. */
  getChat(chatId: string): Promise<ChatV1>;
  /** GET /v1/chats/{chatId}/messages?limit&cursor, newest first. */
  listMessages(chatId: string, q?: PageQuery): Promise<MessageListV1>;
  /** GET /v1/chats/{chatId}/messages/{messageId}: with experimental_content while it waits on the user. */
  getMessage(chatId: string, messageId: string): Promise<MessageV1>;
  /** POST /v1/chats/{chatId}/messages: sync → the finished assistant message; async → it still generating (202). */
  sendMessage(chatId: string, body: SendMessageV1Input): Promise<MessageV1>;
  /** POST /v1/chats/{chatId}/messages with responseMode experimental_stream: the 6.2 events. */
  sendMessageStream(
    chatId: string,
    body: Omit<SendMessageBodyV1, "responseMode">,
    o?: StreamCallOptions,
  ): Promise<AsyncGenerator<ReadStreamEvent>>;
  /** POST /v1/chats/{chatId}/tasks/resolve (sync): the new assistant message once finished. */
  resolveTask(chatId: string, body: ResolveBody): Promise<MessageV1>;
  /** GET /v1/user */
  getUser(): Promise<UserV1>;
  /** GET /v1/chats/{chatId}/versions?limit&cursor (extension): newest first, without files. */
  listVersions(chatId: string, q?: PageQuery): Promise<VersionListV1>;
  /** GET /v1/chats/{chatId}/versions/{versionId} */
  getVersion(chatId: string, versionId: string): Promise<VersionV1>;
  /** PATCH /v1/chats/{chatId}/versions/{versionId}: file contents and locks (wire-decisions.md 6). */
  patchVersion(chatId: string, versionId: string, body: PatchVersionBodyV1): Promise<VersionV1>;
  /** POST /v1/chats/{chatId}/versions/{versionId}/files/delete: a hand edit deleting files; the new version. */
  deleteVersionFiles(chatId: string, versionId: string, body: DeleteVersionFilesBodyV1): Promise<VersionV1>;
  /** GET /v1/projects: newest first, each with its chat ids. */
  listProjects(): Promise<ProjectListV1>;
  /** POST /v1/projects {name, description?, chatIds?} */
  createProject(body: CreateProjectBodyV1): Promise<ProjectV1>;
  /** GET /v1/projects/{id} */
  getProject(id: string): Promise<ProjectV1>;
  /** PUT /v1/projects/{id}: name and description replaced; chatIds, when given, become the project's chats. */
  updateProject(id: string, body: UpdateProjectBodyV1): Promise<ProjectV1>;
  /** DELETE /v1/projects/{id}: its chats stay. */
  deleteProject(id: string): Promise<ProjectDeletedV1>;
  /** GET /v1/projects/{projectId}/env-vars?decrypted: the values only with `decrypted`. */
  listEnvVars(projectId: string, q?: { decrypted?: boolean }): Promise<EnvVarListV1>;
  /** GET /v1/projects/{projectId}/env-vars/{id}?decrypted */
  getEnvVar(projectId: string, id: string, q?: { decrypted?: boolean }): Promise<EnvVarDetailV1>;
  /** POST /v1/projects/{projectId}/env-vars {environmentVariables, upsert?}: 409 for an existing key without upsert. */
  createEnvVars(projectId: string, body: CreateEnvVarsBodyV1): Promise<EnvVarListV1>;
  /** PATCH /v1/projects/{projectId}/env-vars {environmentVariables: [{id, value}]} */
  updateEnvVars(projectId: string, body: UpdateEnvVarsBodyV1): Promise<EnvVarListV1>;
  /** POST /v1/projects/{projectId}/env-vars/delete {environmentVariableIds} */
  deleteEnvVars(projectId: string, ids: string[]): Promise<EnvVarsDeletedV1>;
  /** POST /v1/deployments {projectId?, chatId, versionId}: the new deployment (pending on the embedded service). */
  createDeployment(body: CreateDeploymentBodyV1): Promise<DeploymentReadV1>;
  /** GET /v1/deployments?projectId&chatId&versionId, newest first (read leniently: status and times may be absent). */
  listDeployments(q?: DeploymentFilter): Promise<DeploymentReadListV1>;
  /** GET /v1/deployments/{deploymentId} */
  getDeployment(deploymentId: string): Promise<DeploymentReadV1>;
  /** DELETE /v1/deployments/{deploymentId}: the site is taken down. */
  deleteDeployment(deploymentId: string): Promise<DeploymentDeletedV1>;
  /** GET /v1/deployments/{deploymentId}/logs?since (UNIX seconds): the build log lines after `since`. */
  deploymentLogs(deploymentId: string, q?: { since?: number }): Promise<DeploymentLogListV1>;
  /** GET /v1/deployments/{deploymentId}/errors: `{}` when it has none. */
  deploymentErrors(deploymentId: string): Promise<DeploymentErrorsV1>;
}

/** The list filters of GET /v1/deployments (each optional). */
export interface DeploymentFilter {
  projectId?: string;
  chatId?: string;
  versionId?: string;
}

const decryptedQuery = (q?: { decrypted?: boolean }) => ({ decrypted: q?.decrypted ? "true" : undefined });

export function createServiceClientV1(opts: ClientOptions): ServiceClientV1 {
  const { json, stream } = createHttp(opts);
  const call = routeCall;
  const streamed = { responseMode: "experimental_stream" } as const;

  return {
    createChat: (body) => json(ChatV1, call("v1.chats.create", {}, { body })),
    createChatStream: (body, o) =>
      stream(call("v1.chats.create", {}, { body: { ...body, ...streamed }, signal: o?.signal })),
    listChats: (q) =>
      json(
        ChatListV1,
        call(
          "v1.chats.list",
          {},
          {
            query: {
              limit: q?.limit,
              cursor: q?.cursor,
              isFavorite: q?.isFavorite === undefined ? undefined : String(q.isFavorite),
            },
          },
        ),
      ),
    forkChat: (chatId, body) => json(ChatV1, call("v1.chats.fork", { chatId }, { body })),
    favoriteChat: (chatId, isFavorite) =>
      json(FavoriteChatV1, call("v1.chats.favorite", { chatId }, { body: { isFavorite } })),
    getChat: (chatId) => json(ChatV1, call("v1.chats.get", { chatId })),
    listMessages: (chatId, query) => json(MessageListV1, call("v1.messages.list", { chatId }, { query })),
    getMessage: (chatId, messageId) => json(MessageV1, call("v1.messages.get", { chatId, messageId })),
    sendMessage: (chatId, body) => json(MessageV1, call("v1.messages.send", { chatId }, { body })),
    sendMessageStream: (chatId, body, o) =>
      stream(call("v1.messages.send", { chatId }, { body: { ...body, ...streamed }, signal: o?.signal })),
    resolveTask: (chatId, body) => json(MessageV1, call("v1.tasks.resolve", { chatId }, { body })),
    getUser: () => json(UserV1, call("v1.user", {})),
    listVersions: (chatId, query) => json(VersionListV1, call("v1.versions.list", { chatId }, { query })),
    getVersion: (chatId, versionId) => json(VersionV1, call("v1.versions.get", { chatId, versionId })),
    patchVersion: (chatId, versionId, body) =>
      json(VersionV1, call("v1.versions.patch", { chatId, versionId }, { body })),
    deleteVersionFiles: (chatId, versionId, body) =>
      json(VersionV1, call("v1.versions.deleteFiles", { chatId, versionId }, { body })),
    listProjects: () => json(ProjectListV1, call("v1.projects.list", {})),
    createProject: (body) => json(ProjectV1, call("v1.projects.create", {}, { body })),
    getProject: (id) => json(ProjectV1, call("v1.projects.get", { id })),
    updateProject: (id, body) => json(ProjectV1, call("v1.projects.update", { id }, { body })),
    deleteProject: (id) => json(ProjectDeletedV1, call("v1.projects.delete", { id })),
    listEnvVars: (projectId, q) =>
      json(EnvVarListV1, call("v1.envVars.list", { projectId }, { query: decryptedQuery(q) })),
    getEnvVar: (projectId, environmentVariableId, q) =>
      json(EnvVarDetailV1, call("v1.envVars.get", { projectId, environmentVariableId }, { query: decryptedQuery(q) })),
    createEnvVars: (projectId, body) => json(EnvVarListV1, call("v1.envVars.create", { projectId }, { body })),
    updateEnvVars: (projectId, body) => json(EnvVarListV1, call("v1.envVars.update", { projectId }, { body })),
    deleteEnvVars: (projectId, environmentVariableIds) =>
      json(EnvVarsDeletedV1, call("v1.envVars.delete", { projectId }, { body: { environmentVariableIds } })),
    createDeployment: (body) => json(DeploymentReadV1, call("v1.deployments.create", {}, { body })),
    listDeployments: (q) => json(DeploymentReadListV1, call("v1.deployments.list", {}, { query: { ...q } })),
    getDeployment: (deploymentId) => json(DeploymentReadV1, call("v1.deployments.get", { deploymentId })),
    deleteDeployment: (deploymentId) => json(DeploymentDeletedV1, call("v1.deployments.delete", { deploymentId })),
    deploymentLogs: (deploymentId, q) =>
      json(DeploymentLogListV1, call("v1.deployments.logs", { deploymentId }, { query: { ...q } })),
    deploymentErrors: (deploymentId) => json(DeploymentErrorsV1, call("v1.deployments.errors", { deploymentId })),
  };
}
