import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { FinishReason, ModelId, Part, Privacy, Usage, WebhookEvent } from "@/lib/api";

/**
 * The embedded service's tables (drizzle pg-core). Migrations in `drizzle/` are generated from this
 * file with `npx drizzle-kit generate` and applied on start. Timestamps are always written from JS.
 * This module is imported by drizzle-kit (plain Node), so it must not import "server-only".
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The v1 message types of a hand edit's messages (interface.md 2.7). */
export type HandEditKind = "edited-file" | "deleted-file" | "renamed-file" | "moved-file";
/** The v1 `type` of a message that records something other than an exchange with the agent (messages.kind). */
export type MessageKind =
  | HandEditKind
  | "forked-chat"
  | "added-environment-variables"
  /** A pull from the chat's Git remote (its files), a push to it (the timeline's record). */
  | "pull-changes"
  | "sync-git"
  /** Ours, not a v1 type (v1 says "message"): an assistant message summarising the earlier ones ("Compact now"). */
  | "context-summary";

/** Settings captured at chat creation and applied to later messages. */
export interface ChatSettings {
  mcpServerIds?: string[];
  credentialAccess?: { sharedNpm?: boolean; github?: boolean };
  imageGenerations?: boolean;
  thinking?: boolean;
  /** The create body's `systemPrompt`: instructions the agent follows for every message of the chat. */
  systemPrompt?: string;
  /** v1 initialization from files: the `initialContext` given (the chat's v1 `text`). */
  initialContext?: string;
  /** A branch (`POST /v1/chats/{chatId}/fork`): the chat and version it was made from, and that chat's title then. */
  forkedFrom?: { chatId: string; versionId: string; title: string | null };
}

/**
 * An attachment of a user message as its wire `attachments[]` entry (interface.md 2.7), plus `storedId`: the row in
 * `attachments` holding its bytes when the service stored them (given as `content` or a `data:` URL; not on the wire).
 */
export interface MessageAttachment {
  url: string;
  name?: string;
  contentType?: string;
  size?: number;
  type?: "screenshot" | "figma" | "zip";
  storedId?: string;
}

/** Projects group chats (v1 4.2; bodies are our wire decision, README). */
export const projects = pgTable(
  "projects",
  {
    id: text("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("projects_seq_idx").on(t.seq)],
);

/**
 * A project's environment variables (v1 `…/projects/{projectId}/env-vars`). The value is sealed with the service's
 * secret key (SecretBox, bound to the variable's id): never stored in plain text. Keys are unique per project.
 */
export const projectEnvVars = pgTable(
  "project_env_vars",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    sealedValue: text("sealed_value").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [uniqueIndex("project_env_vars_key_idx").on(t.projectId, t.key)],
);

export const chats = pgTable(
  "chats",
  {
    id: text("id").primaryKey(),
    /** Creation order; list pagination walks it (newest first). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    title: text("title"),
    privacy: text("privacy").$type<Privacy>().notNull(),
    authorId: text("author_id").notNull(),
    hostProjectId: text("host_project_id"),
    /** The project the chat belongs to (v1 `projectId`); deleting the project keeps the chat. */
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    modelId: text("model_id").$type<ModelId>().notNull(),
    settings: jsonb("settings").$type<ChatSettings>().notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /**
     * The generation lease (generation/store.ts): the instance generating (or otherwise holding) the chat, the message it
     * generates (null for a short exclusive operation) and when the lease ends unless its owner renews it.
     */
    leaseOwner: text("lease_owner"),
    leaseMessageId: text("lease_message_id"),
    leaseExpiresAt: ts("lease_expires_at"),
  },
  (t) => [
    index("chats_seq_idx").on(t.seq),
    index("chats_project_idx").on(t.projectId),
    index("chats_lease_expires_idx").on(t.leaseExpiresAt),
    // Lists: the caller's own chats, and the chats of a privacy (chats/access.ts).
    index("chats_author_seq_idx").on(t.authorId, t.seq),
    index("chats_privacy_seq_idx").on(t.privacy, t.seq),
  ],
);

/**
 * A person's favorite chats (v1 `favorite`, `PUT /v1/chats/{chatId}/favorite`): each person's own marks, on chats
 * they may read (issue 40).
 */
export const chatFavorites = pgTable(
  "chat_favorites",
  {
    personId: text("person_id").notNull(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.chatId] }), index("chat_favorites_chat_idx").on(t.chatId)],
);

