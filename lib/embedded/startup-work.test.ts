import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { WebhookEvent } from "@/lib/api";
import { openDb } from "@/lib/db/open";
import { embeddedPgliteDir, embeddedWorkWaiting } from "./startup-work";
import { call, startService } from "./test-support";

/** Whether the server opens the embedded database at start (work waits) or on first use (an open PGlite is most of an idle server's memory). */

const root = mkdtempSync(path.join(tmpdir(), "startup-work-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const newDataDir = () => path.join(root, `data-${++n}`);

describe("embeddedWorkWaiting", () => {
  test("a new data directory: nothing waits", async () => {
    expect(await embeddedWorkWaiting(newDataDir())).toBe(false);
  });

  test("answers finished, no webhook: nothing waits; a delivery left pending: work waits", async () => {
    const dataDir = newDataDir();
    const svc = await startService({ dataDir });
    try {
      expect((await call(svc, "POST", "/v2/chats", { body: { message: "A tiny counter" } })).status).toBe(200);
    } finally {
      await svc.close();
    }
    expect(await embeddedWorkWaiting(dataDir)).toBe(false);

    // A webhook whose receiver is down: its deliveries stay pending, to be retried by the next run.
    const again = await startService({ dataDir, webhookRetrySchedule: [3_600_000], webhookTimeoutMs: 1000 });
    try {
      const hook = await call(again, "POST", "/v2/hooks", {
        body: { name: "down", url: "http://127.0.0.1:9/hook", events: [...WebhookEvent.options] },
      });
      expect(hook.status).toBe(201);
      expect((await call(again, "POST", "/v2/chats", { body: { message: "Another counter" } })).status).toBe(200);
    } finally {
      await again.close();
    }
    expect(await embeddedWorkWaiting(dataDir)).toBe(true);
  });

  test("a directory it cannot read (no embedded tables yet): opened at start, as before", async () => {
    const dataDir = newDataDir();
    const other = await openDb({
      dataDir: embeddedPgliteDir(dataDir),
      schema: {},
      migrationsFolder: path.join(process.cwd(), "drizzle-inbox"),
      migrationsTable: "__startup_work_test",
    });
    await other.close();
    expect(await embeddedWorkWaiting(dataDir)).toBe(true);
  });
});
