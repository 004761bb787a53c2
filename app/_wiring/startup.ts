import "server-only";
import path from "node:path";
import { DataDirLockedError } from "@/lib/db/dir-lock";
import { getConfig } from "@/lib/server/config";
import { handleShutdownSignals } from "./shutdown";

/** Prints the dashboard URL and the sign-in line; starts the embedded service so the first page is fast. */
export async function announce(): Promise<void> {
  const config = getConfig();
  const secretsFile = path.join(config.dataDir, "secrets.json");
  const lines = [
    "",
    `  Atelier is running at ${config.appUrl}`,
    config.passwordGenerated
      ? `  Sign in as "${config.dashboardUsername}" with password "${config.dashboardPassword}" (generated on first run, kept in ${secretsFile})`
      : `  Sign in as "${config.dashboardUsername}" with DASHBOARD_PASSWORD`,
    config.embedded
      ? `  Service: embedded (${config.databaseUrl ? "PostgreSQL via DATABASE_URL" : `PGlite in ${config.dataDir}`})`
      : `  Service: ${config.serviceBaseUrl}`,
    "",
  ];
  console.log(lines.join("\n"));
  // Only where Next leaves the signals to us (npm start sets NEXT_MANUAL_SIG_HANDLE); else Next exits on its own.
  if (process.env.NEXT_MANUAL_SIG_HANDLE) handleShutdownSignals();
  if (config.serveEmbedded) {
    try {
      // Imported here: with an upstream service (SERVICE_BASE_URL) the embedded service's code is never loaded.
      const { embeddedService } = await import("./embedded");
      await embeddedService();
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        // Two servers on one PGlite directory would corrupt it: this one does not start.
        console.error(`\n  Atelier cannot start. ${error.message}\n`);
        process.exit(1);
      }
      console.error("  The embedded service failed to start:", error);
    }
  }
}