/**
 * An unlisted or public chat's share link (issue 40, shares/): one row while the chat is shareable. The token (32
 * random bytes) is found by its SHA-256 and compared in constant time; it is also kept sealed (SecretBox) so that the
 * chat's answers can show the link again. Rotating replaces both; privacy back to private or team deletes the row.
 */
export const chatShares = pgTable(
  "chat_shares",
  {
    chatId: text("chat_id")
      .primaryKey()
      .references(() => chats.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    sealedToken: text("sealed_token").notNull(),
    /** When the link stops working; null: never. */
    expiresAt: ts("expires_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("chat_shares_token_hash_idx").on(t.tokenHash)],
);

export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** Order within the chat (and globally); list pagination walks it (newest first). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    role: text("role").$type<"user" | "assistant">().notNull(),
    content: text("content").notNull(),
    parts: jsonb("parts").$type<Part[]>().notNull(),
    /** Null while the assistant is generating. */
    finishReason: text("finish_reason").$type<FinishReason>(),
    usage: jsonb("usage").$type<Usage>(),
    /** Files the user attached to a user message (MessageAttachment); null when none. */
    attachments: jsonb("attachments").$type<MessageAttachment[]>(),
    /**
     * Why an answer ended with `finishReason: "error"`: the stream's `error` event, kept so that a reader on another
     * instance (or a later resume) is told the same. Not part of the wire Message. Null otherwise.
     */
    failure: jsonb("failure").$type<{ message: string; code?: string }>(),
    /**
     * Set when the chat grew past its message limit (interface.md Part 8: 10,000; older messages are archived):
     * out of the lists and the agent's context, still readable by id. Null for a live message.
     */
    archivedAt: ts("archived_at"),
    /**
     * What the message records when it is not an ordinary exchange with the agent: the v1 message `type` it carries
     * (interface.md 2.7). A hand edit's user and assistant messages (PATCH /v2/chats/{id}/files, the v1 version PATCH
     * with new content, the v1 file delete): `edited-file`, `deleted-file`, `renamed-file`, `moved-file`; the first
     * message of a branch: `forked-chat`; a project's new variables: `added-environment-variables`. Null otherwise.
     */
    kind: text("kind").$type<MessageKind>(),
    /**
     * Who sent a user message (a person id); null for the assistant's, and for user messages written before people
     * existed (they are the first admin's, user_embedded).
     */
    authorId: text("author_id"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("messages_chat_seq_idx").on(t.chatId, t.seq),
    // The live messages of a chat, newest first: lists, the agent's context and the archiving step walk it.
    index("messages_chat_live_seq_idx")
      .on(t.chatId, t.seq)
      .where(sql`${t.archivedAt} is null`),
  ],
);

export const chatFiles = pgTable(
  "chat_files",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    content: text("content").notNull(),
    encoding: text("encoding").$type<"utf8" | "base64">().notNull(),
    /** A locked file is never overwritten by the agent (wire-decisions.md 6). */
    locked: boolean("locked").notNull(),
    /**
     * The person wrote this content by hand (a hand edit) and no agent has written the file since: the scripted agent
     * builds on it instead of writing its own version over it.
     */
    editedByHand: boolean("edited_by_hand").notNull().default(false),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.path] })],
);

/**
 * The bytes of attachments given as `content` or a `data:` URL, answered (no key: the id is the capability) from
 * `{base_url}/attachments/{id}`. They go with their chat.
 */
export const attachments = pgTable(
  "attachments",
  {
    /** Unguessable (`att_` and 32 random characters): whoever has the URL may read the file. */
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** The bytes, base64. */
    content: text("content").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("attachments_chat_idx").on(t.chatId)],
);

