import { expect, test } from "@playwright/test";
import {
  WebhookEvent,
  readSseEvents,
  type AsyncChatRef,
  type ChatWithUsage,
  type Message,
  type ReadStreamEvent,
} from "@/lib/api";
import { E2E_SERVICE_API_KEY } from "./fixtures";
import { startHookReceiver, type HookReceiver } from "./hook-receiver";
import {
  exitWithin,
  freshDataDir,
  killAll,
  lifecyclePort,
  processGone,
  startServer,
  svc,
  untilReady,
  type ServerProcess,
} from "./server-process";

/**
 * The server as a process (`npm start`, README "Run", and `npx next start`): SIGTERM, to the server or to its whole
 * process group and repeated, drains running answers (streamed ones too) or ends them after SHUTDOWN_GRACE_MS, the
 * health route says so, a second server refuses a data directory in use, a server restarted at once after kill -9
 * starts, and a kill -9 loses no webhook event.
 * Each test starts its own production servers (the build of this run) with their own PGlite data directories and
 * talks to their embedded service directly; no browser page.
 */

let receiver: HookReceiver | null = null;

test.afterEach(async () => {
  await killAll();
  await receiver?.close();
  receiver = null;
});

async function message(server: ServerProcess, ref: AsyncChatRef): Promise<Message> {
  const res = await svc<Message>(server, "GET", `/v2/chats/${ref.chatId}/messages/${ref.messageId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The status of a GET; 0 when nothing answered. */
async function statusOf(server: ServerProcess, urlPath: string): Promise<number> {
  return svc(server, "GET", urlPath).then(
    (res) => res.status,
    () => 0,
  );
}

async function startAsync(server: ServerProcess, prompt: string): Promise<AsyncChatRef> {
  const res = await svc<AsyncChatRef>(server, "POST", "/v2/chats/async", { message: prompt });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body;
}

test("SIGTERM lets a running async answer finish, then the process exits 0", async () => {
  test.setTimeout(240_000);
  const dataDir = freshDataDir();
  const first = startServer(lifecyclePort(0), dataDir);
  await untilReady(first);
  // About 2–3 s of answer (10 paced steps).
  const ref = await startAsync(first, "A small note page /pace 80");
  const signalledAt = Date.now();
  first.child.kill("SIGTERM"); // npm's pid: npm must pass it on to the server
  // While it drains, new requests are refused (a load balancer sends them elsewhere).
  let during = 200;
  for (const until = Date.now() + 30_000; during === 200 && Date.now() < until;) {
    during = await statusOf(first, "/v2/chats?limit=1");
  }
  expect(during, "a request while it drains").toBe(503);

  const exit = await exitWithin(first, 90_000);
  expect(exit, `no exit within 90 s:\n${first.output()}`).not.toBeNull();
  expect(exit!.code, first.output()).toBe(0);
  expect(first.output()).toContain("SIGTERM: finishing running answers");

  const second = startServer(lifecyclePort(0), dataDir);
  await untilReady(second);
  const answer = await message(second, ref);
  expect(answer.finishReason).toBe("stop");
  expect(answer.parts?.length).toBeGreaterThan(0);
  expect(answer.parts!.every((p) => p.finishedAt)).toBe(true);
  // Finished after the signal (it was running) and before the process ended (drained, not recovered at restart).
  const finishedAt = Date.parse(answer.updatedAt);
  expect(finishedAt).toBeGreaterThan(signalledAt);
  expect(finishedAt).toBeLessThanOrEqual(exit!.at);
});

test("with SHUTDOWN_GRACE_MS=300 a long answer is ended as an error and the process exits soon", async () => {
  test.setTimeout(240_000);
  const dataDir = freshDataDir();
  const first = startServer(lifecyclePort(1), dataDir, { SHUTDOWN_GRACE_MS: "300" });
  await untilReady(first);
  // About 30 s of answer; stopped once it has begun.
  const ref = await startAsync(first, "A long page /pace 1000");
  await expect.poll(async () => (await message(first, ref)).parts?.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  const signalledAt = Date.now();
  first.child.kill("SIGTERM");

  const exit = await exitWithin(first, 60_000);
  expect(exit, `no exit within 60 s:\n${first.output()}`).not.toBeNull();
  expect(exit!.code, first.output()).toBe(0);
  expect(exit!.at - signalledAt, "ms from SIGTERM to exit").toBeLessThan(10_000);

  const second = startServer(lifecyclePort(1), dataDir);
  await untilReady(second);
  const cut = await message(second, ref);
  expect(cut.finishReason).toBe("error");
  // Ended by the shutdown (service_shutdown): its parts closed and stored before the process exited.
  expect(cut.parts?.length).toBeGreaterThan(0);
  expect(cut.parts!.every((p) => p.finishedAt)).toBe(true);
  expect(Date.parse(cut.updatedAt)).toBeLessThanOrEqual(exit!.at);
  // The chat takes the next message.
  const next = await svc(second, "POST", `/v2/chats/${ref.chatId}/messages`, { message: "Again /fast" });
  expect(next.status, JSON.stringify(next.body)).toBe(200);
});

test("a second server on a data directory in use refuses to start and names the holder", async () => {
  test.setTimeout(240_000);
  const dataDir = freshDataDir();
  const first = startServer(lifecyclePort(2), dataDir);
  const holder = await untilReady(first);

  const second = startServer(lifecyclePort(3), dataDir);
  const exit = await exitWithin(second, 120_000);
  expect(exit, `the second server still runs:\n${second.output()}`).not.toBeNull();
  expect(exit!.code, second.output()).not.toBe(0);
  expect(second.output()).toContain("Atelier cannot start");
  expect(second.output()).toContain(`in use by process ${holder}`);

  // The first one keeps serving, its data intact.
  const created = await svc<ChatWithUsage>(first, "POST", "/v2/chats", { message: "A note /fast" });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await svc(first, "GET", `/v2/chats/${created.body.chat.id}`)).status).toBe(200);
  expect(processGone(holder)).toBe(false);
});

test("kill -9 right after a sync answer loses no webhook event", async () => {
  test.setTimeout(300_000);
  receiver = await startHookReceiver();
  const dataDir = freshDataDir();
  const first = startServer(lifecyclePort(4), dataDir);
  const pid = await untilReady(first);
  const hook = await svc(first, "POST", "/v2/hooks", {
    name: "lifecycle",
    url: receiver.url,
    events: WebhookEvent.options, // all seven
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);

  const created = await svc<ChatWithUsage>(first, "POST", "/v2/chats", { message: "A note /fast" });
  process.kill(pid, "SIGKILL"); // the server itself, the moment its answer arrived
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const chatId = created.body.chat.id;
  expect(await exitWithin(first, 30_000), "npm ends with its server").not.toBeNull();
  await expect.poll(() => processGone(pid), { timeout: 10_000 }).toBe(true);

  const second = startServer(lifecyclePort(4), dataDir);
  await untilReady(second);
  const count = (type: string) => receiver!.events().filter((e) => e.type === type && e.chatId === chatId).length;
  // Deliveries lost in flight are retried once their lease ends (timeout + margin, under a minute).
  await expect
    .poll(
      () => ({ chat: count("chat.created"), created: count("message.created"), finished: count("message.finished") }),
      {
        timeout: 150_000,
        intervals: [500, 1_000, 2_000],
      },
    )
    .toEqual({ chat: 1, created: 2, finished: 1 });
});

/** GET /api/health: status, body and one of the security headers. */
async function health(server: ServerProcess) {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/health`, { signal: AbortSignal.timeout(10_000) });
  return {
    status: res.status,
    body: (await res.json()) as unknown,
    nosniff: res.headers.get("x-content-type-options"),
  };
}

