import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook as Verifier } from "standardwebhooks";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import {
  ChatDeleted,
  ChatWithUsage,
  Webhook,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookPayload,
  WebhookEvent,
} from "@/lib/api";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService, waitFor, serviceClient } from "../test-support";
import { freePort, startReceiver, type Received, type TestReceiver } from "./test-receiver";

/** Webhooks of the embedded service, delivered to real receivers on loopback ports. */

const ALL: WebhookEvent[] = [...WebhookEvent.options];

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => {});
});

async function service(over: Parameters<typeof startService>[0] = {}): Promise<EmbeddedService> {
  const svc = await startService({ webhookRetrySchedule: [40, 40, 40], webhookTimeoutMs: 2000, ...over });
  cleanup.push(() => svc.close());
  return svc;
}

async function receiver(reply?: TestReceiver["reply"], port?: number): Promise<TestReceiver> {
  const r = await startReceiver({ reply, port });
  cleanup.push(() => r.close());
  return r;
}

async function createHook(svc: EmbeddedService, body: Record<string, unknown>): Promise<WebhookCreated> {
  const res = await call(svc, "POST", "/v2/hooks", { body: { name: "test", events: ALL, ...body } });
  expect(res.status).toBe(201);
  return expectSchema(WebhookCreated, res.body);
}

async function createChat(svc: EmbeddedService, message = "A tiny counter"): Promise<string> {
  const res = await call(svc, "POST", "/v2/chats", { body: { message } });
  expect(res.status).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat.id;
}

async function deliveries(svc: EmbeddedService, hookId: string): Promise<WebhookDelivery[]> {
  const res = await call(svc, "GET", `/v2/hooks/${hookId}/deliveries?limit=100`);
  expect(res.status).toBe(200);
  return expectSchema(WebhookDeliveryList, res.body).deliveries;
}

/** The verified payloads a receiver got, in arrival order. */
function payloads(r: TestReceiver, secret: string): WebhookPayload[] {
  return r.received.map((got) => WebhookPayload.parse(verify(secret, got)));
}

function verify(secret: string, got: Received): unknown {
  return new Verifier(secret).verify(got.body, got.headers as Record<string, string>);
}

