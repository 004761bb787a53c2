import "server-only";
import type { HandlerTable } from "./context";
import { userHandlers } from "../account/handlers";
import { platformHandlers } from "../account/handlers-platform";
import { peopleHandlers } from "../people/handlers";
import { accountV1Handlers } from "../account/handlers-v1";
import { resolveHandlers } from "../approvals/handlers";
import { chatHandlers } from "../chats/handlers";
import { favoriteHandlers } from "../chats/handlers-favorite";
import { forkHandlers } from "../chats/handlers-fork";
import { chatV1Handlers } from "../chats/handlers-v1";
import { fileHandlers } from "../files/handlers";
import { editFileHandlers } from "../files/handlers-edit";
import { fromFilesHandlers } from "../files/handlers-from-files";
import { restoreHandlers } from "../files/handlers-restore";
import { versionHandlers } from "../files/handlers-versions";
import { gitHandlers } from "../git/handlers";
import { gitCredentialHandlers } from "../git/handlers-credentials";
import { deploymentHandlers } from "../hosting/handlers";
import { importHandlers } from "../imports/handlers";
import { mcpServerHandlers } from "../mcp/handlers";
import { mcpExplorerHandlers } from "../mcp/handlers-explorer";
import { mcpOAuthHandlers } from "../mcp/handlers-oauth";
import { messageHandlers } from "../messages/handlers";
import { projectHandlers } from "../projects/handlers";
import { envVarHandlers } from "../projects/handlers-env-vars";
import { quotaHandlers } from "../quotas/handlers";
import { usageHandlers } from "../usage/handlers";
import { reportV1Handlers } from "../usage/handlers-reports-v1";
import { hookHandlers } from "../webhooks/handlers";
import { hookDebuggingHandlers } from "../webhooks/handlers-debugging";
import { hookV1Handlers } from "../webhooks/handlers-v1";
import { shareHandlers } from "../shares/handlers";
import { contextHandlers } from "../context/handlers";
import { spendHandlers } from "../spend/handlers";
import { appHandlers } from "../runtime/handlers";

/**
 * Every route of lib/api/routes.ts → its handler. Each feature's handlers file (`../<feature>/handlers.ts`,
 * `handlers-*.ts`) exports the part of the table it answers; a route missing from all of them, or a misspelt name,
 * fails the type check. Adding an endpoint: its entry in lib/api/routes.ts, its handler and table line in its
 * feature's handlers file (docs/architecture.md).
 */
export const HANDLERS: HandlerTable = {
  ...chatHandlers,
  ...shareHandlers,
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
  ...contextHandlers,
  ...spendHandlers,
  ...appHandlers,
};
