import "server-only";
import type { Handler } from "./context";
import { createChat, createHostProject, getChat, listChats } from "./chats";
import { getPreview, listFiles } from "./files";
import { getMessage, listMessages, sendMessage } from "./messages";

/** Route names of lib/api/routes.ts → handlers. Routes not listed answer 501 for now. */
export const HANDLERS: Readonly<Record<string, Handler>> = {
  "v2.chats.create": createChat("sync"),
  "v2.chats.create.stream": createChat("stream"),
  "v2.chats.create.async": createChat("async"),
  "v2.chats.list": listChats,
  "v2.chats.get": getChat,
  "v2.chats.hostProject": createHostProject,
  "v2.chats.files": listFiles,
  "v2.chats.preview": getPreview,
  "v2.messages.list": listMessages,
  "v2.messages.get": getMessage,
  "v2.messages.send": sendMessage("sync"),
  "v2.messages.send.stream": sendMessage("stream"),
  "v2.messages.send.async": sendMessage("async"),
};

export type { Handler, HandlerContext } from "./context";
