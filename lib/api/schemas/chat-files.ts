import { z } from "zod";
import { acceptedFileName, MAX_FILE_BYTES, utf8Length } from "../files/limits";
import { RestoredMessages } from "./messages";

/** A chat's files (interface.md 2.9) and hand edits of them (the document's `PATCH /v2/chats/{chatId}/files`). */

/** Chat file (2.9). */
export const ChatFile = z.object({ path: z.string(), content: z.string(), encoding: z.enum(["utf8", "base64"]) });
export type ChatFile = z.infer<typeof ChatFile>;
export const ChatFiles = z.object({ files: z.array(ChatFile) });
export type ChatFiles = z.infer<typeof ChatFiles>;

/** The message of the document's 422 for a refused `PATCH /v2/chats/{chatId}/files`, which lists the issues. */
export const INVALID_FILE_CONTENTS = "Invalid file contents";

/** One change of a hand edit: the file's new content, or null to delete it. */
const FileChange = z.strictObject({
  path: z
    .string()
    .min(1, "must not be empty")
    .refine(
      (path) => acceptedFileName(path) !== null,
      'must be a project-relative path like "src/app.ts": no leading "/", no "." or ".." segments, no backslashes or control characters, at most 500 characters',
    ),
  content: z
    .string()
    .nullable()
    .refine(
      (content) => content === null || utf8Length(content) <= MAX_FILE_BYTES,
      `must be at most 3 MB (${MAX_FILE_BYTES} bytes)`,
    ),
});

/**
 * PATCH /v2/chats/{chatId}/files (the document's `chats.updateFiles`): creates, updates or deletes (`content: null`)
 * files, each path once. Checked here so the dashboard's proxy refuses what the service would (the service also
 * checks what needs the chat: the 1,000-file limit, deleting a file that exists).
 */
export const UpdateFilesBody = z.strictObject({
  files: z
    .array(FileChange)
    .min(1, "must list at least one file")
    .superRefine((files, ctx) => {
      const seen = new Set<string>();
      files.forEach((file, i) => {
        const name = typeof file.path === "string" ? acceptedFileName(file.path) : null;
        if (name === null) return;
        if (seen.has(name)) ctx.addIssue({ code: "custom", path: [i, "path"], message: `${name} is listed twice` });
        seen.add(name);
      });
    }),
});
export type UpdateFilesBody = z.infer<typeof UpdateFilesBody>;
/** Its answer: the user and assistant messages that record the edit, oldest first. */
export const UpdatedFiles = RestoredMessages;
export type UpdatedFiles = RestoredMessages;
/** The document's 422 for that operation: every issue, by the body field it concerns ("files.0.path"). */
export const FileIssuesErrorV2 = z.strictObject({
  message: z.literal(INVALID_FILE_CONTENTS),
  issues: z.array(z.strictObject({ path: z.string(), error: z.string() })),
});
export type FileIssuesErrorV2 = z.infer<typeof FileIssuesErrorV2>;
