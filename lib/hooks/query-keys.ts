import type { AuditLogFilter } from "@/lib/api/schemas/team";

/** Every TanStack Query key of the dashboard, in one place: what an invalidation reaches is read here. */
export const queryKeys = {
  chats: () => ["chats"] as const,
  chat: (chatId: string) => ["chat", chatId] as const,
  /** The v1 chat (its `systemPrompt`, the embedded service's extension). */
  chatV1: (chatId: string) => ["chat", chatId, "v1"] as const,
  messages: (chatId: string) => ["messages", chatId] as const,
  /** One message polled by id (async mode, resuming a generation); not under `messages` so list invalidations skip it. */
  message: (chatId: string, messageId: string) => ["message", chatId, messageId] as const,
  /** A message's v1 `type` (a hand edit's record is known by it); a message's type never changes. */
  messageType: (chatId: string, messageId: string) => ["message", chatId, messageId, "v1-type"] as const,
  /** The MCP server list; `mcpServer` keys share its prefix, so invalidating this refreshes both. */
  mcpServers: () => ["mcp-servers"] as const,
  mcpServer: (mcpServerId: string) => ["mcp-servers", mcpServerId] as const,
  /** The MCP explorer's lists and log of one server (under its key: refreshed with it). */
  mcpExplorer: (mcpServerId: string, what: "tools" | "resources" | "prompts" | "log") =>
    ["mcp-servers", mcpServerId, "explorer", what] as const,
  /** v1 projects; `project` keys share the prefix. */
  projects: () => ["projects"] as const,
  project: (projectId: string) => ["projects", projectId] as const,
  /** The favorite chats (v1 `GET /v1/chats?isFavorite=true`): the sidebar group and every Favorite toggle. */
  favorites: () => ["favorites"] as const,
  /** A v1 project's environment variables (values masked); a revealed one is fetched on its own, never cached. */
  envVars: (projectId: string) => ["projects", projectId, "env-vars"] as const,
  /** A chat's Git remote (GET /v2/chats/{chatId}/git; null when it has none). */
  gitRemote: (chatId: string) => ["chat", chatId, "git"] as const,
  gitIncoming: (chatId: string) => ["chat", chatId, "git", "incoming"] as const,
  /** The Git credentials, by host (tokens never included). */
  gitCredentials: () => ["git-credentials"] as const,
  /** The service's daily quotas and today's use (GET /v2/quotas). */
  quotas: () => ["quotas"] as const,
  /** The team's default privacy for new chats (GET /v2/settings/default-privacy). */
  defaultPrivacy: () => ["default-privacy"] as const,
  /** The caller as the service knows them (GET /v2/team/me): their id is what a chat's `authorId` names. */
  me: () => ["me"] as const,
  /** The public chats of every person (GET /v2/chats?scope=public): the sidebar's Public group. */
  publicChats: () => ["chats", "public"] as const,
};

/** A chat's files, versions and preview (use-files); all under ["files", chatId]. */
export const filesKeys = {
  files: (chatId: string) => ["files", chatId] as const,
  latestVersion: (chatId: string) => ["files", chatId, "latest-version"] as const,
  version: (chatId: string, versionId: string) => ["files", chatId, "version", versionId] as const,
  preview: (chatId: string) => ["files", chatId, "preview"] as const,
  /** The chat's app (GET /v2/chats/{chatId}/app): its state and log. */
  app: (chatId: string) => ["files", chatId, "app"] as const,
};

/** Webhooks and their deliveries (use-webhooks). */
export const webhookKeys = {
  all: () => ["webhooks"] as const,
  list: () => ["webhooks", "list"] as const,
  hook: (hookId: string) => ["webhooks", "hook", hookId] as const,
  deliveries: (hookId: string) => ["webhook-deliveries", hookId] as const,
  eventTypes: () => ["webhooks", "event-types"] as const,
};

/** The dashboard's own inboxes (use-inbox). */
export const inboxKeys = {
  all: () => ["inboxes"] as const,
  inbox: (id: string) => ["inboxes", id] as const,
  deliveries: (id: string) => ["inbox-deliveries", id] as const,
};

/** The usage report of one range (use-usage); all under ["usage"]. */
export const usageKeys = {
  all: () => ["usage"] as const,
  summary: (start: string, end: string) => ["usage", "summary", start, end] as const,
  activity: (start: string, end: string) => ["usage", "activity", start, end] as const,
  /** Every event of the range (walked for the charts), and the events table's pages. */
  allEvents: (start: string, end: string) => ["usage", "all-events", start, end] as const,
  events: (start: string, end: string) => ["usage", "events", start, end] as const,
};

/** Spending (use-spend): the context meter under its chat's key (refreshed with it), budgets, the ledger's sums. */
export const spendKeys = {
  /** The meter for a draft (its length and a hash stand for it). */
  context: (chatId: string, draft: string) => ["chat", chatId, "context", draft] as const,
  budgets: () => ["budgets"] as const,
  /** The caller and the team's people as the Budgets page reads them. */
  me: () => ["budget-people", "me"] as const,
  people: () => ["budget-people", "members"] as const,
  ledger: () => ["ledger"] as const,
  ledgerSummary: (by: string, from: string, to: string, memberId: string | null) =>
    ["ledger", "summary", by, from, to, memberId] as const,
};

/** v1 deployments (use-deployments); all under ["deployments"], so a create or delete refreshes every list. */
export const deploymentKeys = {
  all: () => ["deployments"] as const,
  list: (filter: { chatId?: string; projectId?: string }) =>
    ["deployments", "list", filter.chatId ?? null, filter.projectId ?? null] as const,
  /** With the state the log was read in: a deployment that settles reads its log again (its last lines). */
  logs: (deploymentId: string, status: string | undefined) =>
    ["deployments", "logs", deploymentId, status ?? null] as const,
  errors: (deploymentId: string) => ["deployments", "errors", deploymentId] as const,
  /** A chat's versions, newest first (the Deploy dialog's choice). */
  versions: (chatId: string) => ["deployments", "versions", chatId] as const,
};

/** People (use-team): members, invitations, API keys and the audit log; all under ["team"]. */
export const teamKeys = {
  all: () => ["team"] as const,
  members: () => ["team", "members"] as const,
  invitations: () => ["team", "invitations"] as const,
  /** The caller's keys (memberId undefined), someone's, or everyone's ("all"). */
  apiKeys: (memberId?: string) => ["team", "api-keys", memberId ?? "mine"] as const,
  auditLog: (filter: AuditLogFilter, cursor: string | null, limit: number) =>
    ["team", "audit-log", filter.action ?? null, filter.actor ?? null, cursor, limit] as const,
};