/**
 * A client reads a slow answer's stream; SIGTERM goes to the server's whole process group (systemd's
 * KillMode=control-group, `kill -TERM -<pgid>`: npm or npx pass it on, so the server gets it twice), then again.
 * The stream ends with the answer finished, the health route answers 503 meanwhile, and the server exits 0.
 */
async function groupSigtermWhileStreaming(command: "npm start" | "npx next start", port: number) {
  const dataDir = freshDataDir();
  // A grace long enough for the whole answer however slow this machine is: it must finish, not be cut.
  const server = startServer(port, dataDir, { SHUTDOWN_GRACE_MS: "90000" }, command);
  await untilReady(server);
  expect(await health(server)).toEqual({ status: 200, body: { status: "ok" }, nosniff: "nosniff" });

  const res = await fetch(`http://127.0.0.1:${port}/svc/v2/chats/stream`, {
    method: "POST",
    headers: { authorization: `Bearer ${E2E_SERVICE_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ message: "A small note page /pace 200" }),
  });
  expect(res.status).toBe(200);
  const events: ReadStreamEvent[] = [];
  let streamError: unknown = null;
  const reading = (async () => {
    try {
      for await (const event of readSseEvents(res.body!)) events.push(event);
    } catch (error) {
      streamError = error;
    }
  })();
  await expect.poll(() => events.filter((e) => e.object === "message.parts.chunk").length).toBeGreaterThan(0);

  const group = server.child.pid!;
  process.kill(-group, "SIGTERM");
  await new Promise((r) => setTimeout(r, 300));
  process.kill(-group, "SIGTERM");
  const during = await health(server);
  expect(during, server.output()).toEqual({ status: 503, body: { status: "draining" }, nosniff: "nosniff" });

  await reading;
  expect(streamError, server.output()).toBeNull();
  expect(events.filter((e) => e.object === "error")).toEqual([]);
  const last = events.at(-1);
  expect(last?.object, JSON.stringify(last)).toBe("chat");
  const chatId = (last as { id: string }).id;

  if (command === "npm start") {
    // npm waits for its server and ends with its exit code.
    const exit = await exitWithin(server, 120_000);
    expect(exit, `no exit within 120 s:\n${server.output()}`).not.toBeNull();
    expect(exit!.code, server.output()).toBe(0);
  } else {
    // npx ends at once on SIGTERM without waiting for its child: the server is followed by its pid.
    await expect.poll(() => processGone(server.serverPid!), { timeout: 120_000 }).toBe(true);
  }
  expect(server.output()).toContain("SIGTERM: finishing running answers");
  expect(server.output(), "the drain's last line, just before exit(0)").toContain("Stopped.");

  const again = startServer(port, dataDir, {}, command);
  await untilReady(again);
  const list = await svc<{ messages: Message[] }>(again, "GET", `/v2/chats/${chatId}/messages?limit=1`);
  const answer = list.body.messages[0]!;
  expect(answer.role).toBe("assistant");
  expect(answer.finishReason).toBe("stop");
  expect(answer.parts!.every((p) => p.finishedAt)).toBe(true);
}

test("npm start: SIGTERM twice to the process group while a client reads a stream: the answer finishes, exit 0", async () => {
  test.setTimeout(300_000);
  await groupSigtermWhileStreaming("npm start", lifecyclePort(5));
});

test("npx next start: SIGTERM twice to the process group while a client reads a stream: the answer finishes, exit 0", async () => {
  test.setTimeout(300_000);
  await groupSigtermWhileStreaming("npx next start", lifecyclePort(6));
});

test("a server restarted at once after kill -9 of its process group starts on the same data directory", async () => {
  test.setTimeout(300_000);
  const dataDir = freshDataDir();
  const first = startServer(lifecyclePort(7), dataDir);
  const pid = await untilReady(first);
  process.kill(-first.child.pid!, "SIGKILL");
  const second = startServer(lifecyclePort(7), dataDir); // no waiting for the first to be reaped
  const holder = await untilReady(second);
  expect(holder).not.toBe(pid);
  expect(second.output()).not.toContain("Atelier cannot start");
});

test("Ctrl+C (SIGINT to the group, passed on by npm too) drains; a second one a moment later stops at once", async () => {
  test.setTimeout(240_000);
  const server = startServer(lifecyclePort(8), freshDataDir(), { SHUTDOWN_GRACE_MS: "90000" });
  const pid = await untilReady(server);
  // About 30 s of answer; interrupted once it has begun.
  const ref = await startAsync(server, "A long page /pace 1000");
  await expect
    .poll(async () => (await message(server, ref)).parts?.length ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const group = server.child.pid!;
  process.kill(-group, "SIGINT");
  await new Promise((r) => setTimeout(r, 1_500));
  expect(processGone(pid), "the first Ctrl+C drains").toBe(false);
  expect((await health(server)).body).toEqual({ status: "draining" });

  const secondAt = Date.now();
  process.kill(-group, "SIGINT");
  await expect.poll(() => processGone(pid), { timeout: 10_000 }).toBe(true);
  expect(Date.now() - secondAt, "ms from the second Ctrl+C to the exit").toBeLessThan(10_000);
  // The process can be gone before this side has read the last of its output from the pipe.
  await expect.poll(() => server.output(), { timeout: 5_000 }).toContain("SIGINT again: stopping now.");
  expect(server.output()).not.toContain("Stopped.");
});
