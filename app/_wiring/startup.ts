import "server-only";
import { DataDirLockedError } from "@/lib/db/dir-lock";
import { reserveDataDir } from "@/lib/db/open";
import { embeddedPgliteDir, embeddedWorkWaiting } from "@/lib/embedded/startup-work";
import { getConfig, signInLine, type AppConfig } from "@/lib/server/config";
import { serverState, setServerState } from "./server-state";

/**
 * Whether the embedded service starts with the server. On PGlite it waits for its first request (its database is
 * most of an idle server's memory) unless a previous run left work it does on its own (webhook deliveries
 * to retry, answers to close). Its directory is locked now all the same (a second server on it still stops here),
 * and a new one gets its database now (in a child process), so the first request only opens it.
 */
async function startEmbeddedNow(config: AppConfig): Promise<boolean> {
  if (config.databaseUrl) return true;
  const { created } = await reserveDataDir(embeddedPgliteDir(config.dataDir));
  return !created && (await embeddedWorkWaiting(config.dataDir));
}

/**
 * Prints the dashboard URL and the sign-in line; takes the embedded service's data directory, starts the service
 * when work waits in it (else its first request does) and the previews' listener (PREVIEW_PORT).
 */
export async function announce(): Promise<void> {
  const config = getConfig();
  let commands: string[] = [];
  try {
    commands = await (await import("./command-sandbox")).checkCommandSandbox(config);
  } catch (error) {
    // Commands without the sandbox they were promised: this server does not start (docs/sandbox.md).
    console.error(`\n  Atelier cannot start. ${(error as Error).message}\n`);
    process.exit(1);
  }
  const lines = [
    "",
    `  Atelier is running at ${config.appUrl}`,
    signInLine(config),
    config.embedded
      ? `  Service: embedded (${config.databaseUrl ? "PostgreSQL via DATABASE_URL" : `PGlite in ${config.dataDir}`})`
      : `  Service: ${config.serviceBaseUrl}`,
    ...commands,
    "",
  ];
  console.log(lines.join("\n"));
  if (config.serveEmbedded) {
    try {
      if (await startEmbeddedNow(config)) {
        // Imported here: the embedded service's code loads when it starts.
        const { embeddedService } = await import("./embedded");
        await embeddedService();
      }
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        // Two servers on one PGlite directory would corrupt it: this one does not start.
        console.error(`\n  Atelier cannot start. ${error.message}\n`);
        process.exit(1);
      }
      console.error("  The embedded service failed to start:", error);
    }
    await (await import("./preview-listener")).startPreviewListener();
  }
  if (serverState() === "starting") setServerState("ready");
}
