import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { AsyncChatRef, Message, type Part, type StreamEvent } from "@/lib/api";
import { applyPartsDelta } from "@/lib/api/parts";
import { createEmbeddedService, type EmbeddedService } from "./service";
import { BASE, TEST_KEY, call, expectSchema, readAll, request, waitFor } from "./test-support";
import { describeWithoutPostgres, throwawayDatabase } from "./test-pg";
import { startReceiver, type TestReceiver } from "./webhooks/test-receiver";

/**
 * Several instances of the embedded service on one PostgreSQL database: generations owned through leases
 * in the database, recovery of a dead instance's answers, the outbox, and following or stopping a generation from
 * the instance that does not run it. Instances are in-process services, or child processes where one is killed.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

if (!adminUrl) {
  describeWithoutPostgres("several instances on PostgreSQL");
} else {
  const database = throwawayDatabase(adminUrl, "atelier_instances");
  const LEASE_MS = 600;
  const services: EmbeddedService[] = [];
  const children: ChildProcess[] = [];

  const instance = async (): Promise<EmbeddedService> => {
    const svc = await createEmbeddedService({
      apiKey: TEST_KEY,
      dataDir: "unused",
      databaseUrl: database.url,
      publicBaseUrl: BASE,
      agentDelayMs: 0,
      generationLeaseMs: LEASE_MS,
      webhookRetrySchedule: [100, 100, 100],
      // The webhook receivers listen on 127.0.0.1.
      fetchAllowPrivate: true,
    });
    services.push(svc);
    return svc;
  };

  /** An instance as a child process (to kill): its base URL and the process. */
  const processInstance = async (): Promise<{ base: string; child: ChildProcess }> => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--conditions", "react-server", "lib/embedded/instance-process.ts"],
      {
        env: {
          ...process.env,
          INSTANCE_DATABASE_URL: database.url,
          INSTANCE_API_KEY: TEST_KEY,
          INSTANCE_LEASE_MS: String(LEASE_MS),
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    children.push(child);
    const lines = createInterface({ input: child.stdout! });
    const port = await new Promise<number>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`instance exited (${code}) before it was ready`)));
      lines.on("line", (line) => {
        const parsed = /^\{"port":(\d+)\}$/.exec(line);
        if (parsed) resolve(Number(parsed[1]));
      });
    });
    return { base: `http://127.0.0.1:${port}/svc`, child };
  };

  const viaProcess = async (base: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${TEST_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  const message = async (svc: EmbeddedService, chatId: string, messageId: string) =>
    expectSchema(Message, (await call(svc, "GET", `/v2/chats/${chatId}/messages/${messageId}`)).body);

  /** An answer paced so it runs for a while (a dozen steps of `ms`). */
  const slowAsyncChat = async (svc: EmbeddedService, ms = 120): Promise<AsyncChatRef> => {
    const res = await call(svc, "POST", "/v2/chats/async", { body: { message: `A tide clock /pace ${ms}` } });
    expect(res.status).toBe(202);
    return expectSchema(AsyncChatRef, res.body);
  };

  const rebuild = (events: readonly StreamEvent[]): Part[] => {
    let parts: Part[] = [];
    for (const e of events) if (e.object === "message.parts.chunk") parts = applyPartsDelta(parts, e.delta);
    return parts;
  };

  let a: EmbeddedService;
  let b: EmbeddedService;
  beforeAll(async () => {
    await database.create();
    // Both start at once on the empty database: one migrates, the other waits for it and finds nothing to do.
    [a, b] = await Promise.all([instance(), instance()]);
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
  });
  afterAll(async () => {
    for (const svc of services) await svc.close().catch(() => {});
    await database.drop();
  });

  describe("several instances on one PostgreSQL database", () => {
    test("an instance starting while another generates leaves that answer alone", async () => {
      const { chatId, messageId } = await slowAsyncChat(a, 80);
      await waitFor(async () => (((await message(a, chatId, messageId)).parts?.length ?? 0) >= 1 ? true : undefined));
      const c = await instance();
      await new Promise((r) => setTimeout(r, LEASE_MS * 2));
      expect((await message(c, chatId, messageId)).finishReason).toBeNull();
      const done = await waitFor(async () => {
        const m = await message(c, chatId, messageId);
        return m.finishReason ? m : undefined;
      }, 20_000);
      expect(done.finishReason).toBe("stop");
    });

    test("two sends to one chat at the same moment through two instances: exactly one 409", async () => {
      const created = await call(a, "POST", "/v2/chats", { body: { message: "A notes app /fast" } });
      const chatId = (created.body as { chat: { id: string } }).chat.id;
      for (let trial = 0; trial < 3; trial++) {
        const send = (svc: EmbeddedService) =>
          call(svc, "POST", `/v2/chats/${chatId}/messages/async`, { body: { message: `Add tags ${trial} /pace 30` } });
        const results = await Promise.all([send(a), send(b)]);
        expect(results.map((r) => r.status).sort()).toEqual([202, 409]);
        expect((results.find((r) => r.status === 409)!.body as { message: string }).message).toMatch(
          /still generating/,
        );
        const ref = expectSchema(AsyncChatRef, results.find((r) => r.status === 202)!.body);
        await waitFor(async () => ((await message(b, chatId, ref.messageId)).finishReason ? true : undefined), 20_000);
      }
      const list = (await call(b, "GET", `/v2/chats/${chatId}/messages?limit=100`)).body as { messages: unknown[] };
      expect(list.messages).toHaveLength(2 + 3 * 2);
    });

    test("deleting or sending through one instance while the other generates: 409; once it ended, works", async () => {
      const { chatId, messageId } = await slowAsyncChat(a, 60);
      expect((await call(b, "DELETE", `/v2/chats/${chatId}`)).status).toBe(409);
      expect((await call(b, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "more" } })).status).toBe(409);
      await waitFor(async () => ((await message(b, chatId, messageId)).finishReason ? true : undefined), 20_000);
      expect((await call(b, "DELETE", `/v2/chats/${chatId}`)).status).toBe(200);
      expect((await call(a, "GET", `/v2/chats/${chatId}`)).status).toBe(404);
    });

    test("resume through the instance that does not generate: live deltas rebuild the stored message", async () => {
      const { chatId, messageId } = await slowAsyncChat(a, 100);
      await waitFor(async () => (((await message(b, chatId, messageId)).parts?.length ?? 0) >= 1 ? true : undefined));
      const res = await b.handle(request("POST", `/v2/chats/${chatId}/resume`));
      expect(res.status).toBe(200);
      const events = await readAll(res);
      expect(events[0]!.object).toBe("chat");
      expect(events.at(-2)!.object).toBe("message.usage");
      expect(events.at(-1)!.object).toBe("chat");
      // More deltas than part boundaries: text arrived while it grew, not only when a part finished.
      const stored = await message(a, chatId, messageId);
      expect(stored.finishReason).toBe("stop");
      expect(events.filter((e) => e.object === "message.parts.chunk").length).toBeGreaterThan(
        stored.parts?.length ?? 0,
      );
      expect(rebuild(events)).toEqual(stored.parts);
    });

    test("resume through the instance that does not generate, of an answer that fails: the owner's error event", async () => {
      const res = await call(a, "POST", "/v2/chats/async", { body: { message: "A tide clock /pace 100 /fail" } });
      const { chatId, messageId } = expectSchema(AsyncChatRef, res.body);
      await waitFor(async () => (((await message(b, chatId, messageId)).parts?.length ?? 0) >= 1 ? true : undefined));
      const events = await readAll(await b.handle(request("POST", `/v2/chats/${chatId}/resume`)));
      const errors = events.filter((e) => e.object === "error");
      expect(errors).toEqual([
        expect.objectContaining({ id: messageId, code: "scripted_failure", message: expect.stringMatching(/\w/) }),
      ]);
      expect(errors[0]).not.toMatchObject({ code: "generation_failed" });
      expect((await message(a, chatId, messageId)).finishReason).toBe("error");
    });

    test("stop through the instance that does not generate: the owner stops it, the answer names it", async () => {
      const { chatId, messageId } = await slowAsyncChat(a, 150);
      await waitFor(async () => (((await message(b, chatId, messageId)).parts?.length ?? 0) >= 1 ? true : undefined));
      const stopped = await call(b, "POST", `/v2/chats/${chatId}/messages/${messageId}/stop`);
      expect(stopped).toMatchObject({ status: 200, body: { messageId } });
      const stored = await message(b, chatId, messageId);
      expect(stored.finishReason).toBe("stop");
      expect((await call(b, "POST", `/v2/chats/${chatId}/messages/${messageId}/stop`)).status).toBe(409);
    });

    describe("with a webhook receiver", () => {
      let receiver: TestReceiver;
      let hookId: string;
      beforeAll(async () => {
        receiver = await startReceiver();
        const hook = await call(a, "POST", "/v2/hooks", {
          body: {
            name: "instances",
            url: receiver.url,
            events: ["chat.created", "message.created", "message.updated", "message.finished"],
          },
        });
        expect(hook.status).toBe(201);
        hookId = (hook.body as { id: string }).id;
      });
      afterAll(async () => {
        await call(a, "DELETE", `/v2/hooks/${hookId}`);
        await receiver.close();
      });

      /** The event types delivered for a chat, once each (deduplicated by the standard-webhooks id). */
      const deliveredFor = (chatId: string) => {
        const seen = new Map<string, string>();
        for (const r of receiver.received) {
          const payload = JSON.parse(r.body) as { type: string; data: { chatId: string; messageId?: string } };
          if (payload.data.chatId === chatId)
            seen.set(String(r.headers["webhook-id"]), `${payload.type} ${payload.data.messageId ?? ""}`);
        }
        return [...seen.values()];
      };

      test("kill -9 of the generating instance: another closes its answer after the lease, with message.finished", async () => {
        const owner = await processInstance();
        const res = await viaProcess(owner.base, "POST", "/v2/chats/async", { message: "A tide clock /pace 300" });
        expect(res.status).toBe(202);
        const { chatId, messageId } = expectSchema(AsyncChatRef, res.body);
        await waitFor(async () => (((await message(b, chatId, messageId)).parts?.length ?? 0) >= 1 ? true : undefined));
        owner.child.kill("SIGKILL");
        const killedAt = Date.now();
        const closed = await waitFor(async () => {
          const m = await message(b, chatId, messageId);
          return m.finishReason ? m : undefined;
        }, 15_000);
        expect(closed.finishReason).toBe("error");
        expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS / 2);
        expect((closed.parts ?? []).every((p) => !p.startedAt || p.finishedAt)).toBe(true);
        await waitFor(async () => (deliveredFor(chatId).includes(`message.finished ${messageId}`) ? true : undefined));
        // The chat is free again.
        const next = await call(b, "POST", `/v2/chats/${chatId}/messages`, { body: { message: "Again /fast" } });
        expect(next.status).toBe(200);
      });

      test("kill -9 right after a sync answer: every event of it is delivered (by the other instance)", async () => {
        for (let trial = 0; trial < 3; trial++) {
          const owner = await processInstance();
          const res = await viaProcess(owner.base, "POST", "/v2/chats", { message: `A notes app ${trial} /fast` });
          owner.child.kill("SIGKILL");
          expect(res.status).toBe(200);
          const chat = (res.body as { chat: { id: string } }).chat;
          const delivered = await waitFor(async () => {
            const got = deliveredFor(chat.id);
            return got.some((t) => t.startsWith("message.finished")) ? got : undefined;
          }, 15_000);
          expect(delivered.filter((t) => t.startsWith("chat.created"))).toHaveLength(1);
          expect(delivered.filter((t) => t.startsWith("message.created"))).toHaveLength(2);
          expect(delivered.filter((t) => t.startsWith("message.finished"))).toHaveLength(1);
        }
      });
    });
  });
}
