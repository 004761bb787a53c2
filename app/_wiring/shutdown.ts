import "server-only";
import { getConfig } from "@/lib/server/config";
import { embeddedServiceStarted } from "./embedded-started";
import { setServerState } from "./server-state";

/** How long SIGTERM waits for running answers before ending them as errors (SHUTDOWN_GRACE_MS; default 20 s). */
function graceMs(): number {
  const raw = Number(process.env.SHUTDOWN_GRACE_MS);
  return Number.isFinite(raw) && raw >= 0 ? raw : 20_000;
}

/**
 * A SIGINT this long after the first signal forces the exit (a second Ctrl+C); sooner it is the same one delivered
 * twice: a terminal signals the whole foreground process group, and npm (`npm start`, `npx next start`) passes each
 * SIGINT / SIGTERM it receives on to the server as well.
 */
const FORCE_AFTER_MS = 1_000;

let stoppingSince: number | null = null;

/** Installed once per process (Next may load this module more than once). */
const INSTALLED = Symbol.for("atelier.shutdownSignalsInstalled");

/**
 * Next's own SIGTERM / SIGINT handler under a plain `next start` (without NEXT_MANUAL_SIG_HANDLE, which `npm start`
 * sets): it stops accepting connections and exits 143 as soon as the open ones end, whatever the embedded service is
 * doing. It is one function listening to both signals (registered before the instrumentation runs); removed, so that
 * the drain below decides when the process exits.
 */
function takeSignalsFromNext(): void {
  if (process.env.NEXT_MANUAL_SIG_HANDLE) return;
  const onInt = new Set(process.listeners("SIGINT"));
  const next = process.listeners("SIGTERM").filter((listener) => onInt.has(listener));
  if (next.length === 0)
    console.warn("  Next's signal handler was not found: SIGTERM may stop the server without draining its answers.");
  for (const listener of next) {
    process.off("SIGTERM", listener);
    process.off("SIGINT", listener);
  }
}

/**
 * SIGTERM / SIGINT, under `npm start` or a plain `next start`: the health route answers 503, the preview listener
 * closes, the embedded service refuses new requests, lets running answers finish within the grace period, ends the rest as errors
 * (`service_shutdown`, with their webhook events), flushes and closes its database; the webhook inbox closes its
 * store (on PGlite the two share one database, closed by the last); then the process exits 0. Further signals do
 * nothing (a process group's SIGTERM reaches the server twice under npm), except a later SIGINT, which exits at once.
 */
export function handleShutdownSignals(): void {
  const holder = globalThis as { [INSTALLED]?: boolean };
  if (holder[INSTALLED]) return;
  holder[INSTALLED] = true;
  takeSignalsFromNext();
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince !== null) {
      if (signal === "SIGINT" && Date.now() - stoppingSince >= FORCE_AFTER_MS) {
        console.log("\n  SIGINT again: stopping now.");
        process.exit(130);
      }
      return;
    }
    stoppingSince = Date.now();
    setServerState("draining");
    void (async () => {
      const config = getConfig();
      if (config.serveEmbedded) {
        try {
          // New preview requests are refused from now on (the service answers them 503 while it drains anyway).
          await (await import("./preview-listener")).closePreviewListener();
        } catch (error) {
          console.error("  The preview listener did not close cleanly:", error);
        }
      }
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
      try {
        await (await import("@/lib/server/people/upstream-keys")).closeUpstreamKeyStore();
      } catch (error) {
        console.error("  The store of people's upstream keys did not close cleanly:", error);
      }
      console.log("  Stopped.");
      process.exit(0);
    })();
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
