import { z } from "zod";
import { DateTime, FinishReason, Usage, promptFields, refinePrompt } from "./common";
import { AttachmentsBody } from "./attachments";
import { Part, SuggestedPermission } from "./parts";
import { SystemPrompt } from "./system-prompt";

/** Messages (interface.md 2.4, 4.1, 4.5): the resource, its list, sending, resolving, stopping and restoring. */

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

/** Newest first (wire-decisions.md 3). */
export const MessageList = z.object({ messages: z.array(Message), cursor: z.string().nullable() });
export type MessageList = z.infer<typeof MessageList>;

/** POST …/messages/{messageId}/stop (the document): the stopped message's id. */
export const MessageRef = z.object({ messageId: z.string() });
export type MessageRef = z.infer<typeof MessageRef>;

/** POST /v2/chats/{chatId}/restore-message (the document's restore): the assistant message whose files to restore. */
export const RestoreMessageBody = z.strictObject({ messageId: z.string().min(1) });
/** Its answer: the user and assistant messages that record the restore, oldest first. */
export const RestoredMessages = z.object({ messages: z.array(Message) });
export type RestoredMessages = z.infer<typeof RestoredMessages>;

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
