import "server-only";
import { requireChat } from "../chats/lookup";
import type { Handler, HandlerTablePart } from "../http/context";
import { json } from "../http/respond";
import { chatAppView } from "./view";

/**
 * A chat's app (our extension, docs/wire-decisions.md "A chat's app"; docs/app-runtime.md): what the Preview tab shows
 * and its Restart and Stop buttons. The router has checked the caller may read the chat (GET) or write it (POST).
 * With the runtime off, or files that are not an app, every answer says `runnable: false` (not an error).
 */

/** GET /v2/chats/{chatId}/app */
const getApp: Handler<"v2.chats.app"> = async ({ db, apps, appsOff, params }) => {
  const chat = await requireChat(db, params.chatId);
  return json(await chatAppView(db, apps, chat.id, appsOff));
};

/** POST /v2/chats/{chatId}/app/restart: starts the app again (or starts it when it does not run). */
const restartApp: Handler<"v2.chats.app.restart"> = async ({ db, apps, appsOff, params }) => {
  const chat = await requireChat(db, params.chatId);
  await apps?.restartApp(chat.id);
  return json(await chatAppView(db, apps, chat.id, appsOff));
};

/** POST /v2/chats/{chatId}/app/stop: stops the app (its copy removed); opening the preview or Restart starts it. */
const stopApp: Handler<"v2.chats.app.stop"> = async ({ db, apps, appsOff, params }) => {
  const chat = await requireChat(db, params.chatId);
  await apps?.stop(chat.id, "person");
  return json(await chatAppView(db, apps, chat.id, appsOff));
};

/** The routes of lib/api/routes.ts this file answers. */
export const appHandlers = {
  "v2.chats.app": getApp,
  "v2.chats.app.restart": restartApp,
  "v2.chats.app.stop": stopApp,
} satisfies HandlerTablePart;
