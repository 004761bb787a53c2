import "server-only";
import type { ChatFiles, Preview } from "@/lib/api";
import { json } from "../http/respond";
import { filesStore } from "../store";
import { toChatFile } from "../views/files";
import type { Handler } from "./context";
import { requireChat } from "./lookup";

/** GET /v2/chats/{chatId}/files */
export const listFiles: Handler = async ({ db, params }) => {
  const chat = await requireChat(db, params.chatId!);
  const body: ChatFiles = { files: (await filesStore.listFiles(db, chat.id)).map(toChatFile) };
  return json(body);
};

/** GET /v2/chats/{chatId}/preview: `{url, expiresAt}` once the chat has files, else null (DESIGN 7). */
export const getPreview: Handler = async ({ db, params, previews }) => {
  const chat = await requireChat(db, params.chatId!);
  const body: Preview = (await filesStore.countFiles(db, chat.id)) > 0 ? previews.create(chat.id) : null;
  return json(body);
};
