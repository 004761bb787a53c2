import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ChatApp, ChatWithUsage } from "@/lib/api";
import { callAs } from "../people/test-people";
import { bwrapUnavailable, killAll, processesWith } from "../sandbox/test-support";
import type { EmbeddedService } from "../service";
import { expectSchema, startService, waitFor } from "../test-support";
import { chatCacheName } from "./install";

/**
 * A deleted chat's package cache (APP_CACHE_DIR/<hash of its id>, where its installs keep their tarballs) does not
 * stay behind: the deletion removes it with the app (which stops at once), and each instance's sweep (at start, then
 * hourly) removes those of chats the service deleted elsewhere, keeping the live chats' caches, the shared store and
 * the caches of another installation sharing the folder.
 */
const MARK = `atelier-cachesweep-${process.pid}-${Date.now()}`;
const root = mkdtempSync(path.join(tmpdir(), "atelier-cachesweep-"));
const cacheDir = path.join(root, "cache");
const dataDir = path.join(root, "data");
mkdirSync(cacheDir);
afterAll(() => {
  killAll(MARK);
  rmSync(root, { recursive: true, force: true });
});

const start = () => startService({ dataDir, appRuntime: { settings: { cacheDir, idleStopMs: 600_000 } } });
const appFiles = [
  { name: "package.json", content: JSON.stringify({ name: "app", scripts: { start: `node ${MARK}.js` } }) },
  {
    name: `${MARK}.js`,
    content: `require("node:http").createServer((q, s) => s.end("ok")).listen(Number(process.env.PORT), process.env.HOST);`,
  },
];
async function newChat(svc: EmbeddedService): Promise<string> {
  const res = await callAs(svc, {}, "POST", "/v2/chats/from-files", { files: appFiles });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat.id;
}
/** A cache folder as an install leaves it (npm's cache inside). */
function cacheOf(name: string): string {
  const dir = path.join(cacheDir, name);
  mkdirSync(path.join(dir, "npm", "_cacache"), { recursive: true });
  writeFileSync(path.join(dir, "npm", "_cacache", "index"), "x");
  return dir;
}

describe.skipIf(bwrapUnavailable)("a deleted chat's package cache", () => {
  let kept = "";
  let deletedElsewhere = "";

  test("deleting a chat stops its app at once and removes its cache; another chat's cache stays", async () => {
    const svc = await start();
    try {
      const chatId = await newChat(svc);
      kept = await newChat(svc);
      const itsCache = cacheOf(chatCacheName(chatId));
      const keptCache = cacheOf(chatCacheName(kept));
      expect((await callAs(svc, {}, "POST", `/v2/chats/${chatId}/app/restart`)).status).toBe(200);
      await waitFor(async () => {
        const app = expectSchema(ChatApp, (await callAs(svc, {}, "GET", `/v2/chats/${chatId}/app`)).body);
        return app.state === "running" ? app : undefined;
      }, 30_000);
      expect(processesWith(MARK).length).toBeGreaterThan(0);

      expect((await callAs(svc, {}, "DELETE", `/v2/chats/${chatId}`)).status).toBe(200);
      expect(existsSync(itsCache)).toBe(false);
      expect(existsSync(keptCache)).toBe(true);
      await waitFor(async () => (processesWith(MARK).length === 0 ? true : undefined), 20_000);

      // A chat deleted while another instance held its cache: the folder is there after the deletion.
      deletedElsewhere = await newChat(svc);
      expect((await callAs(svc, {}, "DELETE", `/v2/chats/${deletedElsewhere}`)).status).toBe(200);
    } finally {
      await svc.close();
    }
  }, 90_000);

  test("an instance's sweep at start removes the caches of chats it deleted, and nothing else", async () => {
    const gone = cacheOf(chatCacheName(deletedElsewhere));
    const keptCache = path.join(cacheDir, chatCacheName(kept));
    // A chat this service never had: another installation's, sharing the folder.
    const theirs = cacheOf(chatCacheName("chat_ofanotherinstallation"));
    const store = cacheOf("store");
    const other = cacheOf("notes-of-the-operator");
    const svc = await start();
    try {
      await waitFor(async () => (!existsSync(gone) ? true : undefined), 20_000);
      for (const dir of [keptCache, theirs, store, other]) expect(existsSync(dir), dir).toBe(true);
    } finally {
      await svc.close();
    }
  }, 60_000);
});
