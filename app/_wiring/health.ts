import "server-only";
import { getConfig } from "@/lib/server/config";
import { embeddedServiceStarted } from "./embedded-started";
import { serverState } from "./server-state";

type Health = "ok" | "starting" | "draining" | "unavailable";

/**
 * The server's health for load balancers and container health checks: `ok` once started and while its embedded
 * service's database answers (opened, so with its migrations applied); `starting`, `draining` (a SIGTERM was
 * received: send traffic elsewhere) or `unavailable` (the database does not answer) otherwise. An embedded service on
 * PGlite that waits for its first request is not opened by a health check (its database is most of an idle server's
 * memory): its directory is locked and created at start, its migrations applied on that first request. Nor is one
 * closed for being idle.
 */
export async function serverHealth(): Promise<Health> {
  const state = serverState();
  if (state !== "ready") return state;
  if (!getConfig().serveEmbedded || !embeddedServiceStarted()) return "ok";
  try {
    const { runningEmbeddedService } = await import("./embedded");
    // Closed for being idle (PGLITE_IDLE_CLOSE_MS): the next request opens it; a health check does not.
    const running = runningEmbeddedService();
    return !running || (await (await running).healthy()) ? "ok" : "unavailable";
  } catch {
    return "unavailable";
  }
}
