import { z } from "zod";
import { DateTime, Privacy } from "./common";
import { ChatFile } from "./chat-files";
import { Message } from "./messages";
import { Preview } from "./preview";

/**
 * Privacy that means something (issue 40; our extension, docs/wire-decisions.md "Privacy and share links"): who may
 * read and write a chat, which chats a list shows, the team's default privacy, and share links.
 */

/** What a caller may do with one chat: nothing (404, as an unknown chat), read, or read and write. */
export type ChatAccess = "none" | "read" | "write";

/** What a route needs on the chat it names (lib/api/routes.ts `chat`). */
export type ChatNeed = "read" | "write";

/**
 * `GET /v2/chats?scope=` (and v1 `GET /v1/chats?scope=`): which of the chats the caller may read a list shows.
 * - `all` (default): the caller's own chats, the team's (team, team-edit) and the public ones;
 * - `mine`: the caller's own (every privacy, unlisted included);
 * - `team`: the chats shared with the team (team, team-edit), anyone's;
 * - `public`: the public chats, anyone's.
 * Someone else's unlisted chat is in no list (it opens by its id or its link); someone else's private chat in none.
 */
export const ChatScope = z.enum(["all", "mine", "team", "public"]);
export type ChatScope = z.infer<typeof ChatScope>;

/** Privacy values whose chats have a share link (the spec's `shareable`). */
const SHAREABLE: readonly Privacy[] = ["unlisted", "public"];
export const isShareable = (privacy: Privacy): boolean => SHAREABLE.includes(privacy);

/** `GET /v2/settings/default-privacy` (every person) and `PUT` (admins, audited): a new chat's privacy when none is sent. */
export const DefaultPrivacy = z.object({ privacy: Privacy });
export type DefaultPrivacy = z.infer<typeof DefaultPrivacy>;
export const SetDefaultPrivacyBody = z.strictObject({ privacy: Privacy });
export type SetDefaultPrivacyBody = z.infer<typeof SetDefaultPrivacyBody>;

/** A share token: 32 random bytes, base64url (43 characters). Anything else is unknown without a lookup. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * `GET /v2/shares/{token}` (our extension, issue 40): what a share link shows, the chat read-only, to anyone holding
 * the link. Asked for by the dashboard's server with its key (never through the browser's proxy); the token is the
 * only scope: nothing of another chat, no key, no id of the author, no share link.
 */
/** A message as a share link shows it (zod drops the fields left out when the dashboard reads it). */
export const SharedMessage = Message.omit({ chatId: true, authorId: true, attachments: true });
export type SharedMessage = z.infer<typeof SharedMessage>;

export const SharedChat = z.object({
  chat: z.object({
    title: z.string().nullable(),
    privacy: Privacy,
    /** The author's display name (null when they are no longer a person of the team). */
    authorName: z.string().nullable(),
    createdAt: DateTime,
    updatedAt: DateTime,
  }),
  /**
   * Oldest first, at most the last 100; without the chat's id, who sent each message, or its attachments (their
   * URLs open the files by themselves, and would go on doing so after the link stops).
   */
  messages: z.array(SharedMessage),
  files: z.array(ChatFile),
  /** The chat's preview for this link (its own origin; works while the link does), null before a version. */
  preview: Preview,
  /** Whether search engines may index the page: public chats only, never unlisted ones. */
  indexable: z.boolean(),
});
export type SharedChat = z.infer<typeof SharedChat>;
