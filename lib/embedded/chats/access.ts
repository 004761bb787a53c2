import "server-only";
import { eq, inArray, or, type SQL } from "drizzle-orm";
import type { ChatAccess, ChatNeed, ChatScope, Privacy } from "@/lib/api";
import { HttpError, notFound } from "../errors";
import type { Caller } from "../people/types";
import { chats, type ChatRow } from "../store/schema";

/**
 * Who may do what with a chat (issue 40, docs/wire-decisions.md "Privacy and share links"): the one rule, used by
 * the router for every route that names a chat, by lists (as SQL), webhook deliveries, previews and share links.
 *
 * | privacy   | who reads                                   | who writes                          |
 * |-----------|---------------------------------------------|-------------------------------------|
 * | private   | the author                                  | the author                          |
 * | team      | every person                                | the author                          |
 * | team-edit | every person                                | the author, every member or admin   |
 * | unlisted  | every person, anyone with the share link    | the author                          |
 * | public    | the same, and listed for every person       | the author                          |
 *
 * Viewers never write. Admins have no way round it: another person's private chat is unknown to them too.
 */

/** Who asks: a request's caller, or a webhook's owner. */
export type Reader = Pick<Caller, "personId" | "role">;
type ChatLike = Pick<ChatRow, "id" | "privacy" | "authorId">;

/** Privacy values every person reads. */
const READ_BY_EVERY_PERSON: readonly Privacy[] = ["team", "team-edit", "unlisted", "public"];
/** Privacy values listed for every person (someone else's unlisted chat is in no list of theirs). */
const LISTED_FOR_EVERY_PERSON: readonly Privacy[] = ["team", "team-edit", "public"];
const TEAM: readonly Privacy[] = ["team", "team-edit"];

export function chatAccess(reader: Reader, chat: ChatLike): ChatAccess {
  const author = chat.authorId === reader.personId;
  if (!author && !READ_BY_EVERY_PERSON.includes(chat.privacy)) return "none";
  if (reader.role === "viewer") return "read";
  return author || chat.privacy === "team-edit" ? "write" : "read";
}

export const mayRead = (reader: Reader, chat: ChatLike): boolean => chatAccess(reader, chat) !== "none";
export const mayWrite = (reader: Reader, chat: ChatLike): boolean => chatAccess(reader, chat) === "write";

/** The 404 of a chat one may not read: the body of an unknown chat's, word for word. */
const unknownChat = (chatId: string) => notFound(`Chat ${chatId}`, "chat_not_found");

/** The 403 of a chat one may read but not write: it names the privacy or the role that forbids it. */
function readOnly(reader: Reader, chat: ChatLike): HttpError {
  const message =
    reader.role === "viewer"
      ? `Chat ${chat.id} is read-only for you: viewers never change a chat; you are a viewer.`
      : `Chat ${chat.id} is ${chat.privacy}: only its author may change it${
          chat.privacy === "team" ? " (team-edit would let every member change it)" : ""
        }.`;
  return new HttpError(403, message, "chat_read_only");
}

/**
 * The chat if `reader` may do `need` with it: 404 when it is unknown or unreadable (the same answer), 403 when it is
 * readable but `need` is write and it is not writable.
 */
export function requireAccess<C extends ChatLike>(reader: Reader, chat: C | null, chatId: string, need: ChatNeed): C {
  const access = chat ? chatAccess(reader, chat) : "none";
  if (!chat || access === "none") throw unknownChat(chatId);
  if (need === "write" && access !== "write") throw readOnly(reader, chat);
  return chat;
}

/**
 * Who a chat is shared with is its author's choice: its privacy and its share link change only by them (a team-edit
 * member writes the chat but does not lock its author's team out of it). 403 otherwise; `what` names it.
 */
export function requireAuthor(reader: Reader, chat: ChatLike, what: string): void {
  if (chat.authorId !== reader.personId)
    throw new HttpError(403, `Only the author of chat ${chat.id} changes ${what}.`, "author_only");
}

/** The chats `reader` may read, as a condition on `chats` (usage, deployments, projects, anything joined to a chat). */
export function readableChats(reader: Reader): SQL {
  return or(eq(chats.authorId, reader.personId), inArray(chats.privacy, [...READ_BY_EVERY_PERSON]))!;
}

/** The chats a list shows `reader` for a scope (ChatScope in lib/api/schemas/privacy.ts). */
export function listedChats(reader: Reader, scope: ChatScope): SQL {
  switch (scope) {
    case "mine":
      return eq(chats.authorId, reader.personId);
    case "team":
      return inArray(chats.privacy, [...TEAM]);
    case "public":
      return eq(chats.privacy, "public");
    case "all":
      return or(eq(chats.authorId, reader.personId), inArray(chats.privacy, [...LISTED_FOR_EVERY_PERSON]))!;
  }
}
