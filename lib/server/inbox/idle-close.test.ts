import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { DataDirLockedError, lockDataDir } from "@/lib/db/dir-lock";
import { InboxStore } from "./store";

/**
 * On PGlite the inbox's database closes once no query has run for `idleCloseMs` (so the directory's WebAssembly
 * Postgres can go when the embedded service has let go too) and opens again on the next query; the inbox page's
 * watchers need no open database and hear deliveries across a close.
 */
const dir = mkdtempSync(path.join(tmpdir(), "atelier-inbox-idle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const IDLE_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function dirOpen(): boolean {
  try {
    lockDataDir(dir)();
    return false;
  } catch (error) {
    if (error instanceof DataDirLockedError) return true;
    throw error;
  }
}

async function closedWithin(ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!dirOpen()) return true;
    await sleep(50);
  }
  return false;
}

describe("the inbox's database when idle", () => {
  test("closes, opens again on the next query with its data, and watchers hear deliveries across the close", async () => {
    const store = await InboxStore.open({
      dataDir: dir,
      appUrl: "http://dash.test",
      secretKey: "test-auth-secret",
      idleCloseMs: IDLE_MS,
    });
    try {
      const inbox = await store.create("idle");
      const heard: number[] = [];
      const unwatch = store.watch(inbox.id, (seq) => heard.push(seq));
      expect(dirOpen()).toBe(true);

      expect(await closedWithin(IDLE_MS * 10)).toBe(true);

      expect((await store.find(inbox.id))?.name).toBe("idle");
      expect(dirOpen()).toBe(true);
      const stored = await store.addDelivery(inbox.id, {
        deliveryId: "dlv_1",
        type: "chat.created",
        chatId: "chat_1",
        payload: { type: "chat.created" },
        verified: false,
        receivedAt: new Date(),
      });
      expect(stored).toBe(true);
      expect(heard).toHaveLength(1);
      expect(await store.deliveries(inbox.id)).toHaveLength(1);
      unwatch();
    } finally {
      await store.close();
    }
    expect(dirOpen()).toBe(false);
    await expect(store.list()).rejects.toThrow(/closed/);
  }, 120_000);
});
