import "server-only";
import type { HandlerTable } from "./context";
import { createChat, createHostProject, deleteChat, getChat, listChats } from "./chats";
import { getPreview, listFiles } from "./files";
import {
  createHook,
  deleteHook,
  getHook,
  listHookDeliveries,
  listHooks,
  resendHookDelivery,
  updateHook,
} from "./hooks";
import { authorizeMcpServer, mcpOauthCallback } from "./mcp-oauth";
import { createMcpServer, deleteMcpServer, getMcpServer, listMcpServers, updateMcpServer } from "./mcp-servers";
import { getMessage, listMessages, sendMessage } from "./messages";
import { resolveTask, resolveTaskV1 } from "./resolve";
import { createChatV1, getChatV1, listChatsV1 } from "./v1-chats";
import { getMessageV1, listMessagesV1, sendMessageV1 } from "./v1-messages";
import { createProjectV1, deleteProjectV1, getProjectV1, listProjectsV1, updateProjectV1 } from "./v1-projects";
import { getUserV1 } from "./v1-user";
import { getVersionV1, listVersionsV1, patchVersionV1 } from "./v1-versions";

/** Every route of lib/api/routes.ts → its handler (the type checker insists on all of them). */
export const HANDLERS: HandlerTable = {
  "v2.chats.create": createChat("sync"),
  "v2.chats.create.stream": createChat("stream"),
  "v2.chats.create.async": createChat("async"),
  "v2.chats.list": listChats,
  "v2.chats.get": getChat,
  "v2.chats.delete": deleteChat,
  "v2.chats.hostProject": createHostProject,
  "v2.chats.files": listFiles,
  "v2.chats.preview": getPreview,
  "v2.messages.list": listMessages,
  "v2.messages.get": getMessage,
  "v2.messages.send": sendMessage("sync"),
  "v2.messages.send.stream": sendMessage("stream"),
  "v2.messages.send.async": sendMessage("async"),
  "v2.messages.resolve": resolveTask("sync"),
  "v2.messages.resolve.stream": resolveTask("stream"),
  "v2.messages.resolve.async": resolveTask("async"),
  "v1.chats.create": createChatV1,
  "v1.chats.list": listChatsV1,
  "v1.chats.get": getChatV1,
  "v1.messages.list": listMessagesV1,
  "v1.messages.send": sendMessageV1,
  "v1.messages.get": getMessageV1,
  "v1.tasks.resolve": resolveTaskV1,
  "v1.versions.list": listVersionsV1,
  "v1.versions.get": getVersionV1,
  "v1.versions.patch": patchVersionV1,
  "v1.user": getUserV1,
  "v1.projects.list": listProjectsV1,
  "v1.projects.create": createProjectV1,
  "v1.projects.get": getProjectV1,
  "v1.projects.update": updateProjectV1,
  "v1.projects.delete": deleteProjectV1,
  "v2.hooks.create": createHook,
  "v2.hooks.list": listHooks,
  "v2.hooks.get": getHook,
  "v2.hooks.update": updateHook,
  "v2.hooks.delete": deleteHook,
  "v2.hooks.deliveries": listHookDeliveries,
  "v2.hooks.resend": resendHookDelivery,
  "v2.mcp.list": listMcpServers,
  "v2.mcp.create": createMcpServer,
  "v2.mcp.get": getMcpServer,
  "v2.mcp.update": updateMcpServer,
  "v2.mcp.delete": deleteMcpServer,
  "v2.mcp.authorize": authorizeMcpServer,
  "v2.mcp.callback": mcpOauthCallback,
  "v1.mcp.list": listMcpServers,
  "v1.mcp.create": createMcpServer,
  "v1.mcp.get": getMcpServer,
  "v1.mcp.update": updateMcpServer,
  "v1.mcp.delete": deleteMcpServer,
  "v1.mcp.authorize": authorizeMcpServer,
  "v1.mcp.callback": mcpOauthCallback,
};
