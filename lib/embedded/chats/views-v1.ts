import "server-only";
import type { BlockedTaskV1, ChatSummaryV1, ChatV1, MessageV1, UserV1, VersionV1 } from "@/lib/api/schemas/v1";
import { pendingRequestOf } from "../approvals/requests";
import type { ChatRow, MessageRow, VersionRow } from "../store";
import { EMBEDDED_AUTHOR_ID } from "../generation/turns";
import { wireAttachment } from "../messages/views";

/**
 * The v1 resources (interface.md 2.5–2.8) of the stored chats, messages and versions. `base` is the service's
 * {base_url}; `webUrl` points at the dashboard's chat page on the same origin (`<origin>/chats/{id}`).
 */

const seg = encodeURIComponent;

export interface V1Urls {
  base: string;
  /** The preview URL of a chat (for `demo` and the latest version's `demoUrl`). */
  preview?: (chatId: string) => string;
}

/** The blocked task of a message waiting on the user (wire-decisions.md 4), or null. */
function blockedTaskOf(row: Pick<MessageRow, "role" | "finishReason" | "parts">): BlockedTaskV1 | null {
  const pending = pendingRequestOf(row);
  if (!pending) return null;
  if (pending.kind === "permissions")
    return { stopReason: "permissions", suggestedPermissions: pending.suggestedPermissions };
  return {
    stopReason: "user-input-required",
    task: {
      type: "task-get-or-request-integration-v1",
      requestedIntegrations: pending.requestedIntegrations,
      ...(pending.requestedMcpPresets.length ? { requestedMcpPresets: pending.requestedMcpPresets } : {}),
    },
  };
}

/**
 * v1 Message (2.7): `type` is the stored message's kind (a hand edit's, `forked-chat`, `added-environment-variables`), else "message". `experimental_content` is present only while the message waits on the
 * user: `[[1, {stopReason, …}]]`. `finishReason` is omitted while generating (v1 has no null).
 */
export function toMessageV1(row: MessageRow, base: string): MessageV1 {
  const message: MessageV1 = {
    id: row.id,
    object: "message",
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    type: row.kind && row.kind !== "context-summary" ? row.kind : "message",
    role: row.role,
    apiUrl: `${base}/v1/chats/${seg(row.chatId)}/messages/${seg(row.id)}`,
    authorId: row.role === "user" ? (row.authorId ?? EMBEDDED_AUTHOR_ID) : null,
  };
  if (row.finishReason) message.finishReason = row.finishReason;
  // v1 requires a size: 0 for a URL given without one (the service never fetched it).
  if (row.attachments?.length)
    message.attachments = row.attachments.map((a) => ({ ...wireAttachment(a), size: a.size ?? 0 }));
  const blocked = blockedTaskOf(row);
  if (blocked) message.experimental_content = [[1, blocked]];
  return message;
}

/** v1 Version (2.6): the snapshot of the chat's files; `demoUrl` when given (the latest completed version). */
export function toVersionV1(row: VersionRow, demoUrl?: string): VersionV1 {
  const version: VersionV1 = {
    id: row.id,
    object: "version",
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    files: row.files.map((f) => ({ object: "file", name: f.path, content: f.content, locked: f.locked })),
  };
  if (demoUrl) version.demoUrl = demoUrl;
  return version;
}

/** A list item of `GET /v1/chats`: the v1 Chat without messages and files. */
export function toChatSummaryV1(
  chat: ChatRow,
  /** `favorite`, `writable`: the reader's own favorite mark and `permissions.write`. */
  extra: { text: string; latestVersion?: VersionRow | null; favorite: boolean; writable: boolean },
  urls: V1Urls,
): ChatSummaryV1 {
  const webUrl = `${new URL(urls.base).origin}/chats/${seg(chat.id)}`;
  const demo = extra.latestVersion?.status === "completed" ? urls.preview?.(chat.id) : undefined;
  const summary: ChatSummaryV1 = {
    id: chat.id,
    object: "chat",
    shareable: chat.privacy === "public" || chat.privacy === "unlisted",
    privacy: chat.privacy,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
    favorite: extra.favorite,
    authorId: chat.authorId,
    webUrl,
    apiUrl: `${urls.base}/v1/chats/${seg(chat.id)}`,
    url: webUrl,
    text: extra.text,
    modelConfiguration: {
      modelId: chat.modelId,
      ...(chat.settings.imageGenerations !== undefined ? { imageGenerations: chat.settings.imageGenerations } : {}),
      ...(chat.settings.thinking !== undefined ? { thinking: chat.settings.thinking } : {}),
    },
    permissions: { write: extra.writable },
    metadata: chat.metadata,
  };
  if (chat.title !== null) summary.title = chat.title;
  if (chat.settings.systemPrompt) summary.systemPrompt = chat.settings.systemPrompt;
  if (chat.settings.forkedFrom) summary.forkedFrom = { ...chat.settings.forkedFrom };
  if (chat.hostProjectId !== null) summary.hostProjectId = chat.hostProjectId;
  if (chat.projectId !== null) summary.projectId = chat.projectId;
  if (extra.latestVersion) summary.latestVersion = toVersionV1(extra.latestVersion, demo);
  if (demo) summary.demo = demo;
  return summary;
}

/** v1 Chat (2.5) with its messages oldest to newest and `latestVersion` once a version exists. */
export function toChatV1(
  chat: ChatRow,
  messages: MessageRow[],
  latestVersion: VersionRow | null,
  urls: V1Urls,
  mark: { favorite: boolean; writable: boolean },
): ChatV1 {
  return {
    ...toChatSummaryV1(chat, { text: textOf(chat, messages), latestVersion, ...mark }, urls),
    messages: messages.map((m) => toMessageV1(m, urls.base)),
  };
}

/** The prompt that started the chat: its first user message, or the initialization context. */
function textOf(chat: ChatRow, messages: Pick<MessageRow, "role" | "content">[]): string {
  return messages.find((m) => m.role === "user")?.content ?? chat.settings.initialContext ?? "";
}

/** The one account of the embedded service (2.8). */
export function embeddedUserV1(): UserV1 {
  const avatar =
    "data:image/svg+xml," +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#4f46e5"/><text x="32" y="41" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">E</text></svg>',
    );
  return {
    id: EMBEDDED_AUTHOR_ID,
    object: "user",
    name: "Embedded service user",
    email: "embedded@atelier.invalid",
    avatar,
    createdAt: "2025-01-01T00:00:00.000Z",
  };
}
