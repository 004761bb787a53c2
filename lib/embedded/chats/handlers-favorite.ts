import "server-only";
import type { FavoriteChatV1 } from "@/lib/api/schemas/v1";
import { HttpError } from "../errors";
import { requireChat } from "./lookup";
import { json } from "../http/respond";
import * as chatsStore from "./store";
import type { Handler, HandlerTablePart } from "../http/context";

/** `isFavorite` of GET /v1/chats: the strings "true" or "false" (the v1 document); anything else is refused. */
export function readFavoriteFilter(url: URL): boolean | undefined {
  const value = url.searchParams.get("isFavorite");
  if (value === null) return undefined;
  if (value !== "true" && value !== "false") {
    throw new HttpError(422, 'isFavorite: expected "true" or "false"', "validation_failed");
  }
  return value === "true";
}

/**
 * PUT /v1/chats/{chatId}/favorite {isFavorite} → `{id, object: "chat", favorited}`: the caller's own mark (issue 40),
 * on a chat they may read (the router checked).
 */
const favoriteChat: Handler<"v1.chats.favorite"> = async ({ db, params, body, caller }) => {
  const chat = await requireChat(db, params.chatId);
  await chatsStore.setFavorite(db, caller.personId, chat.id, body.isFavorite, new Date());
  const answer: FavoriteChatV1 = { id: chat.id, object: "chat", favorited: body.isFavorite };
  return json(answer);
};

/** The routes of lib/api/routes.ts this file answers. */
export const favoriteHandlers = { "v1.chats.favorite": favoriteChat } satisfies HandlerTablePart;
