import "server-only";
import type { FavoriteChatV1 } from "@/lib/api/schemas/v1";
import { HttpError, notFound } from "../errors";
import { json } from "../http/respond";
import * as chatsStore from "./store";
import type { Handler, HandlerTablePart } from "../http/context";

/** `isFavorite` of GET /v1/chats: the strings "true" or "false" (the v1 document); anything else is refused. */
export function readFavoriteFilter(url: URL): { favorite?: boolean } {
  const value = url.searchParams.get("isFavorite");
  if (value === null) return {};
  if (value !== "true" && value !== "false") {
    throw new HttpError(422, 'isFavorite: expected "true" or "false"', "validation_failed");
  }
  return { favorite: value === "true" };
}

/** PUT /v1/chats/{chatId}/favorite {isFavorite} → `{id, object: "chat", favorited}`. */
const favoriteChat: Handler<"v1.chats.favorite"> = async ({ db, params, body }) => {
  const chat = await chatsStore.setFavorite(db, params.chatId, body.isFavorite);
  if (!chat) throw notFound(`Chat ${params.chatId}`, "chat_not_found");
  const answer: FavoriteChatV1 = { id: chat.id, object: "chat", favorited: chat.favorite };
  return json(answer);
};

/** The routes of lib/api/routes.ts this file answers. */
export const favoriteHandlers = { "v1.chats.favorite": favoriteChat } satisfies HandlerTablePart;