/** A snapshot of the chat's files after an assistant message (v1 Version, 2.6). */
export interface VersionFile {
  path: string;
  content: string;
  encoding: "utf8" | "base64";
  locked: boolean;
}

export const versions = pgTable(
  "versions",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    status: text("status").$type<"pending" | "completed" | "failed">().notNull(),
    files: jsonb("files").$type<VersionFile[]>().notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("versions_chat_seq_idx").on(t.chatId, t.seq)],
);

/** Webhooks (2.10, wire-decisions.md 8). No foreign key to chats: a scoped webhook outlives its chat (it gets chat.deleted). */
export const webhooks = pgTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    events: jsonb("events").$type<WebhookEvent[]>().notNull(),
    chatId: text("chat_id"),
    /**
     * The admin who made it (issue 40): a delivery for a chat goes only to webhooks whose maker may read that chat.
     * Webhooks made before people existed are the first admin's.
     */
    createdBy: text("created_by").notNull().default("user_embedded"),
    /**
     * The `whsec_…` signing key, sealed with the service's SecretBox (webhooks/sealed-secrets.ts: HMAC needs it in
     * clear, so it is encrypted, not hashed). Never returned after creation.
     */
    secret: text("secret").notNull(),
    /**
     * The secret before the last rotation (sealed like `secret`), and until when deliveries are signed with it too (24
     * hours after the rotation): receivers switch over without losing a delivery.
     */
    previousSecret: text("previous_secret"),
    previousSecretUntil: ts("previous_secret_until"),
    /**
     * Set when the target answered 410 Gone, after 5 days of nothing but failures, or by a PATCH `{disabled: true}`;
     * no delivery is attempted until it is enabled again (PATCH `{disabled: false}` or a new url).
     */
    disabledAt: ts("disabled_at"),
    /** Why, in words, while disabled. */
    disabledReason: text("disabled_reason"),
    /** The first failed attempt since the last successful one (null: the last attempt succeeded, or none yet). */
    failingSince: ts("failing_since"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("webhooks_seq_idx").on(t.seq)],
);

export type DeliveryStatus = "pending" | "succeeded" | "failed";
export type AttemptTrigger = "schedule" | "resend" | "test" | "replay";

/** One event for one webhook: the persistent delivery queue. `id` is the `webhook-id` header (stable across retries). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    type: text("type").$type<WebhookEvent>().notNull(),
    chatId: text("chat_id").notNull(),
    messageId: text("message_id"),
    /** The exact body that is signed and sent on every attempt. */
    payload: text("payload").notNull(),
    status: text("status").$type<DeliveryStatus>().notNull(),
    /** `test`: an example payload sent by POST /v2/hooks/{hookId}/test; `event`: a real event. */
    trigger: text("trigger").$type<"event" | "test">().notNull().default("event"),
    /** The trigger recorded with the next attempt when it is not the schedule's (a replay). */
    nextTrigger: text("next_trigger").$type<"replay">(),
    attemptCount: integer("attempt_count").notNull(),
    /** When the next attempt is due (pending only). */
    nextAttemptAt: ts("next_attempt_at"),
    /** An attempt is in flight until then; a crash lets the lease run out and the delivery is tried again. */
    lockedUntil: ts("locked_until"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_webhook_seq_idx").on(t.webhookId, t.seq),
  ],
);

/** Every HTTP attempt of a delivery, as recorded. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** 1, 2, 3, … within the delivery. */
    number: integer("number").notNull(),
    trigger: text("trigger").$type<AttemptTrigger>().notNull(),
    at: ts("at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** Null when no response came (timeout, connection refused). */
    statusCode: integer("status_code"),
    ok: boolean("ok").notNull(),
    /** Why it failed without a usable status (e.g. "timeout after 15000 ms", "redirect not followed"). */
    error: text("error"),
    /** The start of the response body, at most 1 KB. */
    responseExcerpt: text("response_excerpt").notNull(),
    /** When the next attempt was scheduled after this one (null: none). */
    nextAttemptAt: ts("next_attempt_at"),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.number] })],
);