describe("webhook management", () => {
  test("create returns the secret once; get, list, update and delete", async () => {
    const svc = await service();
    const created = await createHook(svc, { name: "All events", url: "https://example.test/hook", chatId: null });
    expect(created).toMatchObject({ name: "All events", url: "https://example.test/hook", chatId: null, events: ALL });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.id).toMatch(/^hook_/);

    const got = await call(svc, "GET", `/v2/hooks/${created.id}`);
    expect(got.status).toBe(200);
    const hook = expectSchema(Webhook, got.body);
    expect(hook).not.toHaveProperty("secret");
    const { secret: _secret, ...withoutSecret } = created;
    expect(hook).toEqual(withoutSecret);

    const second = await createHook(svc, {
      name: "Second",
      url: "http://127.0.0.1:9/x",
      events: ["chat.created", "chat.created"],
    });
    expect(second.events).toEqual(["chat.created"]);
    const list = expectSchema(WebhookList, (await call(svc, "GET", "/v2/hooks")).body);
    expect(list.items).toEqual([
      { id: second.id, name: "Second" },
      { id: created.id, name: "All events" },
    ]);
    for (const item of list.items) expect(Object.keys(item).sort()).toEqual(["id", "name"]);

    const patched = await call(svc, "PATCH", `/v2/hooks/${created.id}`, {
      body: { name: "Renamed", events: ["message.finished"], url: "https://example.test/other" },
    });
    expect(patched.status).toBe(200);
    expect(expectSchema(Webhook, patched.body)).toMatchObject({
      id: created.id,
      name: "Renamed",
      events: ["message.finished"],
      url: "https://example.test/other",
      createdAt: created.createdAt,
    });
    const partial = await call(svc, "PATCH", `/v2/hooks/${created.id}`, { body: { name: "Only the name" } });
    expect(partial.body).toMatchObject({ name: "Only the name", events: ["message.finished"] });

    const deleted = await call(svc, "DELETE", `/v2/hooks/${created.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id: created.id, deleted: true } });
    expect((await call(svc, "GET", `/v2/hooks/${created.id}`)).status).toBe(404);
    expect((await call(svc, "DELETE", `/v2/hooks/${created.id}`)).status).toBe(404);
    expect((await call(svc, "PATCH", `/v2/hooks/${created.id}`, { body: { name: "x" } })).status).toBe(404);
  });

  test("validation: event names, absolute http(s) URLs, an existing chat", async () => {
    const svc = await service();
    const post = (body: unknown) => call(svc, "POST", "/v2/hooks", { body });
    const bad = async (body: unknown, field: RegExp) => {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((res.body as { message: string }).message).toMatch(field);
    };
    const ok = { name: "n", events: ["chat.created"], url: "https://example.test/h" };
    await bad({ ...ok, events: ["chat.exploded"] }, /events/);
    await bad({ ...ok, events: [] }, /events/);
    await bad({ ...ok, url: "/relative/path" }, /url/);
    await bad({ ...ok, url: "ftp://example.test/h" }, /url/);
    await bad({ ...ok, url: "javascript:alert(1)" }, /url/);
    await bad({ ...ok, name: "" }, /name/);
    await bad({ ...ok, chatId: "chat_missing" }, /chatId: chat chat_missing not found/);
    expect((await call(svc, "POST", "/v2/hooks", { raw: "{" })).status).toBe(400);

    const chatId = await createChat(svc);
    expect((await post({ ...ok, chatId })).status).toBe(201);

    const hook = (await post(ok)).body as Webhook;
    const patch = (body: unknown) => call(svc, "PATCH", `/v2/hooks/${hook.id}`, { body });
    expect((await patch({ events: ["nope"] })).status).toBe(422);
    expect((await patch({ url: "not a url" })).status).toBe(422);
    expect((await call(svc, "GET", "/v2/hooks/hook_missing")).status).toBe(404);
    expect((await call(svc, "GET", "/v2/hooks/hook_missing/deliveries")).status).toBe(404);
  });
});

describe("the typed client", () => {
  test("manages webhooks, lists deliveries, resends, deletes a chat", async () => {
    const r = await receiver();
    const svc = await service();
    const client = serviceClient(svc);
    const created = await client.createHook({ name: "Client", url: r.url, events: ["chat.created"] });
    expect(created.secret).toMatch(/^whsec_/);
    expect((await client.listHooks()).items).toEqual([{ id: created.id, name: "Client" }]);
    expect(await client.getHook(created.id)).toMatchObject({ id: created.id, url: r.url });
    expect(await client.updateHook(created.id, { events: ["chat.created", "chat.deleted"] })).toMatchObject({
      events: ["chat.created", "chat.deleted"],
    });
    const { chat } = await client.createChat({ message: "A dice roller" });
    const [delivery] = await waitFor(async () => {
      const { deliveries: list } = await client.listHookDeliveries(created.id, { limit: 10 });
      return list[0]?.status === "succeeded" ? list : undefined;
    });
    expect((await client.resendHookDelivery(created.id, delivery!.id)).attempts).toHaveLength(2);
    await client.deleteChat(chat.id);
    await expect(client.getChat(chat.id)).rejects.toMatchObject({ status: 404 });
    await waitFor(async () =>
      (await client.listHookDeliveries(created.id)).deliveries.length === 2 ? true : undefined,
    );
    await client.deleteHook(created.id);
    await expect(client.getHook(created.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("webhook delivery", () => {
  test("500 twice then 200: delivered on the third attempt, signed, every attempt recorded", async () => {
    const r = await receiver((n) => (n < 2 ? { status: 500, body: "x".repeat(5000) } : { status: 204 }));
    const svc = await service();
    const hook = await createHook(svc, { url: r.url, events: ["chat.created"] });
    const chatId = await createChat(svc);

    const [delivery] = await waitFor(async () => {
      const list = await deliveries(svc, hook.id);
      return list[0]?.status === "succeeded" ? list : undefined;
    });
    expect(r.received).toHaveLength(3);
    // Same message id on every attempt, each one signed (and verifiable) with the webhook's secret.
    const ids = new Set(r.received.map((got) => got.headers["webhook-id"]));
    expect([...ids]).toEqual([delivery!.id]);
    const [first] = payloads(r, hook.secret);
    expect(first).toMatchObject({ type: "chat.created", data: { chatId, chat: { id: chatId } } });
    expect(r.received.every((got) => got.headers["content-type"] === "application/json")).toBe(true);

    expect(delivery).toMatchObject({
      hookId: hook.id,
      type: "chat.created",
      chatId,
      messageId: null,
      nextAttemptAt: null,
    });
    const attempts = delivery!.attempts;
    expect(attempts.map((a) => [a.number, a.statusCode, a.ok, a.trigger])).toEqual([
      [1, 500, false, "schedule"],
      [2, 500, false, "schedule"],
      [3, 204, true, "schedule"],
    ]);
    expect(attempts[0]!.responseExcerpt).toBe("x".repeat(1024));
    expect(attempts[2]!.responseExcerpt).toBe("");
    expect(attempts[0]!.nextAttemptAt).not.toBeNull();
    expect(attempts[1]!.nextAttemptAt).not.toBeNull();
    expect(attempts[2]!.nextAttemptAt).toBeNull();
    for (const a of attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
    // The retries waited for the schedule (40 ms ± 10 %) between attempts.
    const gaps = [r.received[1]!.at - r.received[0]!.at, r.received[2]!.at - r.received[1]!.at];
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(30);
  });

  test("the schedule runs out: the delivery fails after the last retry", async () => {
    const r = await receiver(() => ({ status: 503, body: "busy" }));
    const svc = await service({ webhookRetrySchedule: [20, 20] });
    const hook = await createHook(svc, { url: r.url, events: ["chat.created"] });
    await createChat(svc);
    const [delivery] = await waitFor(async () => {
      const list = await deliveries(svc, hook.id);
      return list[0]?.status === "failed" ? list : undefined;
    });
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([503, 503, 503]);
    expect(delivery!.attempts.at(-1)!.nextAttemptAt).toBeNull();
    await new Promise((res) => setTimeout(res, 100));
    expect(r.received).toHaveLength(3);
  });

  test("redirects are not followed, timeouts are failures, 410 disables the webhook", async () => {
    const target = await receiver();
    const redirecting = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const slow = await receiver(() => ({ status: 200, delayMs: 1000 }));
    const gone = await receiver(() => ({ status: 410, body: "gone" }));
    const svc = await service({ webhookRetrySchedule: [], webhookTimeoutMs: 200 });
    const hooks = await Promise.all(
      [redirecting, slow, gone].map((r) => createHook(svc, { url: r.url, events: ["chat.created"] })),
    );
    await createChat(svc);
    const [redirected, timedOut, disabled] = await Promise.all(
      hooks.map((h) =>
        waitFor(async () => {
          const [d] = await deliveries(svc, h.id);
          return d?.status === "failed" ? d : undefined;
        }),
      ),
    );
    expect(redirected!.attempts[0]).toMatchObject({ statusCode: 302, ok: false });
    expect(redirected!.attempts[0]!.error).toMatch(/redirect not followed/);
    expect(target.received).toHaveLength(0);
    expect(timedOut!.attempts[0]).toMatchObject({ statusCode: null, ok: false, error: "timeout after 200 ms" });
    expect(disabled!.attempts[0]).toMatchObject({ statusCode: 410, ok: false, responseExcerpt: "gone" });

    const goneHook = hooks[2]!;
    expect((await call(svc, "GET", `/v2/hooks/${goneHook.id}`)).body).toMatchObject({ disabled: true });
    // Disabled: no new deliveries, no resend.
    await createChat(svc);
    await waitFor(async () => ((await deliveries(svc, hooks[0]!.id)).length === 2 ? true : undefined));
    expect(await deliveries(svc, goneHook.id)).toHaveLength(1);
    const refused = await call(svc, "POST", `/v2/hooks/${goneHook.id}/deliveries/${disabled!.id}/resend`);
    expect(refused.status).toBe(409);
    // A new url enables it again.
    const patched = await call(svc, "PATCH", `/v2/hooks/${goneHook.id}`, { body: { url: target.url } });
    expect(patched.body).not.toHaveProperty("disabled");
    await createChat(svc);
    await waitFor(async () => (target.received.length === 1 ? true : undefined));
  });

  test("resend makes one new attempt now and answers with it", async () => {
    const r = await receiver();
    const svc = await service();
    const hook = await createHook(svc, { url: r.url, events: ["chat.created"] });
    await createChat(svc);
    const [delivery] = await waitFor(async () => {
      const list = await deliveries(svc, hook.id);
      return list[0]?.status === "succeeded" ? list : undefined;
    });
    const res = await call(svc, "POST", `/v2/hooks/${hook.id}/deliveries/${delivery!.id}/resend`);
    expect(res.status).toBe(200);
    const resent = expectSchema(WebhookDelivery, res.body);
    expect(resent.status).toBe("succeeded");
    expect(resent.attempts.map((a) => [a.number, a.trigger, a.statusCode])).toEqual([
      [1, "schedule", 200],
      [2, "resend", 200],
    ]);
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.headers["webhook-id"]).toBe(delivery!.id);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
    expect((await call(svc, "POST", `/v2/hooks/${hook.id}/deliveries/dlv_missing/resend`)).status).toBe(404);
  });

  test("a webhook scoped to a chat gets only that chat's events; events follow the operations", async () => {
    const all = await receiver();
    const scoped = await receiver();
    const svc = await service();
    const allHook = await createHook(svc, { url: all.url });
    const first = await createChat(svc, "A notes app");
    const scopedHook = await createHook(svc, { url: scoped.url, chatId: first });
    const other = await createChat(svc, "A timer");
    const sent = await call(svc, "POST", `/v2/chats/${first}/messages`, { body: { message: "Make it blue" } });
    expect(sent.status).toBe(200);
    const answerId = (sent.body as { id: string }).id;
    const host = await call(svc, "POST", `/v2/chats/${first}/host-project`);
    expect(host.status).toBe(200);

    // Each event is delivered once per interested webhook; wait until the last one arrived.
    const lastOf = (r: TestReceiver, secret: string) => {
      const got = payloads(r, secret);
      return got.some((p) => p.type === "chat.updated" && p.data.chat?.hostProjectId) ? got : undefined;
    };
    const scopedEvents = await waitFor(async () => lastOf(scoped, scopedHook.secret));
    const allEvents = await waitFor(async () => lastOf(all, allHook.secret));

    expect(new Set(scopedEvents.map((p) => p.data.chatId))).toEqual(new Set([first]));
    expect(new Set(allEvents.map((p) => p.data.chatId))).toEqual(new Set([first, other]));

    // The first chat, as the unscoped webhook saw it: created, two messages, title, progress, finished.
    const ofFirst = allEvents.filter((p) => p.data.chatId === first);
    const types = ofFirst.map((p) => p.type);
    expect(types.slice(0, 3)).toEqual(["chat.created", "message.created", "message.created"]);
    expect(types).toContain("chat.updated");
    expect(types.filter((t) => t === "message.finished")).toHaveLength(2);
    expect(types.filter((t) => t === "message.created")).toHaveLength(4);
    // message.updated comes at part boundaries (two per part: started, finished), not per text delta.
    const updates = ofFirst.filter((p) => p.type === "message.updated" && p.data.messageId === answerId);
    expect(updates.length).toBeGreaterThanOrEqual(8);
    expect(updates.length).toBeLessThanOrEqual(20);

    const created = ofFirst.find((p) => p.type === "chat.created")!;
    expect(created.data.chat).toMatchObject({ id: first });
    const finished = ofFirst.filter((p) => p.type === "message.finished").at(-1)!;
    expect(finished.data).toMatchObject({
      chatId: first,
      messageId: answerId,
      message: { id: answerId, finishReason: "stop" },
    });
    const userMessage = ofFirst.filter((p) => p.type === "message.created")[2]!;
    expect(userMessage.data.message).toMatchObject({ role: "user", content: "Make it blue" });

    // Per webhook, one delivery per event and a distinct webhook-id for each.
    const ids = all.received.map((got) => got.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("deleting a chat emits message.deleted for each message and chat.deleted", async () => {
    const r = await receiver();
    const svc = await service();
    const chatId = await createChat(svc);
    const hook = await createHook(svc, { url: r.url, events: ["chat.deleted", "message.deleted"], chatId });
    const res = await call(svc, "DELETE", `/v2/chats/${chatId}`);
    expect(res.status).toBe(200);
    expect(expectSchema(ChatDeleted, res.body)).toEqual({ chatId });
    expect((await call(svc, "GET", `/v2/chats/${chatId}`)).status).toBe(404);
    expect((await call(svc, "DELETE", `/v2/chats/${chatId}`)).status).toBe(404);

    const got = await waitFor(async () => (r.received.length === 3 ? payloads(r, hook.secret) : undefined));
    expect(got.map((p) => p.type)).toEqual(["message.deleted", "message.deleted", "chat.deleted"]);
    expect(got[0]!.data.message).toMatchObject({ role: "user" });
    expect(got[2]!.data.chat).toMatchObject({ id: chatId });
    // The scoped webhook outlives its chat.
    expect((await call(svc, "GET", `/v2/hooks/${hook.id}`)).status).toBe(200);
  });

  test("deleting a chat while it generates is a 409", async () => {
    const svc = await service({ agentDelayMs: 20 });
    const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "slow one" } });
    const { chatId } = res.body as { chatId: string };
    expect((await call(svc, "DELETE", `/v2/chats/${chatId}`)).status).toBe(409);
  });
});

describe("webhook delivery across a restart", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "atelier-webhooks-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test("a receiver down while the service restarts still gets every delivery afterwards, exactly once", async () => {
    const port = await freePort();
    const schedule = [50, 300, 300, 300];
    const first = await startService({ dataDir, webhookRetrySchedule: schedule, webhookTimeoutMs: 1000 });
    let hook: WebhookCreated;
    try {
      hook = await createHook(first, {
        url: `http://127.0.0.1:${port}/hook`,
        events: ["chat.created", "message.finished"],
      });
      await createChat(first);
      // The receiver is down: the first attempts fail with a network error and are rescheduled.
      await waitFor(async () => {
        const list = await deliveries(first, hook.id);
        return list.length === 2 && list.every((d) => d.attempts.length >= 1) ? true : undefined;
      });
      const list = await deliveries(first, hook.id);
      for (const d of list) {
        expect(d.status).toBe("pending");
        expect(d.attempts[0]).toMatchObject({ statusCode: null, ok: false });
        expect(d.attempts[0]!.error).toMatch(/network error/);
      }
    } finally {
      await first.close();
    }

    const r = await receiver(undefined, port);
    const second = await startService({ dataDir, webhookRetrySchedule: schedule, webhookTimeoutMs: 1000 });
    cleanup.push(() => second.close());
    const delivered = await waitFor(async () => {
      const list = await deliveries(second, hook.id);
      return list.every((d) => d.status === "succeeded") ? list : undefined;
    });
    expect(delivered).toHaveLength(2);
    await new Promise((res) => setTimeout(res, 400));
    const ids = r.received.map((got) => got.headers["webhook-id"]);
    expect(ids.sort()).toEqual(delivered.map((d) => d.id).sort());
    expect(
      payloads(r, hook.secret)
        .map((p) => p.type)
        .sort(),
    ).toEqual(["chat.created", "message.finished"]);
  });
});
