import "server-only";
import type { ChatFiles, Preview } from "@/lib/api";
import { attachmentDisposition, zipName } from "@/lib/api/files";
import { json } from "../http/respond";
import * as filesStore from "./store";
import * as versionsStore from "./store-versions";
import { toChatFile } from "./views";
import type { Handler, HandlerTablePart } from "../http/context";
import { requireChat } from "../chats/lookup";

/** GET /v2/chats/{chatId}/files */
const listFiles: Handler<"v2.chats.files"> = async ({ db, params }) => {
  const chat = await requireChat(db, params.chatId);
  const body: ChatFiles = { files: (await filesStore.listFiles(db, chat.id)).map(toChatFile) };
  return json(body);
};

/** GET /v2/chats/{chatId}/files/download (the document's): the chat's files as a .zip, streamed. */
const downloadFiles: Handler<"v2.chats.files.download"> = async ({ db, params }) => {
  const chat = await requireChat(db, params.chatId);
  const files = await filesStore.listFiles(db, chat.id);
  // fflate loads with the first download (nothing a server does not use stays in its memory).
  const { zipStream } = await import("./zip");
  return new Response(zipStream(files), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": attachmentDisposition(zipName(chat.title, chat.id)),
      "cache-control": "no-store",
    },
  });
};

/**
 * GET /v2/chats/{chatId}/preview: `{url, token, expiresAt}` once a version of the chat is completed, else null
 * (wire-decisions.md 7). The URL is the chat's preview origin, which serves the chat's current files at its root
 * for the token (preview/origin-serve.ts) while the caller may read the chat.
 */
const getPreview: Handler<"v2.chats.preview"> = async ({ db, params, previews, caller }) => {
  const chat = await requireChat(db, params.chatId);
  // Minted for the caller (the router checked they may read the chat); the origin checks again at every request.
  const body: Preview = (await versionsStore.hasCompletedVersion(db, chat.id))
    ? previews.create(chat.id, `p:${caller.personId}`)
    : null;
  return json(body);
};

/** The routes of lib/api/routes.ts this file answers. */
export const fileHandlers = {
  "v2.chats.files": listFiles,
  "v2.chats.files.download": downloadFiles,
  "v2.chats.preview": getPreview,
} satisfies HandlerTablePart;
