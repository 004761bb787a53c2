import { z } from "zod";
import { DateTime, Privacy } from "./common";
import { Message } from "./messages";

/** A chat's metadata as the document's from-* creations take it. */
const ChatMetadata = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, "at most 50 entries")
  .optional();

/** A Git remote's URL: http(s), no user or password in it (tokens go to /v2/git-credentials). */
const GitUrl = z
  .string()
  .min(1)
  .max(2000)
  .refine((u) => URL.canParse(u) && ["http:", "https:"].includes(new URL(u).protocol), "must be an http(s) URL")
  .refine((u) => !URL.canParse(u) || (!new URL(u).username && !new URL(u).password), {
    message: "must not carry a user or token: add a Git credential for its host instead",
  });

/** A branch name as Git accepts one, roughly: no spaces, control characters, `..` or a leading `-`. */
const BranchName = z
  .string()
  .min(1)
  .max(250)
  .regex(/^(?!-)(?!.*\.\.)(?!.*\/\/)(?!\/)(?!.*\/$)[^\s~^:?*[\\\u0000-\u001f\u007f]+$/, "is not a valid branch name");

/** POST /v2/chats/from-repo (the document's chats.createFromRepo). */
export const CreateChatFromRepoBody = z.strictObject({
  repo: z.strictObject({ url: GitUrl, branch: BranchName.optional() }),
  privacy: Privacy.optional(),
  title: z.string().trim().min(1).max(200).optional(),
  metadata: ChatMetadata,
});
export type CreateChatFromRepoBody = z.infer<typeof CreateChatFromRepoBody>;

/** POST /v2/chats/from-zip (the document's chats.createFromZip). */
export const CreateChatFromZipBody = z.strictObject({
  url: z
    .string()
    .min(1)
    .max(2000)
    .refine((u) => URL.canParse(u) && ["http:", "https:"].includes(new URL(u).protocol), "must be an http(s) URL"),
  privacy: Privacy.optional(),
  title: z.string().trim().min(1).max(200).optional(),
  metadata: ChatMetadata,
});
export type CreateChatFromZipBody = z.infer<typeof CreateChatFromZipBody>;

/** GET /v2/chats/{chatId}/git (our extension): the chat's remote and where it stood at the last push or pull. */
export const ChatGitRemote = z.object({
  url: z.string(),
  branch: z.string(),
  lastCommit: z.string(),
  lastSyncedAt: DateTime,
});
export type ChatGitRemote = z.infer<typeof ChatGitRemote>;

/** POST /v2/chats/{chatId}/git/push (our extension): where to (default the chat's remote), which version (default the latest). */
export const GitPushBody = z.strictObject({
  url: GitUrl.optional(),
  branch: BranchName.optional(),
  versionId: z.string().min(1).optional(),
  message: z.string().trim().min(1).max(5000).optional(),
});
export type GitPushBody = z.infer<typeof GitPushBody>;

export const GitPushResult = z.object({ commit: z.string(), branch: z.string(), url: z.string() });
export type GitPushResult = z.infer<typeof GitPushResult>;

/** POST /v2/chats/{chatId}/git/pull (our extension): `{}`. */
export const GitPullBody = z.strictObject({});
export type GitPullBody = z.infer<typeof GitPullBody>;

/** The messages a pull appended (none when the branch had not changed). */
export const GitPullResult = z.object({ messages: z.array(Message) });
export type GitPullResult = z.infer<typeof GitPullResult>;

/**
 * One file a pull would change. `before` is the chat's content, `after` the branch's; null where the file has none
 * (added: no before; deleted: no after) or where that side is binary (`binary`: either side is base64, no text diff).
 */
export const GitIncomingFile = z.object({
  path: z.string(),
  change: z.enum(["added", "modified", "deleted"]),
  binary: z.boolean(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type GitIncomingFile = z.infer<typeof GitIncomingFile>;

/**
 * GET /v2/chats/{chatId}/git/incoming (our extension): what a pull would bring, read from the remote without storing
 * anything. `behind`: the branch is at another commit than the chat last synced (`lastCommit`); `commit` is the
 * branch's; `files` compares the branch's tree with the chat's latest files (empty when not behind).
 */
export const GitIncoming = z.object({
  url: z.string(),
  branch: z.string(),
  behind: z.boolean(),
  lastCommit: z.string(),
  commit: z.string(),
  files: z.array(GitIncomingFile),
});
export type GitIncoming = z.infer<typeof GitIncoming>;

/** POST /v2/git-credentials (our extension): a host's token (`host:port` when the remote has a port). */
export const CreateGitCredentialBody = z.strictObject({
  host: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(
      /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i,
      "must be a host name, with :port when not the default",
    )
    .transform((h) => h.toLowerCase()),
  username: z.string().min(1).max(200).optional(),
  token: z.string().min(1).max(4000),
});
export type CreateGitCredentialBody = z.input<typeof CreateGitCredentialBody>;

/** A stored credential, its token never included. */
export const GitCredential = z.object({
  id: z.string(),
  host: z.string(),
  username: z.string().nullable(),
  createdAt: DateTime,
});
export type GitCredential = z.infer<typeof GitCredential>;

export const GitCredentialList = z.object({ data: z.array(GitCredential) });
export type GitCredentialList = z.infer<typeof GitCredentialList>;

export const GitCredentialDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type GitCredentialDeleted = z.infer<typeof GitCredentialDeleted>;
