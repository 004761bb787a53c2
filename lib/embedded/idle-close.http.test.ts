import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { AsyncChatRef, ChatList, Message, MessageList } from "@/lib/api";
import { DataDirLockedError, lockDataDir } from "@/lib/db/dir-lock";
import { reserveDataDir } from "@/lib/db/open";
import { getEmbeddedService, startedEmbeddedService, type ProcessServiceOptions } from ".";
import { BASE, TEST_KEY, call, expectSchema } from "./test-support";

/**
 * The process's service on a PGlite directory closes once nothing has used it for `idleCloseMs` (its database and
 * the directory with it: the WebAssembly Postgres goes) and opens again, unseen, on the next request; never while a
 * request, a generation or a webhook delivery needs it.
 */
const root = mkdtempSync(path.join(tmpdir(), "atelier-idle-close-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(async () => {
  await (await startedEmbeddedService())?.close();
});

const IDLE_MS = 300;
let n = 0;
function options(over: Partial<ProcessServiceOptions> = {}): ProcessServiceOptions {
  return {
    apiKey: TEST_KEY,
    dataDir: path.join(root, `data-${n++}`),
    publicBaseUrl: BASE,
    agentDelayMs: 0,
    idleCloseMs: IDLE_MS,
    ...over,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether the directory's PGlite is open in this process: its lock is held. */
function dirOpen(opts: ProcessServiceOptions): boolean {
  try {
    lockDataDir(path.join(opts.dataDir, "pglite"))();
    return false;
  } catch (error) {
    if (error instanceof DataDirLockedError) return true;
    throw error;
  }
}

async function closedWithin(opts: ProcessServiceOptions, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!startedEmbeddedService() && !dirOpen(opts)) return true;
    await sleep(50);
  }
  return false;
}

describe("closing the idle service", { timeout: 120_000 }, () => {
  test("closes its database when idle and opens it again, unseen, for a request through the old handle", async () => {
    const opts = options();
    const svc = await getEmbeddedService(opts);
    const created = await call(svc, "POST", "/v2/chats", { body: { message: "A note /fast" } });
    expect(created.status).toBe(200);
    expect(dirOpen(opts)).toBe(true);

    expect(await closedWithin(opts, IDLE_MS * 10)).toBe(true);

    // A caller still holding the closed service is served by the next one, on the same data.
    const listed = await call(svc, "GET", "/v2/chats");
    expect(listed.status).toBe(200);
    expect(expectSchema(ChatList, listed.body).chats).toHaveLength(1);
    expect(dirOpen(opts)).toBe(true);
    expect(await getEmbeddedService(opts)).not.toBe(svc);
  });

  test("stays open while a generation runs, and closes once it has finished", async () => {
    const opts = options({ agentDelayMs: 5 });
    const svc = await getEmbeddedService(opts);
    const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "A long answer /pace 150" } });
    expect(res.status).toBe(202);
    const ref = expectSchema(AsyncChatRef, res.body);

    await sleep(IDLE_MS * 4);
    expect(dirOpen(opts)).toBe(true);
    expect(await startedEmbeddedService()).toBe(svc);

    expect(await closedWithin(opts, 30_000)).toBe(true);
    const message = expectSchema(
      Message,
      (await call(svc, "GET", `/v2/chats/${ref.chatId}/messages/${ref.messageId}`)).body,
    );
    expect(message.finishReason).toBe("stop");
  });

  test("stays open while a webhook delivery waits for its retry", async () => {
    const opts = options({ webhookRetrySchedule: [60_000], webhookTimeoutMs: 500 });
    const svc = await getEmbeddedService(opts);
    const hook = await call(svc, "POST", "/v2/hooks", {
      body: { name: "unreachable", events: ["chat.created"], url: "http://127.0.0.1:9/hook" },
    });
    expect(hook.status).toBeLessThan(300);
    expect((await call(svc, "POST", "/v2/chats", { body: { message: "A note /fast" } })).status).toBe(200);

    await sleep(IDLE_MS * 5);
    expect(dirOpen(opts)).toBe(true);
    expect(await startedEmbeddedService()).toBe(svc);
  });

  test("stays open while a response streams", async () => {
    const opts = options({ agentDelayMs: 5 });
    const svc = await getEmbeddedService(opts);
    const res = await svc.handle(
      new Request(`${BASE}/v2/chats/stream`, {
        method: "POST",
        headers: { authorization: `Bearer ${TEST_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ message: "A note /pace 20" }),
      }),
    );
    expect(res.status).toBe(200);
    // Once the answer is over, the unread body alone keeps the service open.
    const [chat] = expectSchema(ChatList, (await call(svc, "GET", "/v2/chats")).body).chats;
    for (;;) {
      const list = expectSchema(MessageList, (await call(svc, "GET", `/v2/chats/${chat!.id}/messages`)).body);
      if (list.messages.some((m) => m.role === "assistant" && m.finishReason)) break;
      await sleep(50);
    }
    await sleep(IDLE_MS * 4);
    expect(dirOpen(opts)).toBe(true);
    expect(svc.inUse()).toBe(true);
    const text = await res.text();
    expect(text).toContain("\n\n");
    expect(await closedWithin(opts, IDLE_MS * 10)).toBe(true);
  });

  test("a directory the server reserved at start stays locked while its database is closed", async () => {
    const opts = options();
    const dir = path.join(opts.dataDir, "pglite");
    await reserveDataDir(dir);
    const svc = await getEmbeddedService(opts);
    expect((await call(svc, "POST", "/v2/chats", { body: { message: "A note /fast" } })).status).toBe(200);
    const until = Date.now() + IDLE_MS * 10;
    while (startedEmbeddedService() && Date.now() < until) await sleep(50);
    expect(startedEmbeddedService()).toBeNull();

    // A second server on the directory is still refused (the lock is this live process's).
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    const listed = await call(svc, "GET", "/v2/chats");
    expect(expectSchema(ChatList, listed.body).chats).toHaveLength(1);
  });

  test("without idleCloseMs it stays open", async () => {
    const opts = options({ idleCloseMs: null });
    const svc = await getEmbeddedService(opts);
    expect((await call(svc, "GET", "/v2/chats")).status).toBe(200);
    await sleep(IDLE_MS * 3);
    expect(dirOpen(opts)).toBe(true);
  });
});
