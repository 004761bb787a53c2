import "server-only";
import { hostname } from "node:os";
import { getEmbeddedService, startedEmbeddedService } from "@/lib/embedded";
import { getConfig } from "@/lib/server/config";
import { appRuntimeUnavailable } from "./app-runtime-state";
import { markEmbeddedServiceStarted } from "./embedded-started";

/** The process's embedded service, configured from the dashboard's environment; started on the first call. */
export function embeddedService() {
  markEmbeddedServiceStarted();
  const config = getConfig();
  return getEmbeddedService({
    apiKey: config.serviceApiKey,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    publicBaseUrl: `${config.appUrl}/svc`,
    previewOrigin: config.preview?.origin,
    previewFrameAncestors: [new URL(config.appUrl).origin],
    agentDelayMs: config.agentDelayMs,
    secretKey: config.embeddedSecretKey || undefined,
    oauthStateTtlMs: config.oauthStateTtlMs,
    modelAgent: config.agent,
    // APP_RUNTIME=auto on a server whose sandbox does not work: app chats are served as files, saying why.
    appRuntimeOff: appRuntimeUnavailable() ?? undefined,
    appRuntime:
      config.appRuntime && !appRuntimeUnavailable()
        ? {
            settings: config.appRuntime,
            ownPorts: config.appRuntime.ownPorts,
            // Where the other instances forward preview requests for the apps this one runs (docs/app-runtime.md).
            address: config.appRuntime.instanceAddress ?? `${hostname()}:${config.preview?.port ?? 3001}`,
          }
        : null,
    quotas: config.embeddedQuotas,
    messageArchiveLimit: config.messageArchiveLimit,
    generationLeaseMs: config.generationLeaseMs,
    mcpAuthorizeUrl: `${config.appUrl}/oauth/authorize`,
    mcpAllowApiKey: config.mcpAllowApiKey,
    fetchAllowPrivate: config.fetchAllowPrivate,
    wire: config.embeddedWire,
    mcpAccessTokenTtlS: config.mcpTokenTtlS,
    chatUrl: (chatId) => `${config.appUrl}/chats/${encodeURIComponent(chatId)}`,
    shareUrl: (token) => `${config.appUrl}/share/${token}`,
    // People (docs/people.md): the first admin is the environment's account; invitations open the dashboard's page.
    firstAdminName: config.dashboardUsername,
    invitationUrl: (token) => `${config.appUrl}/invite/${encodeURIComponent(token)}`,
    auditLogRetentionDays: config.auditLogRetentionDays,
    // On PGlite only: its database is most of an idle server's memory; a PostgreSQL pool costs little.
    idleCloseMs: config.databaseUrl ? null : config.pgliteIdleCloseMs,
  });
}

/** The embedded service if it runs now (started and not closed for being idle), without starting it. */
export function runningEmbeddedService() {
  return startedEmbeddedService();
}
