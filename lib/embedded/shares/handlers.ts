import "server-only";
import type { SharedChat } from "@/lib/api";
import { notFound } from "../errors";
import { json } from "../http/respond";
import type { Handler, HandlerTablePart } from "../http/context";
import * as messagesStore from "../messages/store";
import { toMessages } from "../messages/views";
import * as filesStore from "../files/store";
import * as versionsStore from "../files/store-versions";
import { toChatFile } from "../files/views";
import * as peopleStore from "../people/store";
import { ShareLinks } from "./links";

/** The messages a share page shows: the last ones, as the chat page's first page. */
const SHARED_MESSAGES = 100;

/**
 * GET /v2/shares/{token} (our extension, issue 40): what a share link shows, checked now. An unknown, rotated,
 * revoked (privacy back to private or team) or expired token answers exactly as a malformed one: 404. The token is
 * the only scope: the chat's title, author's name, messages (without who sent them), files and a preview minted for
 * the link (it stops with the link); never the chat's share link, a key or anything of another chat.
 */
const getShared: Handler<"v2.shares.get"> = async ({ db, params, shares, previews }) => {
  const open = await shares.open(db, params.token);
  if (!open) throw notFound("Share link", "not_found");
  const { chat, share } = open;
  const rows = await messagesStore.listMessages(db, chat.id, { limit: SHARED_MESSAGES });
  const author = await peopleStore.personById(db, chat.authorId);
  const body: SharedChat = {
    chat: {
      title: chat.title,
      privacy: chat.privacy,
      authorName: author && !author.deletedAt ? author.name || author.email.split("@")[0]! : null,
      createdAt: chat.createdAt.toISOString(),
      updatedAt: chat.updatedAt.toISOString(),
    },
    // Whose key wrote each message is the team's business, not the link holder's; an attachment's URL opens its file
    // by itself (it would outlive the link).
    messages: (await toMessages(db, rows))
      .reverse()
      .map(({ authorId: _a, chatId: _c, attachments: _f, ...message }) => message),
    files: (await filesStore.listFiles(db, chat.id)).map(toChatFile),
    preview: (await versionsStore.hasCompletedVersion(db, chat.id))
      ? previews.create(chat.id, `s:${ShareLinks.previewKey(share)}`)
      : null,
    indexable: chat.privacy === "public",
  };
  return json(body);
};

/** The routes of lib/api/routes.ts this file answers. */
export const shareHandlers = {
  "v2.shares.get": getShared,
} satisfies HandlerTablePart;