/**
 * Daily quotas (interface.md Part 8): what each quota used on one UTC day, shared by every instance on the database.
 * `day` is "YYYY-MM-DD" (UTC); rows of past days are kept (a history) and never read by the quota check.
 */
export const quotaUsage = pgTable(
  "quota_usage",
  {
    day: text("day").notNull(),
    quota: text("quota").notNull(),
    used: bigint("used", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.quota] })],
);

/** A line of a deployment's build log (the document's deployment_log, without its ids). */
export interface DeploymentLogLine {
  id: string;
  at: string;
  text: string;
  type: "stdout" | "stderr";
  level: "error" | "warning" | "info";
}

/**
 * Deployments (v1; wire-decisions.md "Deployments"): a snapshot of one version's files, served as a static site at
 * `{base_url}/hosting/{id}/` once `ready`. Independent of the chat's later versions (the files are copied here);
 * deleting the chat deletes its deployments. `error` holds the reason when the build failed.
 */
export const deployments = pgTable(
  "deployments",
  {
    id: text("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    projectId: text("project_id"),
    versionId: text("version_id").notNull(),
    status: text("status").$type<"pending" | "ready" | "error">().notNull(),
    files: jsonb("files").$type<VersionFile[]>().notNull(),
    logs: jsonb("logs").$type<DeploymentLogLine[]>().notNull(),
    error: jsonb("error").$type<{ type: string; text: string } | null>(),
    /**
     * A runnable app's deployment, built in the sandbox (hosting/app-build.ts): the instance building it settles it;
     * still pending past this time, whoever reads it settles it as failed (that instance stopped). Null: the files
     * are the site as they are (settled by the first read after the build time).
     */
    buildDeadline: ts("build_deadline"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("deployments_chat_seq_idx").on(t.chatId, t.seq), index("deployments_project_idx").on(t.projectId)],
);

/**
 * A chat's Git remote (our extension, `GET /v2/chats/{chatId}/git`): set by an import from a repository, a push or a
 * pull. `lastCommit` is the branch's commit at the last sync: a push refuses a branch that has moved since (409).
 */
export const chatGitRemotes = pgTable("chat_git_remotes", {
  chatId: text("chat_id")
    .primaryKey()
    .references(() => chats.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  branch: text("branch").notNull(),
  lastCommit: text("last_commit").notNull(),
  lastSyncedAt: ts("last_synced_at").notNull(),
});

/**
 * Credentials for Git hosts (our extension, `/v2/git-credentials`): one per host (`host:port` when a port is
 * given). The token is sealed with the service's secret key (SecretBox, bound to the row's id), never returned.
 */
export const gitCredentials = pgTable(
  "git_credentials",
  {
    id: text("id").primaryKey(),
    host: text("host").notNull(),
    username: text("username"),
    sealedToken: text("sealed_token").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("git_credentials_host_idx").on(t.host)],
);

export type ChatRow = typeof chats.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type EnvVarRow = typeof projectEnvVars.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ChatFileRow = typeof chatFiles.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type VersionRow = typeof versions.$inferSelect;
export type DeploymentRow = typeof deployments.$inferSelect;
export type GitRemoteRow = typeof chatGitRemotes.$inferSelect;
export type GitCredentialRow = typeof gitCredentials.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** MCP server registrations and OAuth connections (lib/embedded/mcp). */
export * from "../mcp/schema";

/** The remote MCP endpoint's authorization server: clients, codes, tokens (lib/embedded/remote-mcp). */
export * from "../remote-mcp/schema";

/** Spending: the ledger of model calls and the credit budgets (lib/embedded/spend). */
export * from "../spend/schema";
/** People, their API keys, invitations and the audit log (lib/embedded/people). */
export * from "../people/schema";
/** The chats' running apps: state, log and the lease of the instance that runs each (lib/embedded/runtime). */
export * from "../runtime/schema";

/**
 * The service's own settings, one JSON value per key, shared by every instance on the database (the document's
 * trusted preview hosts: key `preview_hosts`, a string array).
 */
export const serviceSettings = pgTable("service_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: ts("updated_at").notNull(),
});
