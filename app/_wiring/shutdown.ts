import "server-only";
import { getConfig } from "@/lib/server/config";
import { embeddedServiceStarted } from "./embedded-started";

/** How long SIGTERM waits for running answers before ending them as errors (SHUTDOWN_GRACE_MS; default 20 s). */
function graceMs(): number {
  const raw = Number(process.env.SHUTDOWN_GRACE_MS);
  return Number.isFinite(raw) && raw >= 0 ? raw : 20_000;
}

let stopping = false;

/**
 * SIGTERM / SIGINT (with `npm start`, which sets NEXT_MANUAL_SIG_HANDLE so Next leaves the signals to us): the
 * embedded service refuses new requests, lets running answers finish within the grace period, ends the rest as
 * errors (`service_shutdown`, with their webhook events), flushes and closes its database; the webhook inbox closes
 * its store (on PGlite the two share one database, closed by the last); then the process exits.
 */
export function handleShutdownSignals(): void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      const config = getConfig();
      // Not started (it starts on first use) or closed while idle: nothing runs, nothing to close.
      if (config.serveEmbedded && embeddedServiceStarted()) {
        console.log(`\n  ${signal}: finishing running answers (up to ${graceMs() / 1000} s), then stopping.`);
        try {
          const { startedEmbeddedService } = await import("@/lib/embedded");
          await (await startedEmbeddedService())?.close({ graceMs: graceMs() });
        } catch (error) {
          console.error("  The embedded service did not close cleanly:", error);
        }
      }
      try {
        await (await import("@/lib/server/inbox")).closeInboxStore();
      } catch (error) {
        console.error("  The webhook inbox did not close cleanly:", error);
      }
      process.exit(0);
    })();
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}
