import "server-only";
import type { HandlerTable } from "./context";
import { accountV1Handlers } from "./account-v1";
import { chatHandlers } from "./chats";
import { chatV1Handlers } from "./chats-v1";
import { envVarHandlers } from "./env-vars";
import { favoriteHandlers } from "./favorite";
import { fileHandlers } from "./files";
import { forkHandlers } from "./fork";
import { fromFilesHandlers } from "./from-files";
import { gitHandlers } from "./git";
import { gitCredentialHandlers } from "./git-credentials";
import { importHandlers } from "./imports";
import { hookDebuggingHandlers } from "./hook-debugging";
import { hookHandlers } from "./hooks";
import { hookV1Handlers } from "./hooks-v1";
import { mcpOAuthHandlers } from "./mcp-oauth";
import { mcpExplorerHandlers } from "./mcp-explorer";
import { mcpServerHandlers } from "./mcp-servers";
import { messageHandlers } from "./messages";
import { deploymentHandlers } from "./deployments";
import { editFileHandlers } from "./edit-files";
import { peopleHandlers } from "../people/handlers";
import { platformHandlers } from "./platform";
import { projectHandlers } from "./projects";
import { quotaHandlers } from "./quotas";
import { reportV1Handlers } from "./reports-v1";
import { resolveHandlers } from "./resolve";
import { restoreHandlers } from "./restore";
import { usageHandlers } from "./usage";
import { userHandlers } from "./user";
import { versionHandlers } from "./versions";

/**
 * Every route of lib/api/routes.ts → its handler. Each resource file (`./<resource>.ts`, its v2 and v1 handlers
 * together) exports the part of the table it answers; a route missing from all of them, or a misspelt name, fails
 * the type check. Adding an endpoint: its entry in lib/api/routes.ts, its handler and table line in one file here.
 */
export const HANDLERS: HandlerTable = {
  ...chatHandlers,
  ...chatV1Handlers,
  ...favoriteHandlers,
  ...forkHandlers,
  ...fileHandlers,
  ...fromFilesHandlers,
  ...importHandlers,
  ...gitHandlers,
  ...gitCredentialHandlers,
  ...messageHandlers,
  ...resolveHandlers,
  ...restoreHandlers,
  ...editFileHandlers,
  ...versionHandlers,
  ...userHandlers,
  ...projectHandlers,
  ...envVarHandlers,
  ...deploymentHandlers,
  ...hookHandlers,
  ...hookDebuggingHandlers,
  ...hookV1Handlers,
  ...mcpServerHandlers,
  ...mcpOAuthHandlers,
  ...mcpExplorerHandlers,
  ...usageHandlers,
  ...quotaHandlers,
  ...accountV1Handlers,
  ...reportV1Handlers,
  ...platformHandlers,
  ...peopleHandlers,
};
