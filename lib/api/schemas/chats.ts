import { z } from "zod";
import { DateTime, ModelIdInput, Privacy, StringMap, Usage, promptFields, refinePrompt } from "./common";
import { AttachmentsBody } from "./attachments";
import { SystemPrompt } from "./system-prompt";

/** Chats (interface.md 2.1-2.3, 4.1): the resource, its lists and the bodies that create and change one. */

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
   * Extension (docs/privacy.md): an unlisted or public chat's share link, `<APP_URL>/share/<token>`, on the answers
   * about one chat to a person who may read it (never in lists or webhooks).
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

export const ChatList = z.object({ chats: z.array(Chat), cursor: z.string().nullable() });
export type ChatList = z.infer<typeof ChatList>;

/** DELETE /v2/chats/{chatId} (the spec implies it by chat.deleted; the document's answer `{chatId}`). */
export const ChatDeleted = z.object({ chatId: z.string() });
export type ChatDeleted = z.infer<typeof ChatDeleted>;

export const HostProject = z.object({ hostProjectId: z.string() });
export type HostProject = z.infer<typeof HostProject>;

/** POST /v2/chats/{chatId}/deploy (the document's): the deployment of the chat's latest version. */
export const ChatDeployed = z.object({ deploymentId: z.string(), hostProjectId: z.string() });
export type ChatDeployed = z.infer<typeof ChatDeployed>;

const CredentialAccess = z.object({ sharedNpm: z.boolean().optional(), github: z.boolean().optional() });

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
  /** Extension: when the share link stops working (an ISO time), null for never (docs/privacy.md). */
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
