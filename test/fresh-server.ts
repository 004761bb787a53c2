import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * Sets this test file's process up as a server on a fresh data directory with the embedded service on PGlite (no
 * remote service, no PostgreSQL), and after the file closes the embedded service and the webhook inbox and removes the
 * directory. Call it at the top of the file, before anything of the server is imported. Not a test file itself.
 */
export function freshServer(prefix: string, appUrl: string, alsoUnset: readonly string[] = []): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  Object.assign(process.env, { DATA_DIR: dataDir, APP_URL: appUrl, EMBEDDED_AGENT_DELAY_MS: "0" });
  for (const name of ["SERVICE_BASE_URL", "DATABASE_URL", "EMBEDDED_SERVICE", ...alsoUnset, "SERVICE_API_KEY"])
    delete process.env[name];
  afterAll(async () => {
    const { embeddedService } = await import("@/app/_wiring/embedded");
    await (await embeddedService()).close();
    await (await import("@/lib/server/inbox")).closeInboxStore();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}
