import "server-only";
import { getPeopleDirectory } from "@/lib/embedded";
import { getConfig } from "@/lib/server/config";
import type { PeopleDirectory } from "@/lib/server/people/directory";
import { embeddedService } from "./embedded";

/**
 * The people directory the dashboard signs people in against (PEOPLE-CONTRACT.md). People live in the embedded
 * service's database whether or not /svc is served: served here, its `people`; with SERVICE_BASE_URL, that database
 * opened for its people alone (no routes, agent or workers: /svc still answers 404).
 */
export async function peopleDirectory(): Promise<PeopleDirectory> {
  const config = getConfig();
  if (config.serveEmbedded) return (await embeddedService()).people;
  return getPeopleDirectory({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    firstAdminName: config.dashboardUsername,
    invitationUrl: (token) => `${config.appUrl}/invite/${encodeURIComponent(token)}`,
    auditLogRetentionDays: config.auditLogRetentionDays,
    idleCloseMs: config.databaseUrl ? null : config.pgliteIdleCloseMs,
  });
}
