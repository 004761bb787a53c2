import { describe, expect, it, vi } from "vitest";
import { freshServer } from "./fresh-server";

/**
 * GET /api/health through its route handler, over a server's real start (announce) on a fresh PGlite data directory:
 * 503 `starting` before the start has finished, 200 `ok` after (without opening a PGlite database that waits for
 * its first request), 200 while the opened database answers, 503 `draining` once a SIGTERM was received.
 */

freshServer("atelier-health-", "http://127.0.0.1:3998");

async function health(): Promise<{ status: number; body: unknown; cache: string | null }> {
  const { GET } = await import("@/app/api/health/route");
  const res = await GET();
  return { status: res.status, body: await res.json(), cache: res.headers.get("cache-control") };
}

describe("GET /api/health", () => {
  it("follows the server's start, its database and its drain", { timeout: 180_000 }, async () => {
    expect(await health()).toEqual({ status: 503, body: { status: "starting" }, cache: "no-store" });

    vi.spyOn(console, "log").mockImplementation(() => {});
    const { announce } = await import("@/app/_wiring/startup");
    await announce();
    const { embeddedServiceStarted } = await import("@/app/_wiring/embedded-started");
    expect(await health()).toEqual({ status: 200, body: { status: "ok" }, cache: "no-store" });
    expect(embeddedServiceStarted(), "a health check opens no PGlite database").toBe(false);

    const { embeddedService } = await import("@/app/_wiring/embedded");
    const res = await (
      await embeddedService()
    ).handle(
      new Request("http://127.0.0.1:3998/svc/v2/chats?limit=1", {
        headers: { authorization: `Bearer ${(await import("@/lib/server/config")).getConfig().serviceApiKey}` },
      }),
    );
    expect(res.status).toBe(200);
    expect(await health()).toEqual({ status: 200, body: { status: "ok" }, cache: "no-store" });

    (await import("@/app/_wiring/server-state")).setServerState("draining");
    expect(await health()).toEqual({ status: 503, body: { status: "draining" }, cache: "no-store" });
  });
});
