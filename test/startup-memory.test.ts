import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "@/lib/db/dir-lock";
import { freshServer } from "./fresh-server";

/**
 * What a new server holds after its start (its memory is measured by bench/memory.ts): the embedded service's data directory is
 * locked and its database created, but the database (a WebAssembly Postgres) opens on first use; the webhook inbox
 * shares it when used.
 */

/** A PGlite instance reserves 128 MB of WebAssembly memory (counted in `external` at once). */
const WASM_POSTGRES = 128 * 1024 * 1024;

const dataDir = freshServer("atelier-startup-", "http://127.0.0.1:3999", ["NEXT_MANUAL_SIG_HANDLE"]);

describe("server start on a new data directory", () => {
  it("locks and creates the embedded service's database without opening it; the first request opens it", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { announce } = await import("@/app/_wiring/startup");
    await announce();
    const pglite = path.join(dataDir, "pglite");
    expect(existsSync(path.join(pglite, LOCK_FILE))).toBe(true);
    expect(() => lockDataDir(pglite)).toThrow(DataDirLockedError);
    // Created (by a child process), not opened: no PGlite's 128 MB of WebAssembly memory in this process.
    expect(existsSync(path.join(pglite, "PG_VERSION"))).toBe(true);
    expect(process.memoryUsage().external).toBeLessThan(WASM_POSTGRES);
    expect(existsSync(path.join(dataDir, "inbox"))).toBe(false);

    const { embeddedService } = await import("@/app/_wiring/embedded");
    const { getConfig } = await import("@/lib/server/config");
    const res = await (
      await embeddedService()
    ).handle(
      new Request("http://127.0.0.1:3999/svc/v2/chats", {
        headers: { authorization: `Bearer ${getConfig().serviceApiKey}` },
      }),
    );
    expect(res.status).toBe(200);
    expect(process.memoryUsage().external).toBeGreaterThan(WASM_POSTGRES);
    expect(existsSync(path.join(dataDir, "inbox"))).toBe(false);
  });

  it("the webhook inbox opens in the embedded service's database, not a second WebAssembly Postgres", async () => {
    const before = process.memoryUsage().external;
    const { inboxStore } = await import("@/lib/server/inbox");
    const store = await inboxStore();
    const inbox = await store.create("shared");
    expect((await store.find(inbox.id))?.name).toBe("shared");
    expect(process.memoryUsage().external - before).toBeLessThan(WASM_POSTGRES / 2);
    expect(existsSync(path.join(dataDir, "inbox"))).toBe(false);
  });
});
